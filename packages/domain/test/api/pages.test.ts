import { describe, expect, it } from 'vitest';
import { pageRouteOf, pageRoutes, paths, sitePath, withDestination } from '../../src/index.ts';

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

describe('sitePath', () => {
  it('keeps a path of this site, with its query', () => {
    for (const path of ['/', '/book/3', '/book/3?from=service&x=a%20b', '/admin/bookings?bookingId=7']) {
      expect(sitePath(path)).toBe(path);
    }
  });

  it('refuses what a browser would read as another site, or no path at all', () => {
    for (const value of [
      '//evil.example.com',
      '/\\evil.example.com',
      '/\t/evil.example.com',
      '/\n/evil.example.com',
      '/ /x',
      'https://evil.example.com/',
      'javascript:alert(1)',
      'book/3',
      '',
      `/${'a'.repeat(2000)}`,
      null,
      undefined,
      3,
    ]) {
      expect(sitePath(value)).toBeUndefined();
    }
  });
});

describe('withDestination', () => {
  it('carries a site path on a page, encoded', () => {
    expect(withDestination(paths.login, '/book/3?x=1')).toBe('/login?redirect=%2Fbook%2F3%3Fx%3D1');
    expect(withDestination('/login?verified=1', '/book/3')).toBe('/login?verified=1&redirect=%2Fbook%2F3');
  });

  it('leaves the page as it is for anything else', () => {
    expect(withDestination(paths.register, '//evil.example.com')).toBe('/register');
    expect(withDestination(paths.register, undefined)).toBe('/register');
  });
});
