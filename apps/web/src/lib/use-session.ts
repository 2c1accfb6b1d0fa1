import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError, UnexpectedResponseError } from './api-error';
import {
  authKeys,
  type IdentitySession,
  type IdentityUser,
  type Profile,
  profileQueryOptions,
  sessionQueryOptions,
} from './auth-client';

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
 * The auth state, from two queries: the session (read on start), and, when someone is signed in, the profile.
 * Any profile error means the profile must be completed.
 */
export function useAuth(): AuthState {
  const sessionQuery = useQuery(sessionQueryOptions());
  const session = sessionQuery.data ?? null;
  const userId = session?.user.id;
  const profileQuery = useQuery({ ...profileQueryOptions(userId ?? ''), enabled: userId !== undefined });

  const profile = session ? (profileQuery.data ?? null) : null;
  const loading = sessionQuery.isPending || (session !== null && profileQuery.isPending);
  const needsProfileCompletion = session !== null && profileQuery.isError;
  const role = profile?.role ?? session?.user.role;
  const error = sessionQuery.error ?? profileFailure(profileQuery.error);
  return {
    user: session ? { ...session.user, role: role === 'admin' ? 'admin' : 'client', ...profile } : null,
    profile,
    session,
    loading,
    error: error?.message ?? null,
    needsProfileCompletion,
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

/**
 * Forgets who was signed in: the session becomes null, and every other cached answer (profile, bookings, …) is
 * dropped, so nothing of theirs is shown to whoever signs in next. Used when the product's API answers 401.
 */
export function clearAuth(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  queryClient.removeQueries({ queryKey: authKeys.profiles });
  queryClient.setQueryData(authKeys.session, null);
}
