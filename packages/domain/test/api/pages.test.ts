import { describe, expect, it } from 'vitest';
import { pageRouteOf, pageRoutes, paths } from '../../src/index.ts';

describe('pageRouteOf', () => {
  it('knows every page of the SPA', () => {
    for (const path of ['/', '/services', '/services/', '/services/2', '/contact']) {
      expect(pageRouteOf(path) !== undefined, path).toBe(true);
    }
  });

  it('refuses paths that are no page', () => {
    for (const path of ['/nope', '/services/1/extra', '/contact/us', '/servicesx', '/api/services']) {
      expect(pageRouteOf(path) !== undefined, path).toBe(false);
    }
  });

  it('knows the booking pages', () => {
    for (const path of ['/book/1', '/services/1/book', '/booking/7', paths.book(3), paths.booking(4)]) {
      expect(pageRouteOf(path) !== undefined, path).toBe(true);
    }
    expect(pageRouteOf('/book') !== undefined).toBe(false);
    expect(pageRouteOf('/services/1/book/x') !== undefined).toBe(false);
  });

  it('matches the links the app builds', () => {
    expect(pageRouteOf(paths.service(7)) !== undefined).toBe(true);
    expect(pageRoutes.service).toBe('/services/:id');
  });
});
