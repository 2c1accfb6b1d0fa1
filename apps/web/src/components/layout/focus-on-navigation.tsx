import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusHeading } from '../../lib/focus-heading';

/** How long a lazily loaded page may take to draw its heading before focus stops waiting for it. */
const waitForHeadingMs = 5000;

/**
 * Moves focus to the new page's heading after a route change, as a document load would put a screen reader at the
 * page's start: without it focus stays on the link that was followed, in a page that is gone. The first page is left
 * as the browser loaded it; a change of query or hash alone (a tab, a filter, an anchor) keeps focus where it is.
 * A page still loading (a lazy route, a spinner) is watched until its heading is drawn.
 */
export function FocusOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    const main = document.getElementById('main');
    // Done once the heading has focus (or the wait is over); an effect run again before that (React's strict
    // mode) still does it.
    const done = () => {
      shown.current = pathname;
    };
    if (!main || focusHeading(main)) return done();
    const observer = new MutationObserver(() => {
      if (!focusHeading(main)) return;
      done();
      stop();
    });
    const timer = window.setTimeout(() => {
      done();
      stop();
    }, waitForHeadingMs);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);

  return null;
}
