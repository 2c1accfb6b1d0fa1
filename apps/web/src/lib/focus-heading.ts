/**
 * Puts focus on the first heading of the given level within `container`, so keyboard and screen-reader users start
 * reading where the new content starts (a new page, a wizard's next step). A heading is not focusable by itself:
 * `tabindex="-1"` lets it take focus without joining the tab order. False when there is no such heading yet.
 */
export function focusHeading(container: ParentNode | null, level: 'h1' | 'h2' | 'h3' = 'h1'): boolean {
  const heading = container?.querySelector<HTMLElement>(level);
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}
