import { apiPaths } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { sessionKeys } from './list-sessions';

/** DELETE /api/account/sessions/{id}: that session is refused from its very next request on. */
export async function endSession(id: string): Promise<void> {
  await apiFetch(apiPaths.accounts.accountSession(id), { method: 'DELETE' });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
