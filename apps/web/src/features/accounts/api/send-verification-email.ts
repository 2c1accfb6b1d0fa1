import { apiPaths } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { afterVerification } from './sign-up';

/** POST send-verification-email: a new verification link for an address not yet verified. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await apiFetch(apiPaths.accounts.sendVerificationEmail, {
    method: 'POST',
    body: { email, callbackURL: afterVerification },
  });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
