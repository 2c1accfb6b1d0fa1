/**
 * The accounts endpoints as the web app calls them, in a module without zod: the web reads the session on every
 * page, and importing `accounts.ts` (whose schemas are built when it loads) would put zod in the first load.
 * The same paths as `identityPaths`/`accountApiPaths` in accounts.ts; keep the two in step (a test checks it).
 */
export const accountEndpoints = {
  signUp: '/api/identity/sign-up/email',
  signIn: '/api/identity/sign-in/email',
  signOut: '/api/identity/sign-out',
  session: '/api/identity/get-session',
  sendVerificationEmail: '/api/identity/send-verification-email',
  requestPasswordReset: '/api/identity/request-password-reset',
  resetPassword: '/api/identity/reset-password',
  profile: '/api/auth/profile',
} as const;

/** Whether a request path belongs to the accounts service itself, whose 401s mean "wrong credentials". */
export function isIdentityEndpoint(path: string): boolean {
  return path.startsWith('/api/identity/');
}
