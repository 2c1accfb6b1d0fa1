import { accountApiPaths, identityPaths, isRole, type ProfileUser } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { UnexpectedResponseError } from './api-error';

/**
 * What every page needs of the accounts service (better-auth at /api/identity) and of our profile route: who is
 * signed in, their profile, and signing out. Called over plain REST through `api-client`, read by hand: no
 * accounts library and no zod in the first load. The account pages' own calls are in features/accounts/api.
 */

/** The signed-in account as the accounts service reports it (the profile, with names and role, is separate). */
export interface IdentityUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** Set by the accounts service's admin plugin; the profile's role is the one screens read. */
  role?: string | undefined;
}

/** A session as the accounts service shapes it: the session record and its user. */
export interface IdentitySession {
  session: { id: string; expiresAt: string };
  user: IdentityUser;
}

/** The profile as `GET /api/auth/profile` answers it, in both spellings (docs/product.md#profile). */
export type Profile = ProfileUser;

/** Query keys of the auth state, written once. */
export const authKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
  profiles: ['auth', 'profile'] as const,
  profile: (userId: string) => ['auth', 'profile', userId] as const,
};

/**
 * The auth state is read once and then only when something says it changed (sign-in, a password reset, a 401,
 * a saved profile): never again just because time passed or a page mounted, and a failed profile read (no
 * profile yet) is not retried on every page.
 */
const readOnce = { staleTime: Number.POSITIVE_INFINITY, retryOnMount: false } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isText(value: unknown): value is string {
  return typeof value === 'string';
}

function isTextOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

/** Reads get-session's answer; null when signed out. */
function readSession(body: unknown): IdentitySession | null {
  if (!isRecord(body) || !isRecord(body.user) || !isRecord(body.session)) return null;
  const { user, session } = body;
  if (!isText(user.id) || !isText(user.email)) return null;
  return {
    session: { id: String(session.id ?? ''), expiresAt: String(session.expiresAt ?? '') },
    user: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified === true,
      name: isText(user.name) ? user.name : '',
      role: isText(user.role) ? user.role : undefined,
    },
  };
}

/** Reads the profile route's `{ user }`, every field checked; undefined when it is not a profile. */
function readProfile(body: unknown): Profile | undefined {
  if (!isRecord(body) || !isRecord(body.user)) return undefined;
  const { id, email, role, first_name, last_name, phone, company, created_at, updated_at } = body.user;
  const { firstName, lastName, createdAt, updatedAt, email_verified } = body.user;
  if (
    !isText(id) ||
    !isText(email) ||
    !isRole(role) ||
    !isText(first_name) ||
    !isText(last_name) ||
    !isTextOrNull(phone) ||
    !isTextOrNull(company) ||
    !isText(created_at) ||
    !isText(updated_at) ||
    !isText(firstName) ||
    !isText(lastName) ||
    !isText(createdAt) ||
    !isText(updatedAt) ||
    typeof email_verified !== 'boolean'
  ) {
    return undefined;
  }
  return {
    id,
    email,
    role,
    first_name,
    last_name,
    phone,
    company,
    created_at,
    updated_at,
    firstName,
    lastName,
    createdAt,
    updatedAt,
    email_verified,
  };
}

/** GET get-session → the session, or null when signed out. */
export async function getSession(signal?: AbortSignal): Promise<IdentitySession | null> {
  return readSession(await apiFetch(identityPaths.session, { signal }));
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: authKeys.session,
    queryFn: ({ signal }) => getSession(signal),
    ...readOnce,
  });
}

/** GET /api/auth/profile → the profile; ApiError 404 while the profile is not complete. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const profile = readProfile(await apiFetch(accountApiPaths.profile, { signal }));
  if (!profile) throw new UnexpectedResponseError();
  return profile;
}

/** The profile of `userId`, who is signed in (the route answers for the caller). */
export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.profile(userId),
    queryFn: ({ signal }) => getProfile(signal),
    ...readOnce,
  });
}

/** POST sign-out: ends the session on the server. */
export async function signOut(): Promise<void> {
  await apiFetch(identityPaths.signOut, { method: 'POST', body: {} });
}
