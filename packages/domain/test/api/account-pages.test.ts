import { describe, expect, it } from 'vitest';
import { pageRouteOf, paths } from '../../src/index.ts';

describe('account pages', () => {
  it('are pages the server answers with 200', () => {
    for (const path of [
      paths.login,
      paths.register,
      paths.forgotPassword,
      paths.resetPassword,
      paths.completeProfile,
      paths.dashboard,
      paths.profile,
      paths.myBookings,
      '/admin',
      '/admin/',
      '/admin/bookings',
      '/admin/services',
      '/admin/schedule',
      '/admin/reviews',
      '/admin/messages/',
    ]) {
      expect(pageRouteOf(path) !== undefined, path).toBe(true);
    }
  });

  it('do not swallow look-alike paths', () => {
    for (const path of [
      '/administrator',
      '/admins',
      '/login/extra',
      '/dashboard/1',
      '/profiles',
      '/admin/reports',
      '/admin/bookings/7',
    ]) {
      expect(pageRouteOf(path) !== undefined, path).toBe(false);
    }
  });
});
