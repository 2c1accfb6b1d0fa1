import { apiPaths } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST sign-in: starts a session (its cookie); the account state is then read afresh by the caller. */
export async function signIn(input: { email: string; password: string }): Promise<void> {
  await apiFetch(apiPaths.accounts.signIn, { method: 'POST', body: input });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
