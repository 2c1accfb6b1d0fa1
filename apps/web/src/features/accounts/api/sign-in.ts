import { apiPaths } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** What a right password led to: a session, or (the account has a second factor) the code asked next. */
export interface SignInOutcome {
  twoFactor: boolean;
}

/**
 * POST sign-in: starts a session (its cookie), or, for an account with a second factor, the short sign-in cookie
 * its code is checked with (docs/product.md#two-factor-sign-in). The account state is then read afresh by the caller.
 */
export async function signIn(input: { email: string; password: string }): Promise<SignInOutcome> {
  const body = await apiFetch(apiPaths.accounts.signIn, { method: 'POST', body: input });
  const twoFactor =
    typeof body === 'object' &&
    body !== null &&
    'twoFactorRedirect' in body &&
    body.twoFactorRedirect === true;
  return { twoFactor };
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
