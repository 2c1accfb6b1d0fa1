import { ApiError, UnexpectedResponseError } from './api-error';
import type { IdentitySession, IdentityUser, Profile } from './auth-client';
import { useAuthAnswers } from './auth-state';

/** The auth state (docs/product.md#sessions-and-the-auth-state). */
export interface AuthState {
  /** The signed-in user, with the profile merged in. */
  user: (Omit<IdentityUser, 'role'> & Partial<Profile>) | null;
  profile: Profile | null;
  session: IdentitySession | null;
  loading: boolean;
  error: string | null;
  needsProfileCompletion: boolean;
  isAdmin: boolean;
  /** The name the top bar and the dashboard greet with. */
  firstName: string;
}

/** A profile read that failed for another reason than there being no profile yet. */
function profileFailure(error: Error | null): Error | null {
  if (error instanceof ApiError && !error.isNotFound) return error;
  return error instanceof UnexpectedResponseError ? error : null;
}

/**
 * The auth state, from two reads: the session (on start), and, when someone is signed in, the profile. Any
 * profile error means the profile must be completed.
 */
export function useAuth(): AuthState {
  const { loading, session, profile, sessionError, profileError } = useAuthAnswers();
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
    firstName: profile?.firstName || profile?.first_name || session?.user.email.split('@')[0] || '',
  };
}

/** Who is using the portal, for screens that only branch on being signed in. */
export type Session = { signedIn: false } | { signedIn: true; firstName: string; isAdmin: boolean };

export function useSession(): Session {
  const auth = useAuth();
  return auth.user
    ? { signedIn: true, firstName: auth.firstName, isAdmin: auth.isAdmin }
    : { signedIn: false };
}
