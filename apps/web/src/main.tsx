import './index.css';
import { StrictMode, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Once the first page's code has arrived. The server's first paint fills #root (docs/decisions/116): the app
 * renders over it only when it can draw the page itself, never an empty frame in between.
 */
function firstPageReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Keeps the page where the visitor scrolled the server's first paint before the app arrived: the router scrolls to
 * the top on its first render, and this layout effect, the app's last, runs after it and before anything is shown.
 */
function KeepScroll() {
  const [scrolledTo] = useState(() => window.scrollY);
  useLayoutEffect(() => {
    if (scrolledTo > 0) window.scrollTo(0, scrolledTo);
  }, [scrolledTo]);
  return null;
}

void firstPageReady().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
      <KeepScroll />
    </StrictMode>,
  ),
);
