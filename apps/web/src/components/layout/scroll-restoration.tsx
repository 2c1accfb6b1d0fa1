import { useLayoutEffect, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where the page of each history entry was last scrolled to, by the entry's key. */
const scrolledTo = new Map<string, number>();

/** To the top of a new page, or to the element its `#hash` names (none for a hash that is no decodable id). */
function scrollToStart(hash: string): void {
  let target: HTMLElement | null = null;
  try {
    target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  } catch {}
  if (target) target.scrollIntoView({ behavior: 'instant' });
  else window.scrollTo({ top: 0, behavior: 'instant' });
}

/**
 * Scrolls as a document load would: a new page starts at its top (or at the element its `#hash` names), back and
 * forward return to where the page was left. The first page stays where the browser put it (the server's first
 * paint may have been scrolled already). React Router's own ScrollRestoration needs its data router, which the
 * app does without (docs/decisions/036).
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const [firstKey] = useState(key);

  // The browser's own restoring would scroll the page being left, before the next one is drawn; left to the
  // browser again when the document is (a reload, another site).
  useLayoutEffect(() => {
    const toBrowser = () => {
      window.history.scrollRestoration = 'auto';
    };
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', toBrowser);
    return () => {
      window.removeEventListener('pagehide', toBrowser);
      toBrowser();
    };
  }, []);

  useLayoutEffect(() => {
    const saved = scrolledTo.get(key);
    // At once, as a document load would: the page's smooth scrolling (index.css) is for links within it.
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo({ top: saved, behavior: 'instant' });
    else if (key !== firstKey) scrollToStart(hash);
    scrolledTo.set(key, window.scrollY);
    const remember = () => scrolledTo.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key, hash, navigationType, firstKey]);

  return null;
}
