import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type IdentitySession, profileQueryOptions, sessionQueryOptions } from '../../../lib/auth-client';

/**
 * Reads the session, then the profile, afresh (after signing in or a password reset) and resolves once both are
 * known; a profile that cannot be read leaves the user to complete it.
 */
export function useRefreshAuth(): () => Promise<IdentitySession | null> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const session = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    if (session) {
      await queryClient
        .fetchQuery({ ...profileQueryOptions(session.user.id), staleTime: 0 })
        .catch(() => undefined);
    }
    return session;
  }, [queryClient]);
}
