import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { type AuthSession, getProfile, getSession, type Profile, type SessionUser } from './auth-client';
import { useCachedQuery } from './use-cached-query';

/** Query keys of the auth state, written once. */
export const authKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
  profile: (userId: string) => ['auth', 'profile', userId] as const,
};

/** Spec §4 auth state: user (with the profile merged in), profile, session, loading, error, needsProfileCompletion. */
export interface AuthState {
  user: (Omit<SessionUser, 'role'> & Partial<Profile>) | null;
  profile: Profile | null;
  session: AuthSession | null;
  loading: boolean;
  error: string | null;
  needsProfileCompletion: boolean;
  isAdmin: boolean;
  /** The name the top bar and the dashboard greet with. */
  firstName: string;
}

/**
 * The auth state, from two queries: the session (read on start), and, when someone is signed in, the profile.
 * A 404 on the profile, or any other profile error, means the profile must be completed (spec §4).
 */
export function useAuth(): AuthState {
  const sessionQuery = useCachedQuery({
    queryKey: authKeys.session,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
  });
  const session = sessionQuery.data ?? null;
  const userId = session?.user.id;
  const profileQuery = useCachedQuery({
    queryKey: authKeys.profile(userId ?? ''),
    queryFn: ({ signal }) => getProfile(signal),
    enabled: userId !== undefined,
    staleTime: 5 * 60_000,
  });

  const profile = session ? (profileQuery.data ?? null) : null;
  const loading = sessionQuery.isPending || (session !== null && profileQuery.isPending);
  const needsProfileCompletion = session !== null && profileQuery.isError;
  const role = profile?.role ?? session?.user.role;
  const error =
    sessionQuery.error ??
    (profileQuery.error instanceof ApiError && !profileQuery.error.isNotFound ? profileQuery.error : null);
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
 * dropped (spec §4 LOGOUT clears all). Used when the product's API answers 401.
 */
export function clearAuth(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  queryClient.removeQueries({ queryKey: ['auth', 'profile'] });
  queryClient.setQueryData(authKeys.session, null);
}

/** Reads the session, then the profile, again (after signing in or a password reset); resolves once both are known. */
export async function refreshAuth(queryClient: QueryClient): Promise<AuthSession | null> {
  const session = await queryClient.fetchQuery({
    queryKey: authKeys.session,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 0,
    gcTime: Number.POSITIVE_INFINITY,
  });
  if (session) {
    await queryClient
      .fetchQuery({
        queryKey: authKeys.profile(session.user.id),
        queryFn: ({ signal }) => getProfile(signal),
        staleTime: 0,
        gcTime: Number.POSITIVE_INFINITY,
      })
      .catch(() => undefined);
  }
  return session;
}
