import { apiPaths } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { afterVerification } from './sign-up';

/**
 * POST send-verification-email: a new verification link for an address not yet verified, which carries on to
 * `destination` as the first did.
 */
export async function sendVerificationEmail(input: {
  email: string;
  destination?: string | undefined;
}): Promise<void> {
  await apiFetch(apiPaths.accounts.sendVerificationEmail, {
    method: 'POST',
    body: { email: input.email, callbackURL: afterVerification(input.destination) },
  });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
