import { apiPaths, paths } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Where a verification link brings the user once the address is verified: into the app, signed in. */
export const afterVerification = paths.dashboard;

/**
 * POST sign-up: creates the account; the accounts library then sends the verification e-mail. `altcha` is the
 * solved challenge (components/form/use-challenge.tsx).
 */
export async function signUp(input: {
  email: string;
  password: string;
  altcha?: string | undefined;
}): Promise<void> {
  // The accounts library wants a display name; the portal's names come with the profile, so it starts empty.
  await apiFetch(apiPaths.accounts.signUp, {
    method: 'POST',
    body: {
      email: input.email,
      password: input.password,
      name: '',
      callbackURL: afterVerification,
      altcha: input.altcha,
    },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
