// Where an account is signed in (docs/product.md#sessions-and-the-account-state): the list's exact shape, "last
// seen" moved on at most every few minutes, ending one session or every other, never another account's, and a
// session ended through one server process refused by another on its very next request, cookie or bearer token.
import {
  accountSessionsResponseSchema,
  apiPaths,
  sessionLastSeenEveryMinutes,
  sessionMessages,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.ts';
import type { Caller } from '../helpers/accounts.ts';
import {
  api,
  cookieHeader,
  freshIp,
  identity,
  rawSessionToken,
  sessionCookieName,
} from '../helpers/accounts.ts';
import { buildTestApp, secondApp, type TestApp } from '../helpers/build-test-app.ts';

const password = 'sessions-test-password';
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const safari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Every server process of one deployment signs sessions with the same secret. */
const secret = { AUTH_SECRET: 'sessions-test-secret-0123456789abcdef' };

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp({ env: secret });
  app = testApp.app;
});
afterAll(async () => {
  await testApp?.close();
});

/** An account signed up and verified (no e-mail needed): its id. */
async function account(email: string, role: 'client' | 'consultant' | 'admin' = 'client'): Promise<string> {
  const signUp = await identity(app, 'POST', '/sign-up/email', { email, password }, { ip: freshIp() });
  expect(signUp.statusCode, signUp.body).toBe(200);
  const [user] = await app.db
    .update(users)
    .set({ emailVerified: true, role })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (!user) throw new Error('no user row');
  return user.id;
}

/** A browser's sign-in from `ip` with `userAgent`: its cookie. */
async function browserSignIn(
  email: string,
  options: { ip?: string; userAgent?: string; on?: FastifyInstance } = {},
): Promise<string> {
  const response = await (options.on ?? app).inject({
    method: 'POST',
    url: apiPaths.accounts.signIn,
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      origin: 'http://localhost:3000',
      'content-type': 'application/json',
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    },
    payload: JSON.stringify({ email, password }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response);
}

/** An API client's sign-in (no Origin): its signed bearer token. */
async function bearerSignIn(email: string): Promise<string> {
  const response = await identity(
    app,
    'POST',
    '/sign-in/email',
    { email, password },
    { apiClient: true, ip: freshIp() },
  );
  expect(response.statusCode, response.body).toBe(200);
  const token = response.headers['set-auth-token'];
  if (typeof token !== 'string') throw new Error('no set-auth-token');
  return token;
}

async function list(caller: Caller, on: FastifyInstance = app) {
  const response = await api(on, 'GET', apiPaths.accounts.sessions, caller);
  expect(response.statusCode, response.body).toBe(200);
  return accountSessionsResponseSchema.parse(response.json()).sessions;
}

/** The session row a cookie signs in with. */
async function rowOf(cookie: string) {
  const [row] = await app.db
    .select()
    .from(sessions)
    .where(eq(sessions.token, rawSessionToken(cookie)));
  if (!row) throw new Error('no session row');
  return row;
}

/** A guarded request with the session (these accounts have no profile: the sessions list is the probe). */
function profile(caller: Caller, on: FastifyInstance = app) {
  return api(on, 'GET', apiPaths.accounts.sessions, caller);
}

describe('the list', () => {
  it('answers exactly id, user_agent, ip, created_at, last_seen_at and current: this one first, then by last seen', async () => {
    const email = 'list@sessions.test';
    await account(email);
    const onFirefox = await browserSignIn(email, { ip: '10.50.0.1', userAgent: firefox });
    const onPhone = await browserSignIn(email, { ip: '10.50.0.2', userAgent: safari });
    const third = await browserSignIn(email, { ip: '10.50.0.3' });
    const [firefoxRow, phoneRow, thirdRow] = [
      await rowOf(onFirefox),
      await rowOf(onPhone),
      await rowOf(third),
    ];
    // The phone seen an hour ago, the third a day ago.
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '1 hour'` })
      .where(eq(sessions.id, phoneRow.id));
    await app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '1 day'` })
      .where(eq(sessions.id, thirdRow.id));

    const response = await api(app, 'GET', apiPaths.accounts.sessions, { cookie: third });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ sessions: Record<string, unknown>[] }>();
    expect(Object.keys(body)).toEqual(['sessions']);
    for (const item of body.sessions) {
      expect(Object.keys(item).sort()).toEqual([
        'created_at',
        'current',
        'id',
        'ip',
        'last_seen_at',
        'user_agent',
      ]);
    }
    // This one first (it was just seen: this very request moved it on), then the last seen first.
    expect(body.sessions.map((item) => item.id)).toEqual([thirdRow.id, firefoxRow.id, phoneRow.id]);
    expect(body.sessions.map((item) => item.current)).toEqual([true, false, false]);
    expect(body.sessions[1]).toEqual({
      id: firefoxRow.id,
      user_agent: firefox,
      ip: '10.50.0.1',
      created_at: firefoxRow.createdAt.toISOString(),
      last_seen_at: firefoxRow.lastSeenAt.toISOString(),
      current: false,
    });
    expect(body.sessions[2]).toMatchObject({ user_agent: safari, ip: '10.50.0.2' });
    // The id is the row's, never its token.
    const tokens = [firefoxRow, phoneRow, thirdRow].map((row) => row.token);
    expect(response.body).not.toMatch(new RegExp(tokens.join('|')));
    expect(tokens).not.toContain(firefoxRow.id);

    // Asked from the phone, the phone comes first; the third was seen just now (the request above).
    expect((await list({ cookie: onPhone })).map((item) => [item.id, item.current])).toEqual([
      [phoneRow.id, true],
      [thirdRow.id, false],
      [firefoxRow.id, false],
    ]);
  });

  it('leaves out expired sessions and every other account’s', async () => {
    const email = 'expired@sessions.test';
    await account(email);
    await account('someone-else@sessions.test');
    const other = await browserSignIn('someone-else@sessions.test');
    const cookie = await browserSignIn(email);
    const old = await browserSignIn(email);
    await app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, (await rowOf(old)).id));
    const listed = await list({ cookie });
    expect(listed.map((item) => item.id)).toEqual([(await rowOf(cookie)).id]);
    expect(listed.map((item) => item.id)).not.toContain((await rowOf(other)).id);
  });
});

describe('last seen', () => {
  it('moves on with a request once it is a few minutes old, and not more often', async () => {
    const email = 'last-seen@sessions.test';
    await account(email);
    const cookie = await browserSignIn(email);
    const { id } = await rowOf(cookie);
    const setLastSeen = (minutesAgo: number) =>
      app.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutesAgo})` })
        .where(eq(sessions.id, id));
    const lastSeen = async () => (await rowOf(cookie)).lastSeenAt.getTime();

    await setLastSeen(sessionLastSeenEveryMinutes + 1);
    const before = await lastSeen();
    expect((await profile({ cookie })).statusCode).toBe(200);
    const moved = await lastSeen();
    expect(moved).toBeGreaterThan(before + sessionLastSeenEveryMinutes * 60_000);
    expect(Math.abs(moved - Date.now())).toBeLessThan(60_000);

    // Seen a minute ago: requests write nothing.
    await setLastSeen(1);
    const recent = await lastSeen();
    for (let i = 0; i < 3; i += 1) expect((await profile({ cookie })).statusCode).toBe(200);
    expect(await lastSeen()).toBe(recent);
  });
});

describe('ending sessions', () => {
  it('ends one (refused at once, the others go on), and ending this one signs this device out', async () => {
    const email = 'end-one@sessions.test';
    await account(email);
    const here = await browserSignIn(email);
    const there = await browserSignIn(email);
    const elsewhere = await browserSignIn(email);
    const thereId = (await rowOf(there)).id;
    expect((await profile({ cookie: there })).statusCode).toBe(200);

    const ended = await api(app, 'DELETE', apiPaths.accounts.accountSession(thereId), { cookie: here });
    expect(ended.statusCode).toBe(204);
    expect(ended.body).toBe('');
    expect(ended.headers['set-cookie']).toBeUndefined();
    expect((await profile({ cookie: there })).statusCode).toBe(401);
    expect((await profile({ cookie: here })).statusCode).toBe(200);
    expect((await profile({ cookie: elsewhere })).statusCode).toBe(200);
    // Ended once: a second time it is not there.
    expect(
      (await api(app, 'DELETE', apiPaths.accounts.accountSession(thereId), { cookie: here })).statusCode,
    ).toBe(404);

    const hereId = (await rowOf(here)).id;
    const self = await api(app, 'DELETE', apiPaths.accounts.accountSession(hereId), { cookie: here });
    expect(self.statusCode).toBe(204);
    expect(String(self.headers['set-cookie'])).toMatch(
      new RegExp(`^${sessionCookieName.replace('.', '\\.')}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`),
    );
    expect((await profile({ cookie: here })).statusCode).toBe(401);
    expect((await profile({ cookie: elsewhere })).statusCode).toBe(200);
  });

  it('answers another account’s session and an unknown id with the same 404, and ends neither', async () => {
    await account('owner@sessions.test');
    await account('intruder@sessions.test');
    const owners = await browserSignIn('owner@sessions.test');
    const intruder = await browserSignIn('intruder@sessions.test');
    const ownersId = (await rowOf(owners)).id;

    const theirs = await api(app, 'DELETE', apiPaths.accounts.accountSession(ownersId), { cookie: intruder });
    const unknown = await api(app, 'DELETE', apiPaths.accounts.accountSession('no-such-session'), {
      cookie: intruder,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: sessionMessages.notFound });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(theirs.json());
    expect((await profile({ cookie: owners })).statusCode).toBe(200);
  });

  it('ends every session but this one, whatever their kind', async () => {
    const email = 'end-others@sessions.test';
    await account(email);
    const here = await browserSignIn(email);
    const others = [await browserSignIn(email), await browserSignIn(email)];
    const bearer = await bearerSignIn(email);
    await account('bystander@sessions.test');
    const bystander = await browserSignIn('bystander@sessions.test');

    const ended = await api(app, 'DELETE', apiPaths.accounts.sessions, { cookie: here });
    expect(ended.statusCode).toBe(204);
    for (const cookie of others) expect((await profile({ cookie })).statusCode).toBe(401);
    expect((await profile({ bearer })).statusCode).toBe(401);
    expect((await profile({ cookie: here })).statusCode).toBe(200);
    expect((await list({ cookie: here })).map((item) => item.current)).toEqual([true]);
    expect((await profile({ cookie: bystander })).statusCode).toBe(200);
  });
});

describe('several server processes', () => {
  it('refuses a session ended through another process on its very next request, cookie and bearer token alike', async () => {
    // Sessions are read from the database on every request: no cookie cache to outlive an ended session.
    const context = await app.accountsLibrary.$context;
    expect(context.options.session?.cookieCache?.enabled).toBe(false);

    const email = 'processes@sessions.test';
    await account(email);
    const other = await secondApp(testApp, { env: secret });
    try {
      const manager = await browserSignIn(email);
      const cookie = await browserSignIn(email, { on: other.app });
      const bearer = await bearerSignIn(email);
      // Both in use on the other process.
      expect((await profile({ cookie }, other.app)).statusCode).toBe(200);
      expect((await profile({ bearer }, other.app)).statusCode).toBe(200);
      const ids = (await list({ cookie: manager })).filter((item) => !item.current).map((item) => item.id);
      expect(ids).toHaveLength(2);

      const cookieId = (await rowOf(cookie)).id;
      expect(
        (await api(app, 'DELETE', apiPaths.accounts.accountSession(cookieId), { cookie: manager }))
          .statusCode,
      ).toBe(204);
      expect((await profile({ cookie }, other.app)).statusCode).toBe(401);
      expect((await profile({ bearer }, other.app)).statusCode).toBe(200);

      const bearerId = ids.find((id) => id !== cookieId) ?? '';
      expect(
        (await api(app, 'DELETE', apiPaths.accounts.accountSession(bearerId), { cookie: manager }))
          .statusCode,
      ).toBe(204);
      expect((await profile({ bearer }, other.app)).statusCode).toBe(401);
      // And the other way round: ended through the other process, refused here.
      expect(
        (await api(other.app, 'DELETE', apiPaths.accounts.sessions, { cookie: manager })).statusCode,
      ).toBe(204);
      const last = await browserSignIn(email);
      const lastId = (await rowOf(last)).id;
      expect(
        (await api(other.app, 'DELETE', apiPaths.accounts.accountSession(lastId), { cookie: manager }))
          .statusCode,
      ).toBe(204);
      expect((await profile({ cookie: last })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('who may', () => {
  it('refuses every route signed out (401), and lets every role see and end its own sessions only', async () => {
    const routes = [
      ['GET', apiPaths.accounts.sessions],
      ['DELETE', apiPaths.accounts.sessions],
      ['DELETE', apiPaths.accounts.accountSession('any')],
    ] as const;
    for (const [method, url] of routes) {
      const response = await api(app, method, url, {});
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: 'No active session' });
    }
    for (const role of ['client', 'consultant', 'admin'] as const) {
      const email = `${role}-role@sessions.test`;
      const id = await account(email, role);
      const cookie = await browserSignIn(email);
      const second = await browserSignIn(email);
      const listed = await list({ cookie });
      expect(listed).toHaveLength(2);
      const rows = await app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id));
      expect(listed.map((item) => item.id).sort()).toEqual(rows.map((row) => row.id).sort());
      const secondId = (await rowOf(second)).id;
      expect(
        (await api(app, 'DELETE', apiPaths.accounts.accountSession(secondId), { cookie })).statusCode,
        role,
      ).toBe(204);
      expect((await api(app, 'DELETE', apiPaths.accounts.sessions, { cookie })).statusCode, role).toBe(204);
      expect((await profile({ cookie: second })).statusCode).toBe(401);
    }
  });
});
