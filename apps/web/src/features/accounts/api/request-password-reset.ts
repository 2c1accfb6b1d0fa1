import { apiPaths, paths } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST request-password-reset: e-mails a link to the reset page. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiFetch(apiPaths.accounts.requestPasswordReset, {
    method: 'POST',
    body: { email, redirectTo: paths.resetPassword },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
