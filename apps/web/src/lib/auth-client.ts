import { accountApiPaths, identityPaths, type ProfileUser, paths } from '@portal/domain';
import { apiFetch } from './api-client';
import { ApiError } from './api-error';

/**
 * The accounts service (better-auth at /api/identity) and our profile route, called over plain REST through
 * `api-client`: no accounts library in the bundle. Every call the web app makes about accounts is here.
 */

/** The signed-in account as the accounts service reports it. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** Set by the accounts service's admin plugin; the profile's role is the one screens read. */
  role?: string | undefined;
}

/** Spec §3 Session, as better-auth shapes it: the session record and its user. */
export interface AuthSession {
  session: { id: string; expiresAt: string };
  user: SessionUser;
}

/** The profile as `GET /api/auth/profile` answers it (spec §3: first_name…, and firstName). */
export type Profile = ProfileUser;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads get-session's answer by hand (no schema library in the first load); null when signed out. */
function readSession(body: unknown): AuthSession | null {
  if (!isRecord(body) || !isRecord(body.user) || !isRecord(body.session)) return null;
  const { user, session } = body;
  if (typeof user.id !== 'string' || typeof user.email !== 'string') return null;
  return {
    session: { id: String(session.id ?? ''), expiresAt: String(session.expiresAt ?? '') },
    user: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified === true,
      name: typeof user.name === 'string' ? user.name : '',
      role: typeof user.role === 'string' ? user.role : undefined,
    },
  };
}

/** GET get-session → the session, or null when signed out. */
export async function getSession(signal?: AbortSignal): Promise<AuthSession | null> {
  return readSession(await apiFetch(identityPaths.session, { signal }));
}

/** GET /api/auth/profile → the profile; ApiError 404 while the profile is not complete. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const body = await apiFetch(accountApiPaths.profile, { signal });
  if (!isRecord(body) || !isRecord(body.user) || typeof body.user.id !== 'string') {
    throw new ApiError(200, 'Unexpected response from the server');
  }
  return body.user as unknown as Profile;
}

/** Where a verification link brings the user once the address is verified: into the app, signed in. */
const afterVerification = paths.dashboard;

export async function signUp(input: { email: string; password: string }): Promise<void> {
  // The accounts service wants a display name; the portal's names come with the profile, so it starts empty.
  await apiFetch(identityPaths.signUp, {
    method: 'POST',
    body: { email: input.email, password: input.password, name: '', callbackURL: afterVerification },
  });
}

export async function signIn(input: { email: string; password: string }): Promise<void> {
  await apiFetch(identityPaths.signIn, { method: 'POST', body: input });
}

export async function signOut(): Promise<void> {
  await apiFetch(identityPaths.signOut, { method: 'POST', body: {} });
}

export async function sendVerificationEmail(email: string): Promise<void> {
  await apiFetch(identityPaths.sendVerificationEmail, {
    method: 'POST',
    body: { email, callbackURL: afterVerification },
  });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiFetch(identityPaths.requestPasswordReset, {
    method: 'POST',
    body: { email, redirectTo: paths.resetPassword },
  });
}

export async function resetPassword(input: { newPassword: string; token: string }): Promise<void> {
  await apiFetch(identityPaths.resetPassword, { method: 'POST', body: input });
}
