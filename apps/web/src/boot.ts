// The page's script: starts the app (main.tsx). A public page drawn by its HTML (docs/decisions/037) lists its
// scripts in a <template> in the head instead of fetching them at once: they are fetched once the browser has
// shown the page, so that nothing competes with the page's own bytes for its first paint. Any other page names
// its scripts as modulepreload links, and the app starts at once.
/** The id of the app's modulepreload link (apps/web/vite.config.ts). */
const appScriptId = 'app-script';

const deferred = document.head.querySelector('template');

function start(): void {
  if (deferred) document.head.append(deferred.content);
  // The page names the app's script (apps/web/vite.config.ts); imported by its address, this script shares
  // nothing with it and runs without it.
  const app = document.getElementById(appScriptId);
  if (app instanceof HTMLLinkElement) void import(/* @vite-ignore */ app.href);
}

/** Calls `then` once, after the browser has shown the page's largest element (or a frame, where it cannot tell). */
function afterFirstPaint(then: () => void): void {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    then();
  };
  if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    // Reported once presented: this script runs after the page is parsed, so its first frame holds all of it.
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      setTimeout(once);
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(once));
  }
  // A hidden tab paints nothing: the app starts all the same.
  setTimeout(once, 1000);
}

if (deferred) afterFirstPaint(start);
else start();
