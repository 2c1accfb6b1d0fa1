import { apiPaths, paths, sitePath } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * Where a verification link brings the user once the address is verified and they have signed in: the page they
 * were going to (a site path), else the dashboard. The server carries it on through the link's landing on /login.
 */
export function afterVerification(destination: string | undefined): string {
  return sitePath(destination) ?? paths.dashboard;
}

/**
 * POST sign-up: creates the account; the accounts library then sends the verification e-mail. `altcha` is the
 * solved challenge (components/form/use-challenge.tsx).
 */
export async function signUp(input: {
  email: string;
  password: string;
  altcha?: string | undefined;
  /** The page the visitor was going to. */
  destination?: string | undefined;
}): Promise<void> {
  // The accounts library wants a display name; the portal's names come with the profile, so it starts empty.
  await apiFetch(apiPaths.accounts.signUp, {
    method: 'POST',
    body: {
      email: input.email,
      password: input.password,
      name: '',
      callbackURL: afterVerification(input.destination),
      altcha: input.altcha,
    },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
