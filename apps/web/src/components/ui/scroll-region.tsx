import type { ReactNode } from 'react';

/**
 * A wide table's box: it scrolls sideways on narrow screens, and is a named region that takes keyboard focus so it
 * can be scrolled without a mouse (axe: scrollable-region-focusable). It is the containing block of what it holds
 * (`relative`), so visually hidden labels inside (`sr-only`, positioned absolutely) never widen the page.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
    >
      {children}
    </section>
  );
}
