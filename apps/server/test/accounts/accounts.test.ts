import { accountErrorCodes, accountMessages, productName } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '../../src/modules/users/users.service.ts';
import { api, appUrl, cookieHeader, identity } from '../helpers/accounts.ts';
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
      app.get(adminOnly, { preHandler: app.requireRole('admin') }, async () => ({ ok: true }));
      app.get(signedInOnly, { preHandler: app.requireSession }, async (request) => ({
        id: request.sessionUser?.id,
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

/** Registers, reads the verification e-mail, follows its link: returns the session cookie it set. */
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
  return { verify, cookie: cookieHeader(verify), message };
}

async function signIn(email: string, password: string, ip = freshIp()) {
  return identity(testApp.app, 'POST', '/sign-in/email', { email, password }, { ip });
}

describe('sign-up, verification and sign-in', () => {
  const email = 'ada@example.com';
  const password = 'analytical-engine';

  it('registers, refuses sign-in until verified, and the e-mailed link verifies and signs in', async () => {
    const ip = freshIp();
    const signUp = await identity(testApp.app, 'POST', '/sign-up/email', { email, password }, { ip });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toMatchObject({
      token: null,
      user: { email, emailVerified: false, role: 'client' },
    });
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
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe(`${appUrl}/dashboard`);
    const cookie = cookieHeader(verify);
    expect(cookie).toContain('portal.session_token=');
    const setCookie = String(verify.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // http APP_URL

    const session = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie, ip });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { email, emailVerified: true, role: 'client' } });

    // The link signs in only once: followed again, it lands on the dashboard without a new session.
    const again = await testApp.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      remoteAddress: ip,
    });
    expect(again.statusCode).toBe(302);
    expect(cookieHeader(again)).toBe('');
  });

  it('signs in with a cookie and a bearer token, and sign-out ends the session on the server', async () => {
    const ip = freshIp();
    const response = await signIn(email, password, ip);
    expect(response.statusCode).toBe(200);
    const cookie = cookieHeader(response);
    const bearer = response.headers['set-auth-token'];
    expect(typeof bearer).toBe('string');

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
  it('refuses a password under 6 characters with the spec message', async () => {
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
