import { describe, expect, it } from 'vitest';
import { isPageRoute, pageRoutes, paths } from '../src/index.ts';

describe('isPageRoute', () => {
  it('knows every page of the SPA', () => {
    for (const path of ['/', '/services', '/services/', '/services/2', '/contact']) {
      expect(isPageRoute(path), path).toBe(true);
    }
  });

  it('refuses paths that are no page', () => {
    for (const path of ['/nope', '/services/1/extra', '/contact/us', '/servicesx', '/api/services']) {
      expect(isPageRoute(path), path).toBe(false);
    }
  });

  it('knows the booking pages', () => {
    for (const path of ['/book/1', '/services/1/book', '/booking/7', paths.book(3), paths.booking(4)]) {
      expect(isPageRoute(path), path).toBe(true);
    }
    expect(isPageRoute('/book')).toBe(false);
    expect(isPageRoute('/services/1/book/x')).toBe(false);
  });

  it('matches the links the app builds', () => {
    expect(isPageRoute(paths.service(7))).toBe(true);
    expect(pageRoutes.service).toBe('/services/:id');
  });
});
