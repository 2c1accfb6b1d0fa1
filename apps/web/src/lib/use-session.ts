/**
 * Who is using the portal. Accounts do not exist yet, so everyone is signed out; the accounts issue replaces
 * the body of `useSession` with the real session, and every screen that branches on it follows.
 */
export type Session = { signedIn: false } | { signedIn: true };

const signedOut: Session = { signedIn: false };

export function useSession(): Session {
  return signedOut;
}
