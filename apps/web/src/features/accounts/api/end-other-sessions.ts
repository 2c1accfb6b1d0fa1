import { apiPaths } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { sessionKeys } from './list-sessions';

/** DELETE /api/account/sessions: every session of the caller but this one ends. */
export async function endOtherSessions(): Promise<void> {
  await apiFetch(apiPaths.accounts.sessions, { method: 'DELETE' });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
