import { apiPaths } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST reset-password: sets the new password with the e-mailed link's token, which it spends. */
export async function resetPassword(input: { newPassword: string; token: string }): Promise<void> {
  await apiFetch(apiPaths.accounts.resetPassword, { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
