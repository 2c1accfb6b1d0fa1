import { paths } from '@portal/domain';

export interface NavItem {
  label: string;
  to: string;
  /** Active only on this exact path (Home), not on the paths below it. */
  end?: boolean;
}

/** The top bar's links for everyone (docs/product.md#navigation-and-layout). */
export const mainNavItems: readonly NavItem[] = [
  { label: 'Home', to: paths.home, end: true },
  { label: 'Services', to: paths.services },
];

/** What a signed-out visitor sees beside them. */
export const signedOutItems = {
  login: { label: 'Login', to: paths.login },
  register: { label: 'Get Started', to: paths.register },
} as const satisfies Record<string, NavItem>;

/**
 * What a signed-in user also sees; My Schedule only for consultants; Admin only for administrators, active on every
 * path under /admin.
 */
export const signedInItems = {
  dashboard: { label: 'Dashboard', to: paths.dashboard },
  myBookings: { label: 'My Bookings', to: paths.myBookings },
  /** A consultant's own schedule. */
  schedule: { label: 'My Schedule', to: paths.consultant },
  admin: { label: 'Admin', to: paths.admin },
  profile: { label: 'Profile', to: paths.profile },
} as const satisfies Record<string, NavItem>;

/** A link of the mobile menu; the active page is highlighted. */
export const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-base font-medium ${
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-800 hover:bg-slate-100'
  }`;
