import { describe, expect, it } from 'vitest';
import {
  crawlersDisallowed,
  pageRouteOf,
  pageTitle,
  publicPageHeads,
  unlistedPageHeads,
} from '../../src/index.ts';

describe("the public pages' heads", () => {
  it('are heads of pages, and the pages the sitemap lists are open to crawlers', () => {
    for (const route of [...Object.keys(publicPageHeads), ...Object.keys(unlistedPageHeads)]) {
      expect(pageRouteOf(route), route).toBe(route);
    }
    for (const route of Object.keys(publicPageHeads)) {
      const closed = crawlersDisallowed.filter((path) => route.startsWith(path.split('*')[0] ?? ''));
      expect(closed, route).toEqual([]);
    }
  });

  it("title a page '{Page} | OT Consulting', the home page with the firm's tagline", () => {
    expect(pageTitle('Services')).toBe('Services | OT Consulting');
    expect(pageTitle()).toBe('OT Consulting | IT consulting for growing businesses');
  });
});
