import { paths } from '@portal/domain';

export interface NavItem {
  label: string;
  to: string;
  /** Active only on this exact path (Home), not on the paths below it. */
  end?: boolean;
}

/** The top bar's links for everyone (spec, Navigation). */
export const mainNavItems: readonly NavItem[] = [
  { label: 'Home', to: paths.home, end: true },
  { label: 'Services', to: paths.services },
];

/** What a signed-out visitor sees beside them. */
export const signedOutItems = {
  login: { label: 'Login', to: paths.login },
  register: { label: 'Get Started', to: paths.register },
} as const satisfies Record<string, NavItem>;
