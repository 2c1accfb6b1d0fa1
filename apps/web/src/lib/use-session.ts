import { useAccountAnswers } from './account-state';
import type { AccountSession, AccountUser, Profile } from './accounts-client';
import { ApiError, UnexpectedResponseError } from './api-error';

/** The account state (docs/product.md#sessions-and-the-account-state). */
export interface AccountState {
  /** The signed-in user, with the profile merged in. */
  user: (Omit<AccountUser, 'role'> & Partial<Profile>) | null;
  profile: Profile | null;
  session: AccountSession | null;
  loading: boolean;
  error: string | null;
  needsProfileCompletion: boolean;
  isAdmin: boolean;
  /** An account linked to a consultant's record: their own schedule (docs/product.md#the-consultants-own-area). */
  isConsultant: boolean;
  /** The name the top bar and the dashboard greet with. */
  firstName: string;
  /**
   * The firm requires a second factor of this account and it has none yet: every page but the profile sends it
   * there to set one up (docs/product.md#two-factor-sign-in).
   */
  mustSetUpTwoFactor: boolean;
}

/** A profile read that failed for another reason than there being no profile yet. */
function profileFailure(error: Error | null): Error | null {
  if (error instanceof ApiError && !error.isNotFound) return error;
  return error instanceof UnexpectedResponseError ? error : null;
}

/**
 * The account state, from two reads: the session (on start), and, when someone is signed in, the profile. Any
 * profile error means the profile must be completed.
 */
export function useAccount(): AccountState {
  const { loading, session, profile, sessionError, profileError } = useAccountAnswers();
  const role = profile?.role ?? session?.user.role;
  const error = sessionError ?? profileFailure(profileError);
  return {
    user: session ? { ...session.user, role: role === 'admin' ? 'admin' : 'client', ...profile } : null,
    profile,
    session,
    loading,
    error: error?.message ?? null,
    needsProfileCompletion: session !== null && profileError !== null,
    isAdmin: role === 'admin',
    isConsultant: role === 'consultant',
    firstName: profile?.firstName || profile?.first_name || session?.user.email.split('@')[0] || '',
    mustSetUpTwoFactor: session?.user.twoFactorRequired === true && !session.user.twoFactorEnabled,
  };
}

/** Who is using the portal, for screens that only branch on being signed in. */
export type Session = { signedIn: false } | { signedIn: true; firstName: string; isAdmin: boolean };

export function useSession(): Session {
  const account = useAccount();
  return account.user
    ? { signedIn: true, firstName: account.firstName, isAdmin: account.isAdmin }
    : { signedIn: false };
}
