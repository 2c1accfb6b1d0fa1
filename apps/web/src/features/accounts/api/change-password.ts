import { apiPaths } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { sessionKeys } from './list-sessions';

/**
 * POST change-password: the new password, with the current one. Every other session ends; this device goes on with
 * a new session (its cookie set by the answer).
 */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  await apiFetch(apiPaths.accounts.changePassword, {
    method: 'POST',
    body: { ...input, revokeOtherSessions: true },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
