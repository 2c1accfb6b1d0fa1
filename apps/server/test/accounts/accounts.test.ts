import { accountErrorCodes, accountMessages, productName } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema.ts';
import {
  sessionExpiresInSeconds,
  sessionMaxLifetimeSeconds,
  sessionUpdateAgeSeconds,
  verifiedLanding,
} from '../../src/lib/accounts/library.ts';
import { setRole } from '../../src/modules/accounts/roles.service.ts';
import {
  api,
  appUrl,
  cookieHeader,
  identity,
  rawSessionToken,
  signedSessionToken,
} from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { linkIn, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';

let testApp: TestApp;
let mail: MailCapture;
const adminOnly = '/api/test/admin-only';
const signedInOnly = '/api/test/signed-in-only';

beforeAll(async () => {
  mail = await startMailCapture();
  testApp = await buildTestApp({
    env: { SMTP_URL: mail.url, MAIL_FROM: 'OT Consulting <no-reply@ot.test>' },
    mail: { pollIntervalMs: 50 },
    prepare: (app) => {
      app.get(adminOnly, { onRequest: app.requireRole('admin') }, async () => ({ ok: true }));
      app.get(signedInOnly, { onRequest: app.requireSession }, async (request) => ({
        id: request.caller.id,
      }));
    },
  });
});
afterAll(async () => {
  await testApp?.close();
  await mail?.close();
});

let ipCounter = 0;
/** A fresh client address per test, so per-IP limits of one test never touch another. */
function freshIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** Registers, reads the verification e-mail, follows its link (which verifies and sets no session). */
async function registerAndVerify(email: string, password: string, ip = freshIp()) {
  const signUp = await identity(testApp.app, 'POST', '/sign-up/email', { email, password }, { ip });
  expect(signUp.statusCode).toBe(200);
  const message = await mail.waitFor(email, { subject: /Verify/ });
  const link = new URL(linkIn(message, '/verify-email'));
  const verify = await testApp.app.inject({
    method: 'GET',
    url: link.pathname + link.search,
    remoteAddress: ip,
  });
  return { verify, message };
}

async function signIn(email: string, password: string, ip = freshIp()) {
  return identity(testApp.app, 'POST', '/sign-in/email', { email, password }, { ip });
}

describe('sign-up, verification and sign-in', () => {
  const email = 'ada@example.com';
  const password = 'analytical-engine';

  it('registers, refuses sign-in until verified, and the e-mailed link verifies but never signs in', async () => {
    const ip = freshIp();
    const signUp = await identity(testApp.app, 'POST', '/sign-up/email', { email, password }, { ip });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toMatchObject({ user: { email, emailVerified: false, role: 'client' } });
    expect(signUp.json()).not.toHaveProperty('token');
    expect(cookieHeader(signUp)).toBe('');

    const message = await mail.waitFor(email, { subject: /Verify/ });
    expect(message.from).toBe('no-reply@ot.test');
    expect(message.subject).toContain(productName);
    expect(message.text).toContain(productName);
    expect(message.html).toContain(productName);
    const link = linkIn(message, '/api/identity/verify-email?token=');
    expect(link.startsWith(`${appUrl}/api/identity/verify-email?token=`)).toBe(true);
    expect(message.html).toContain(link.replaceAll('&', '&amp;'));

    const refused = await signIn(email, password, ip);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: accountErrorCodes.emailNotVerified,
      message: accountMessages.verifyBeforeLogin,
    });

    const url = new URL(link);
    const verify = await testApp.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      remoteAddress: ip,
    });
    // It verifies and sends the person to sign in with their password: no session, no cookie.
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe(`${appUrl}/login?verified=1`);
    expect(cookieHeader(verify)).toBe('');
    expect(verify.headers['set-cookie']).toBeUndefined();

    const signedIn = await signIn(email, password, ip);
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieHeader(signedIn);
    expect(cookie).toContain('portal.session_token=');
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // http APP_URL
    const session = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie, ip });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { email, emailVerified: true, role: 'client' } });

    // Followed again, it still lands on the sign-in page and still sets no session.
    const again = await testApp.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      remoteAddress: ip,
    });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(`${appUrl}/login?verified=1`);
    expect(cookieHeader(again)).toBe('');
  });

  it('carries the page the visitor was going to through the verification link; the dashboard is left out', async () => {
    const cases = [
      [
        'ada.book@example.com',
        '/book/3?from=service',
        `${appUrl}/login?verified=1&redirect=%2Fbook%2F3%3Ffrom%3Dservice`,
      ],
      ['ada.dashboard@example.com', '/dashboard', `${appUrl}/login?verified=1`],
    ] as const;
    for (const [address, callbackURL, landing] of cases) {
      const ip = freshIp();
      const signUp = await identity(
        testApp.app,
        'POST',
        '/sign-up/email',
        { email: address, password, callbackURL },
        { ip },
      );
      expect(signUp.statusCode).toBe(200);
      const link = new URL(linkIn(await mail.waitFor(address, { subject: /Verify/ }), '/verify-email'));
      expect(link.searchParams.get('callbackURL')).toBe(landing);
      const verify = await testApp.app.inject({
        method: 'GET',
        url: link.pathname + link.search,
        remoteAddress: ip,
      });
      expect(verify.statusCode).toBe(302);
      expect(verify.headers.location).toBe(landing);
      expect(cookieHeader(verify)).toBe('');
    }
  });

  it('drops a destination that is no path on this site from the verification link', async () => {
    // better-auth itself refuses other origins; what it lets through but is no path of ours is dropped.
    const address = 'ada.absolute@example.com';
    const ip = freshIp();
    const signUp = await identity(
      testApp.app,
      'POST',
      '/sign-up/email',
      { email: address, password, callbackURL: `${appUrl}/book/3` },
      { ip },
    );
    expect(signUp.statusCode).toBe(200);
    const link = new URL(linkIn(await mail.waitFor(address, { subject: /Verify/ }), '/verify-email'));
    expect(link.searchParams.get('callbackURL')).toBe(`${appUrl}/login?verified=1`);
    for (const offSite of [
      '//evil.example.com/x',
      '/\\evil.example.com',
      'https://evil.example.com/',
      '/\t/evil.example.com',
      'book/3',
      '',
    ]) {
      const libraryLink = `${appUrl}/api/identity/verify-email?token=t&callbackURL=${encodeURIComponent(offSite)}`;
      expect(verifiedLanding(appUrl, libraryLink)).toBe(`${appUrl}/login?verified=1`);
    }
    expect(verifiedLanding(appUrl, `${appUrl}/api/identity/verify-email?token=t`)).toBe(
      `${appUrl}/login?verified=1`,
    );
  });

  it('lands a spent or forged verification link on the sign-in page with the error, without a session', async () => {
    const forged = await testApp.app.inject({
      method: 'GET',
      url: `/api/identity/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(`${appUrl}/login?verified=1`)}`,
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe(`${appUrl}/login?verified=1&error=INVALID_TOKEN`);
    expect(cookieHeader(forged)).toBe('');
  });

  it('signs in with a cookie and a bearer token, and sign-out ends the session on the server', async () => {
    const ip = freshIp();
    // An API client (no Origin) is handed the signed token for its Authorization header.
    const response = await identity(
      testApp.app,
      'POST',
      '/sign-in/email',
      { email, password },
      { ip, apiClient: true },
    );
    expect(response.statusCode).toBe(200);
    const cookie = cookieHeader(response);
    const bearer = response.headers['set-auth-token'];
    expect(bearer).toBe(signedSessionToken(cookie));

    expect((await api(testApp.app, 'GET', signedInOnly, { cookie, ip })).statusCode).toBe(200);
    expect((await api(testApp.app, 'GET', signedInOnly, { bearer: String(bearer), ip })).statusCode).toBe(
      200,
    );

    const signOut = await identity(testApp.app, 'POST', '/sign-out', {}, { cookie, ip });
    expect(signOut.statusCode).toBe(200);
    const after = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie, ip });
    expect(after.json()).toBeNull();
    const refused = await api(testApp.app, 'GET', signedInOnly, { cookie, ip });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: accountMessages.noActiveSession });
    expect((await api(testApp.app, 'GET', signedInOnly, { bearer: String(bearer), ip })).statusCode).toBe(
      401,
    );
  });

  it('refuses a state-changing call from another origin', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: accountMessages.originNotAllowed });
  });
});

describe('answers that do not tell known from unknown e-mails', () => {
  it('answers a wrong password and an unknown e-mail identically on sign-in', async () => {
    await registerAndVerify('grace@example.com', 'cobol-rules');
    const wrong = await signIn('grace@example.com', 'not-her-password');
    const unknown = await signIn('nobody@example.com', 'not-her-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ code: accountErrorCodes.invalidCredentials });
  });

  it('answers a sign-up for a registered e-mail like a new one, and mails its owner a notice instead', async () => {
    const fresh = await identity(testApp.app, 'POST', '/sign-up/email', {
      email: 'new-person@example.com',
      password: 'brand-new-pass',
    });
    const taken = await identity(testApp.app, 'POST', '/sign-up/email', {
      email: 'grace@example.com',
      password: 'brand-new-pass',
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    const shape = (body: { user: Record<string, unknown> }) => ({
      ...body,
      user: { ...body.user, id: 'id', email: 'email', name: 'name', createdAt: 'at', updatedAt: 'at' },
    });
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    const notice = await mail.waitFor('grace@example.com', { subject: /already have/ });
    expect(notice.text).toContain(`${appUrl}/login`);
  });

  it('answers a reset request for an unknown e-mail like one for a known e-mail', async () => {
    const known = await identity(testApp.app, 'POST', '/request-password-reset', {
      email: 'grace@example.com',
    });
    const unknown = await identity(testApp.app, 'POST', '/request-password-reset', {
      email: 'nobody@example.com',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
  });
});

describe('passwords', () => {
  it('refuses a password under 6 characters with the product message', async () => {
    const response = await identity(testApp.app, 'POST', '/sign-up/email', {
      email: 'short@example.com',
      password: '12345',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: accountMessages.passwordTooShort });
  });

  it.each(['password', 'qwerty123', 'Password1'])(
    'refuses the common password %s at sign-up',
    async (password) => {
      const response = await identity(testApp.app, 'POST', '/sign-up/email', {
        email: 'common@example.com',
        password,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: accountErrorCodes.passwordTooCommon,
        message: accountMessages.passwordTooCommon,
      });
    },
  );
});

describe('password reset', () => {
  const email = 'linus@example.com';

  it('mails a single-use link, ends every other session, signs in, and refuses the old password', async () => {
    await registerAndVerify(email, 'old-password-1');
    const first = cookieHeader(await signIn(email, 'old-password-1'));
    const second = cookieHeader(await signIn(email, 'old-password-1'));
    expect(first).not.toBe('');

    const before = mail.count(email);
    const request = await identity(testApp.app, 'POST', '/request-password-reset', { email });
    expect(request.statusCode).toBe(200);
    const message = await mail.waitFor(email, { subject: /Reset/, after: 0, timeoutMs: 10_000 });
    expect(mail.count(email)).toBeGreaterThan(before);
    expect(message.text).toContain(productName);
    const link = new URL(linkIn(message, '/reset-password?token='));
    expect(`${link.origin}${link.pathname}`).toBe(`${appUrl}/reset-password`);
    const token = link.searchParams.get('token') ?? '';

    const common = await identity(testApp.app, 'POST', '/reset-password', { token, newPassword: 'letmein' });
    expect(common.json()).toMatchObject({ code: accountErrorCodes.passwordTooCommon });
    const short = await identity(testApp.app, 'POST', '/reset-password', { token, newPassword: 'abc' });
    expect(short.json()).toMatchObject({ message: accountMessages.passwordTooShortReset });

    const reset = await identity(testApp.app, 'POST', '/reset-password', {
      token,
      newPassword: 'new-password-2',
    });
    expect(reset.statusCode).toBe(200);
    const cookie = cookieHeader(reset);
    const session = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie });
    expect(session.json()).toMatchObject({ user: { email } });

    for (const old of [first, second]) {
      expect((await api(testApp.app, 'GET', signedInOnly, { cookie: old })).statusCode).toBe(401);
    }
    expect((await signIn(email, 'old-password-1')).statusCode).toBe(401);
    expect((await signIn(email, 'new-password-2')).statusCode).toBe(200);

    const reused = await identity(testApp.app, 'POST', '/reset-password', {
      token,
      newPassword: 'third-password-3',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      code: accountErrorCodes.invalidToken,
      message: accountMessages.resetLinkInvalid,
    });
  });
});

describe('profiles', () => {
  const email = 'katherine@example.com';
  let cookie = '';

  beforeAll(async () => {
    await registerAndVerify(email, 'orbital-mechanics');
    cookie = cookieHeader(await signIn(email, 'orbital-mechanics'));
  });

  it('answers 401 when signed out', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const response = await api(
        testApp.app,
        method,
        '/api/auth/profile',
        {},
        { firstName: 'A', lastName: 'B' },
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: accountMessages.noActiveSession });
    }
  });

  it('answers 404 until the profile is completed, then reads and updates it in both spellings', async () => {
    const missing = await api(testApp.app, 'GET', '/api/auth/profile', { cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: accountMessages.profileNotFound });

    const noNames = await api(
      testApp.app,
      'PUT',
      '/api/auth/profile',
      { cookie },
      { firstName: ' ', phone: '1' },
    );
    expect(noNames.statusCode).toBe(400);
    expect(noNames.json()).toMatchObject({ message: accountMessages.namesRequired });

    const created = await api(
      testApp.app,
      'PUT',
      '/api/auth/profile',
      { cookie },
      {
        firstName: 'Katherine',
        lastName: 'Johnson',
        phone: '',
        company: 'NASA',
      },
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().user).toMatchObject({
      email,
      role: 'client',
      firstName: 'Katherine',
      first_name: 'Katherine',
      last_name: 'Johnson',
      phone: null,
      company: 'NASA',
    });

    const read = await api(testApp.app, 'GET', '/api/auth/profile', { cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created.json());
    expect(Date.parse(read.json().user.created_at)).not.toBeNaN();

    const updated = await api(
      testApp.app,
      'PUT',
      '/api/auth/profile',
      { cookie },
      {
        first_name: 'Kate',
        last_name: 'Johnson',
        phone: '+1 555 0100',
        company: null,
      },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().user).toMatchObject({
      first_name: 'Kate',
      firstName: 'Kate',
      phone: '+1 555 0100',
      company: null,
    });
    const session = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie });
    expect(session.json().user.name).toBe('Kate Johnson');
  });

  it('refuses text the database cannot store or that breaks a line, naming the field, and keeps the profile', async () => {
    const cases: [object, string, string][] = [
      [
        { first_name: 'Ka\u0000te' },
        'first_name',
        'First name must not contain control characters or line breaks',
      ],
      [{ company: 'Acme\nInc' }, 'company', 'Company must not contain control characters or line breaks'],
      [{ phone: '555 \udc00' }, 'phone', 'Phone contains characters that are not valid text'],
    ];
    for (const [change, path, msg] of cases) {
      const body = { first_name: 'Kate', last_name: 'Johnson', ...change };
      const response = await api(testApp.app, 'PUT', '/api/auth/profile', { cookie }, body);
      expect(response.statusCode, msg).toBe(400);
      expect(response.json()).toEqual({ message: msg, errors: [{ path, msg }] });
    }
    const kept = await api(testApp.app, 'GET', '/api/auth/profile', { cookie });
    expect(kept.json().user).toMatchObject({
      first_name: 'Kate',
      last_name: 'Johnson',
      phone: '+1 555 0100',
    });
  });

  it('refuses values that are too long', async () => {
    const response = await api(
      testApp.app,
      'PUT',
      '/api/auth/profile',
      { cookie },
      {
        firstName: 'K'.repeat(101),
        lastName: 'Johnson',
        phone: '1'.repeat(31),
      },
    );
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['firstName', 'phone']);
  });
});

describe('roles', () => {
  it('answers signed out 401, client 403 and admin 200 on an admin route; the profile shows the role', async () => {
    const email = 'margaret@example.com';
    await registerAndVerify(email, 'apollo-guidance');
    const cookie = cookieHeader(await signIn(email, 'apollo-guidance'));

    const signedOut = await api(testApp.app, 'GET', adminOnly);
    expect(signedOut.statusCode).toBe(401);
    const client = await api(testApp.app, 'GET', adminOnly, { cookie });
    expect(client.statusCode).toBe(403);
    expect(client.json()).toEqual({ message: accountMessages.adminRequired });

    await setRole(testApp.app.db, email, 'admin');
    const admin = await api(testApp.app, 'GET', adminOnly, { cookie });
    expect(admin.statusCode).toBe(200);
    await api(
      testApp.app,
      'PUT',
      '/api/auth/profile',
      { cookie },
      { firstName: 'Margaret', lastName: 'Hamilton' },
    );
    expect((await api(testApp.app, 'GET', '/api/auth/profile', { cookie })).json().user.role).toBe('admin');
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message once an address has asked for too many resets', async () => {
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        (
          await identity(
            testApp.app,
            'POST',
            '/request-password-reset',
            { email: `r${i}@example.com` },
            { ip },
          )
        ).statusCode,
      );
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await identity(
      testApp.app,
      'POST',
      '/request-password-reset',
      { email: 'x@example.com' },
      { ip },
    );
    expect(limited.json()).toEqual({
      code: accountErrorCodes.tooManyRequests,
      message: accountMessages.tooManyRequests,
    });
    // Another address is not affected.
    const other = await identity(
      testApp.app,
      'POST',
      '/request-password-reset',
      { email: 'x@example.com' },
      { ip: freshIp() },
    );
    expect(other.statusCode).toBe(200);
  });

  it('locks an account after 5 failed sign-ins, even with the right password and from other addresses', async () => {
    const email = 'barbara@example.com';
    await registerAndVerify(email, 'liskov-substitution');
    for (let i = 0; i < 5; i++) expect((await signIn(email, `wrong-${i}`)).statusCode).toBe(401);
    const locked = await signIn(email, 'liskov-substitution');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: accountErrorCodes.tooManyFailedSignIns,
      message: accountMessages.tooManyFailedSignIns,
    });
  });
});

describe('session lifetime', () => {
  const minute = 60 * 1000;
  const day = 24 * 60 * minute;

  /** Signs in (a verified account): the cookie, the session's token in the database, and its bearer form. */
  async function signedIn(email: string, password: string) {
    await registerAndVerify(email, password);
    const response = await signIn(email, password);
    expect(response.statusCode).toBe(200);
    const cookie = cookieHeader(response);
    return { cookie, token: rawSessionToken(cookie), bearer: signedSessionToken(cookie) };
  }

  async function sessionRow(token: string) {
    const [row] = await testApp.app.db.select().from(sessions).where(eq(sessions.token, token));
    return row;
  }

  /** Rewrites the session's times in the database: as if it was signed in and last refreshed in the past. */
  async function setSessionTimes(
    token: string,
    times: { createdAt: Date; updatedAt: Date; expiresAt: Date },
  ) {
    await testApp.app.db.update(sessions).set(times).where(eq(sessions.token, token));
  }

  /** As if `ms` had passed: every time of the session moves that far into the past. */
  async function travel(token: string, ms: number) {
    const row = await sessionRow(token);
    if (!row) throw new Error('No such session');
    await setSessionTimes(token, {
      createdAt: new Date(row.createdAt.getTime() - ms),
      updatedAt: new Date(row.updatedAt.getTime() - ms),
      expiresAt: new Date(row.expiresAt.getTime() - ms),
    });
  }

  /** A session signed in `age` ago and last refreshed (slid) `sinceRefresh` ago, so it is due for a refresh. */
  async function ageSession(token: string, age: number, sinceRefresh: number) {
    const now = Date.now();
    await setSessionTimes(token, {
      createdAt: new Date(now - age),
      updatedAt: new Date(now - sinceRefresh),
      expiresAt: new Date(now - sinceRefresh + sessionExpiresInSeconds * 1000),
    });
  }

  it('keeps a session 7 days sliding, refreshed after a day, 30 days at most', () => {
    expect(sessionExpiresInSeconds).toBe(7 * 24 * 60 * 60);
    expect(sessionUpdateAgeSeconds).toBe(24 * 60 * 60);
    expect(sessionMaxLifetimeSeconds).toBe(30 * 24 * 60 * 60);
  });

  it('still extends a young session by 7 days when it is used', async () => {
    const { cookie, token } = await signedIn('hedy@example.com', 'frequency-hopping');
    await ageSession(token, 3 * day, 2 * day);

    const session = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie });
    expect(session.statusCode).toBe(200);
    expect(String(session.headers['set-cookie'])).toContain('portal.session_token=');
    const expiresAt = (await sessionRow(token))?.expiresAt.getTime() ?? 0;
    expect(Math.abs(expiresAt - (Date.now() + 7 * day))).toBeLessThan(minute);
    expect(Date.parse(session.json().session.expiresAt)).toBe(expiresAt);

    // A week later (and five days after that use) it still works: the use moved its end.
    await travel(token, 5 * day);
    expect((await api(testApp.app, 'GET', signedInOnly, { cookie })).statusCode).toBe(200);
  });

  it.each([
    ['better-auth (get-session)', 'get-session'],
    ['our guarded routes', 'guarded route'],
  ] as const)(
    'ends a session 30 days after sign-in however active it is, when refreshed by %s',
    async (_name, via) => {
      const email = via === 'get-session' ? 'annie@example.com' : 'dorothy@example.com';
      const { cookie, token, bearer } = await signedIn(email, 'shuttle-telemetry');
      // Signed in 29 days ago, last used 2 days ago: this use slides it, but only up to day 30.
      await ageSession(token, 29 * day, 2 * day);
      const used =
        via === 'get-session'
          ? await identity(testApp.app, 'GET', '/get-session', undefined, { cookie })
          : await api(testApp.app, 'GET', signedInOnly, { cookie });
      expect(used.statusCode).toBe(200);
      const row = await sessionRow(token);
      if (!row) throw new Error('The session is gone');
      expect(row.expiresAt.getTime()).toBe(row.createdAt.getTime() + sessionMaxLifetimeSeconds * 1000);
      expect(Math.abs(row.expiresAt.getTime() - (Date.now() + day))).toBeLessThan(minute);

      // A day and a minute later it is 30 days and a minute since sign-in; sliding alone would keep it for
      // almost 6 more days, yet the session is over everywhere.
      await travel(token, day + minute);
      const after = await sessionRow(token);
      expect((after?.updatedAt.getTime() ?? 0) + 7 * day).toBeGreaterThan(Date.now() + 5 * day);

      const session = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toBeNull();
      const profile = await api(testApp.app, 'GET', '/api/auth/profile', { cookie });
      expect(profile.statusCode).toBe(401);
      expect(profile.json()).toEqual({ message: accountMessages.noActiveSession });
      expect((await api(testApp.app, 'GET', signedInOnly, { bearer })).statusCode).toBe(401);
      // Signing in again starts a new session.
      expect((await signIn(email, 'shuttle-telemetry')).statusCode).toBe(200);
    },
  );
});

describe('resending the verification e-mail', () => {
  const resend = (email: string, ip: string) =>
    identity(testApp.app, 'POST', '/send-verification-email', { email }, { ip });

  it('mails a second verification e-mail whose link verifies the account, and sign-in then works', async () => {
    const email = 'radia@example.com';
    const password = 'spanning-tree';
    const ip = freshIp();
    expect(
      (await identity(testApp.app, 'POST', '/sign-up/email', { email, password }, { ip })).statusCode,
    ).toBe(200);
    await mail.waitFor(email, { subject: /Verify/ });

    const response = await resend(email, ip);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true });
    const second = await mail.waitFor(email, { subject: /Verify/, after: 1 });
    expect(second.text).toContain(productName);
    const link = new URL(linkIn(second, '/api/identity/verify-email?token='));
    expect(link.origin).toBe(appUrl);
    expect((await signIn(email, password, ip)).statusCode).toBe(403);

    const verify = await testApp.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      remoteAddress: ip,
    });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe(`${appUrl}/login?verified=1`);
    expect(cookieHeader(verify)).toBe('');
    const signedIn = await signIn(email, password, ip);
    expect(signedIn.statusCode).toBe(200);
    const session = await identity(testApp.app, 'GET', '/get-session', undefined, {
      cookie: cookieHeader(signedIn),
      ip,
    });
    expect(session.json()).toMatchObject({ user: { email, emailVerified: true } });
  });

  it('answers an unknown address exactly like a known one, and mails nobody for it', async () => {
    const known = 'barbara-l@example.com';
    const ip = freshIp();
    await identity(testApp.app, 'POST', '/sign-up/email', { email: known, password: 'clu-language' }, { ip });
    await mail.waitFor(known, { subject: /Verify/ });

    const forKnown = await resend(known, ip);
    const forUnknown = await resend('no-such-person@example.com', ip);
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.json()).toEqual(forKnown.json());
    expect(forUnknown.headers['content-type']).toBe(forKnown.headers['content-type']);
    await mail.waitFor(known, { subject: /Verify/, after: 1 });
    expect(mail.count('no-such-person@example.com')).toBe(0);
  });

  it('answers 429 with a clear message after 5 requests from one address, and not to another address', async () => {
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await resend(`v${i}@example.com`, ip)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await resend('x@example.com', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: accountErrorCodes.tooManyRequests,
      message: accountMessages.tooManyRequests,
    });
    expect((await resend('x@example.com', freshIp())).statusCode).toBe(200);
  });
});
