// Changing the password from the Profile (docs/product.md#profile, docs/decisions/040): it ends everything the old
// password could reach (every other session, whatever the body asks, every reset link and the calendar feed URL)
// and keeps this device signed in with a new session; the rules of a new password apply; a wrong current password
// counts toward the failed sign-in lock as a sign-in does.
import { accountErrorCodes, accountMessages, apiPaths, type ProfileUser } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, signInFailures } from '../../src/db/schema.ts';
import { maxFailedSignIns } from '../../src/lib/accounts/sign-in-failures.ts';
import {
  api,
  type Caller,
  cookieHeader,
  freshIp,
  identity,
  rawSessionToken,
  verifiedAccount,
} from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { linkIn, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';

let testApp: TestApp;
let mail: MailCapture;

beforeAll(async () => {
  mail = await startMailCapture();
  testApp = await buildTestApp({ env: { SMTP_URL: mail.url }, mail: { pollIntervalMs: 50 } });
});
afterAll(async () => {
  await testApp?.close();
  await mail?.close();
});

async function signIn(email: string, password: string) {
  return identity(testApp.app, 'POST', '/sign-in/email', { email, password }, { ip: freshIp() });
}

async function signedIn(email: string, password: string): Promise<string> {
  const response = await signIn(email, password);
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response);
}

function changePassword(caller: Caller, body: object) {
  return identity(testApp.app, 'POST', '/change-password', body, { ip: freshIp(), ...caller });
}

/** Whether a session still signs in to a guarded route of ours. */
async function signedInWith(caller: Caller): Promise<boolean> {
  const response = await api(testApp.app, 'GET', apiPaths.accounts.sessions, caller);
  if (response.statusCode !== 200 && response.statusCode !== 401) throw new Error(response.body);
  return response.statusCode === 200;
}

async function resetToken(email: string, nth: number): Promise<string> {
  const asked = await identity(testApp.app, 'POST', '/request-password-reset', { email }, { ip: freshIp() });
  expect(asked.statusCode).toBe(200);
  const message = await mail.waitFor(email, { subject: /Reset/, after: nth });
  return new URL(linkIn(message, '/reset-password?token=')).searchParams.get('token') ?? '';
}

async function feedUrl(cookie: string): Promise<string> {
  const response = await api(testApp.app, 'GET', '/api/auth/profile', { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ user: ProfileUser }>().user.calendar_feed_url;
}

async function failedSignIns(email: string): Promise<number> {
  const [row] = await testApp.app.db.select().from(signInFailures).where(eq(signInFailures.email, email));
  return row?.count ?? 0;
}

describe('a change of password', () => {
  it('ends every other session, reset link and the feed URL, and keeps this device signed in', async () => {
    const email = 'changer@change-password.test';
    await verifiedAccount(testApp.app, email, 'first-password-1');
    const here = await signedIn(email, 'first-password-1');
    const others = [await signedIn(email, 'first-password-1'), await signedIn(email, 'first-password-1')];
    const bearerSignIn = await identity(
      testApp.app,
      'POST',
      '/sign-in/email',
      { email, password: 'first-password-1' },
      { apiClient: true, ip: freshIp() },
    );
    const bearer = String(bearerSignIn.headers['set-auth-token']);
    const saved = await api(
      testApp.app,
      'PUT',
      '/api/auth/profile',
      { cookie: here },
      { firstName: 'Cha', lastName: 'Nger' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const oldFeed = await feedUrl(here);
    const link = await resetToken(email, 0);

    // Asking to keep the other sessions changes nothing: they end.
    const changed = await changePassword(
      { cookie: here },
      { currentPassword: 'first-password-1', newPassword: 'second-password-2', revokeOtherSessions: false },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).not.toHaveProperty('token');
    expect(changed.headers['set-auth-token']).toBeUndefined();

    // This device goes on, with a new session: the old cookie is spent, the new one works.
    const renewed = cookieHeader(changed);
    expect(rawSessionToken(renewed)).not.toBe(rawSessionToken(here));
    expect(await signedInWith({ cookie: renewed })).toBe(true);
    expect(await signedInWith({ cookie: here })).toBe(false);
    for (const cookie of others) expect(await signedInWith({ cookie })).toBe(false);
    expect(await signedInWith({ bearer })).toBe(false);
    const [user] = await testApp.app.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.token, rawSessionToken(renewed)));
    expect(
      await testApp.app.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.userId ?? '')),
    ).toHaveLength(1);

    // The reset link mailed before no longer resets; the feed URL answers 404 and the profile names a new one.
    const reset = await identity(
      testApp.app,
      'POST',
      '/reset-password',
      { token: link, newPassword: 'attacker-password-3' },
      { ip: freshIp() },
    );
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ code: accountErrorCodes.invalidToken });
    expect((await testApp.app.inject({ method: 'GET', url: new URL(oldFeed).pathname })).statusCode).toBe(
      404,
    );
    const newFeed = await feedUrl(renewed);
    expect(newFeed).not.toBe(oldFeed);
    expect((await testApp.app.inject({ method: 'GET', url: new URL(newFeed).pathname })).statusCode).toBe(
      200,
    );

    expect((await signIn(email, 'first-password-1')).statusCode).toBe(401);
    expect((await signIn(email, 'second-password-2')).statusCode).toBe(200);
  });

  it('gives an API client the new session as its bearer token', async () => {
    const email = 'api-client@change-password.test';
    await verifiedAccount(testApp.app, email, 'first-password-1');
    const signInAnswer = await identity(
      testApp.app,
      'POST',
      '/sign-in/email',
      { email, password: 'first-password-1' },
      { apiClient: true, ip: freshIp() },
    );
    const bearer = String(signInAnswer.headers['set-auth-token']);
    const changed = await changePassword(
      { bearer, apiClient: true },
      { currentPassword: 'first-password-1', newPassword: 'second-password-2' },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const renewed = changed.headers['set-auth-token'];
    expect(typeof renewed).toBe('string');
    expect(await signedInWith({ bearer })).toBe(false);
    expect(await signedInWith({ bearer: String(renewed) })).toBe(true);
  });

  it('holds a new password to the rules: too short, too common', async () => {
    const email = 'rules@change-password.test';
    await verifiedAccount(testApp.app, email, 'first-password-1');
    const cookie = await signedIn(email, 'first-password-1');
    const short = await changePassword(
      { cookie },
      { currentPassword: 'first-password-1', newPassword: 'abc' },
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: accountMessages.passwordTooShort });
    const common = await changePassword(
      { cookie },
      { currentPassword: 'first-password-1', newPassword: 'password123' },
    );
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      code: accountErrorCodes.passwordTooCommon,
      message: accountMessages.passwordTooCommon,
    });
    // Neither changed anything nor ended this session, nor counted as a failed sign-in.
    expect(await signedInWith({ cookie })).toBe(true);
    expect(await failedSignIns(email)).toBe(0);
    expect((await signIn(email, 'first-password-1')).statusCode).toBe(200);
  });

  it('refuses a caller who is not signed in', async () => {
    const response = await changePassword(
      {},
      { currentPassword: 'first-password-1', newPassword: 'second-password-2' },
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('a wrong current password', () => {
  it('is refused in the product’s words and counts toward the failed sign-in lock, like a sign-in', async () => {
    const email = 'guesser@change-password.test';
    await verifiedAccount(testApp.app, email, 'first-password-1');
    const cookie = await signedIn(email, 'first-password-1');
    const other = await signedIn(email, 'first-password-1');

    const wrong = await changePassword(
      { cookie },
      { currentPassword: 'a-wrong-guess-0', newPassword: 'second-password-2' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: accountErrorCodes.invalidPassword,
      message: accountMessages.passwordIncorrect,
    });
    expect(await failedSignIns(email)).toBe(1);
    // Nothing changed: both sessions go on.
    expect(await signedInWith({ cookie })).toBe(true);
    expect(await signedInWith({ cookie: other })).toBe(true);

    for (let guess = 1; guess < maxFailedSignIns; guess += 1) {
      const again = await changePassword(
        { cookie },
        { currentPassword: `a-wrong-guess-${guess}`, newPassword: 'second-password-2' },
      );
      expect(again.statusCode).toBe(400);
    }
    expect(await failedSignIns(email)).toBe(maxFailedSignIns);
    // Locked: even the right password is refused, here and at sign-in.
    const locked = await changePassword(
      { cookie },
      { currentPassword: 'first-password-1', newPassword: 'second-password-2' },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: accountErrorCodes.tooManyFailedSignIns,
      message: accountMessages.tooManyFailedSignIns,
    });
    expect((await signIn(email, 'first-password-1')).statusCode).toBe(429);
    // Seven password hashes and checks: seconds each on a busy machine.
  }, 90_000);

  it('brings the lock no nearer with the right one', async () => {
    const email = 'rightful@change-password.test';
    await verifiedAccount(testApp.app, email, 'first-password-1');
    const cookie = await signedIn(email, 'first-password-1');
    await changePassword({ cookie }, { currentPassword: 'a-wrong-guess', newPassword: 'second-password-2' });
    expect(await failedSignIns(email)).toBe(1);
    const changed = await changePassword(
      { cookie },
      { currentPassword: 'first-password-1', newPassword: 'second-password-2' },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await failedSignIns(email)).toBe(1);
  });
});
