import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AuthSession } from '../../../lib/auth-client';
import { refreshAuth } from '../../../lib/use-session';

/** Reads the session (and then the profile) again, e.g. after signing in; resolves once they are known. */
export function useRefreshAuth(): () => Promise<AuthSession | null> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshAuth(queryClient), [queryClient]);
}
