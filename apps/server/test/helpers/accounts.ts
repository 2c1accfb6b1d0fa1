// Drives the accounts library the way a browser does (Origin header, cookies from Set-Cookie), or as an API client
// (no Origin: a sign-in then hands out the signed session token for the Authorization header).
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';
import { users } from '../../src/db/schema.ts';

export const appUrl = 'http://localhost:3000';
export const sessionCookieName = 'portal.session_token';

/** The `name=value` pairs of every Set-Cookie of a response, as a Cookie header (empty when none). */
export function cookieHeader(response: InjectResponse): string {
  const setCookie = response.headers['set-cookie'];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((cookie) => cookie.split(';', 1)[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** The session cookie's value: the signed session token (`token.signature`), what a bearer token must be. */
export function signedSessionToken(cookie: string): string {
  const pair = cookie.split('; ').find((item) => item.startsWith(`${sessionCookieName}=`));
  if (!pair) throw new Error(`No ${sessionCookieName} in: ${cookie}`);
  return decodeURIComponent(pair.slice(sessionCookieName.length + 1));
}

/** The session's token as the database stores it (the signed token without its signature). */
export function rawSessionToken(cookie: string): string {
  return signedSessionToken(cookie).split('.')[0] ?? '';
}

export interface Caller {
  ip?: string;
  cookie?: string;
  bearer?: string;
  /** An API client rather than a browser: no Origin header. */
  apiClient?: boolean;
}

export function identity(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  caller: Caller = {},
) {
  return app.inject({
    method,
    url: `/api/identity${path}`,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: {
      ...(caller.apiClient ? {} : { origin: appUrl }),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(caller.bearer ? { authorization: `Bearer ${caller.bearer}` } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

export function api(
  app: FastifyInstance,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  caller: Caller = {},
  body?: object,
) {
  return app.inject({
    method,
    url,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: {
      origin: appUrl,
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(caller.bearer ? { authorization: `Bearer ${caller.bearer}` } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
}

let ipCounter = 0;
/** A fresh client address (from 10.99.0.0/16), so the per-IP limits of one test never touch another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.99.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** An account signed up through the API and marked verified in the database (no e-mail needed): its user id. */
export async function verifiedAccount(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const signUp = await identity(app, 'POST', '/sign-up/email', { email, password }, { ip: freshIp() });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const [user] = await app.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (!user) throw new Error(`no user row for ${email}`);
  return user.id;
}
