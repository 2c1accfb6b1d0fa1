import { apiPaths, isRole, type ProfileUser } from '@portal/domain';
import { apiFetch } from './api-client';
import { UnexpectedResponseError } from './api-error';

/**
 * What every page needs of the accounts library (better-auth at /api/identity) and of our profile route: who is
 * signed in, their profile, and signing out. Called over plain REST through `api-client`, read by hand: no
 * accounts library and no zod in the first load. The account pages' own calls are in features/accounts/api.
 */

/** The signed-in account as the accounts library reports it (the profile, with names and role, is separate). */
export interface AccountUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** Set by the accounts library's admin plugin; the profile's role is the one screens read. */
  role?: string | undefined;
  /** A second factor is set up: logging in asks for its code. */
  twoFactorEnabled: boolean;
  /** The firm requires a second factor of this account (ADMIN_TWO_FACTOR=required, an administrator or consultant). */
  twoFactorRequired: boolean;
}

/** A session as the accounts library shapes it: the session record and its user. */
export interface AccountSession {
  session: { id: string; expiresAt: string };
  user: AccountUser;
}

/** The profile as `GET /api/auth/profile` answers it, in both spellings (docs/product.md#profile). */
export type Profile = ProfileUser;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads get-session's answer; null when signed out. */
function readSession(body: unknown): AccountSession | null {
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
      twoFactorEnabled: user.twoFactorEnabled === true,
      twoFactorRequired: user.twoFactorRequired === true,
    },
  };
}

/** The profile's fields that are text, in both spellings the route answers with, and those that may be null. */
type Field = keyof Profile;
const textFields: readonly Field[] = [
  'id',
  'email',
  'first_name',
  'last_name',
  'created_at',
  'updated_at',
  'calendar_feed_url',
];
const camelTextFields: readonly Field[] = ['firstName', 'lastName', 'createdAt', 'updatedAt'];
const optionalTextFields: readonly Field[] = ['phone', 'company', 'billing_address', 'tax_id'];

/** Whether the profile route's `user` is a profile, every field checked. */
function isProfile(user: unknown): user is Profile {
  return (
    isRecord(user) &&
    [...textFields, ...camelTextFields].every((field) => typeof user[field] === 'string') &&
    optionalTextFields.every((field) => user[field] === null || typeof user[field] === 'string') &&
    isRole(user.role) &&
    typeof user.email_verified === 'boolean'
  );
}

/** GET get-session → the session, or null when signed out. */
export async function getSession(): Promise<AccountSession | null> {
  return readSession(await apiFetch(apiPaths.accounts.session));
}

/** GET /api/auth/profile → the profile; ApiError 404 while the profile is not complete. */
export async function getProfile(): Promise<Profile> {
  const body = await apiFetch(apiPaths.accounts.profile);
  if (!isRecord(body) || !isProfile(body.user)) throw new UnexpectedResponseError();
  return body.user;
}

/** POST sign-out: ends the session on the server. */
export async function signOut(): Promise<void> {
  await apiFetch(apiPaths.accounts.signOut, { method: 'POST', body: {} });
}
