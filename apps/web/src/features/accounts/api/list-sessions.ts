import { accountSessionsResponseSchema, apiPaths, type ListedSession } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of the caller's sessions, written once. */
export const sessionKeys = { all: ['account', 'sessions'] as const };

/** GET /api/account/sessions → where the caller is signed in: this session first, then the last seen first. */
export async function listSessions(signal?: AbortSignal): Promise<ListedSession[]> {
  const response = await apiRequest(apiPaths.accounts.sessions, accountSessionsResponseSchema, { signal });
  return response.sessions;
}

/** Asked afresh whenever the profile opens: a session may have signed in or ended elsewhere meanwhile. */
export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => listSessions(signal),
    staleTime: 0,
  });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
