// Tokens kept only as hashes, and a password reset ending everything the old password could reach
// (docs/decisions/040): the account's other sessions, its other reset links and its calendar feed URL.
import { accountErrorCodes, accountMessages, type ProfileUser } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users, verifications } from '../../src/db/schema.ts';
import { forgottenOneTimeLink } from '../../src/lib/mail/outbox.ts';
import { api, cookieHeader, freshIp, identity, verifiedAccount } from '../helpers/accounts.ts';
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

/** Asks for a reset link and reads its token from the e-mail (the `nth` reset e-mail to the address, from 0). */
async function resetToken(email: string, nth: number): Promise<string> {
  const asked = await identity(testApp.app, 'POST', '/request-password-reset', { email }, { ip: freshIp() });
  expect(asked.statusCode).toBe(200);
  const message = await mail.waitFor(email, { subject: /Reset/, after: nth });
  return new URL(linkIn(message, '/reset-password?token=')).searchParams.get('token') ?? '';
}

function resetPassword(token: string, newPassword: string) {
  return identity(testApp.app, 'POST', '/reset-password', { token, newPassword }, { ip: freshIp() });
}

async function feedUrl(cookie: string): Promise<string> {
  const response = await api(testApp.app, 'GET', '/api/auth/profile', { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ user: ProfileUser }>().user.calendar_feed_url;
}

function fetchFeed(url: string) {
  return testApp.app.inject({ method: 'GET', url: new URL(url).pathname });
}

describe('reset links in the database', () => {
  it('are kept only as hashes: no stored value works as a link, the e-mailed one does', async () => {
    const email = 'hashed-reset@example.com';
    await verifiedAccount(testApp.app, email, 'first-password-1');
    const token = await resetToken(email, 0);

    const rows = await testApp.app.db.select().from(verifications);
    const stored = rows.filter((row) => row.identifier.includes('reset-password:'));
    expect(stored).toHaveLength(1);
    const [row] = stored;
    if (!row) throw new Error('no reset row');
    expect(rows.some((candidate) => `${candidate.identifier}${candidate.value}`.includes(token))).toBe(false);
    const suffixes = row.identifier.split(':').map((_, at, parts) => parts.slice(at).join(':'));
    for (const guess of [...suffixes, row.value, row.id]) {
      const refused = await resetPassword(guess, 'stolen-password-9');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: accountErrorCodes.invalidToken });
    }
    expect((await resetPassword(token, 'second-password-2')).statusCode).toBe(200);
    expect((await signIn(email, 'second-password-2')).statusCode).toBe(200);
  });
});

describe('the outbox', () => {
  it('keeps no reset or verification link once an SMTP server has taken the e-mail', async () => {
    const email = 'outbox-reader@example.com';
    const signUp = await identity(
      testApp.app,
      'POST',
      '/sign-up/email',
      { email, password: 'first-password-1' },
      { ip: freshIp() },
    );
    expect(signUp.statusCode).toBe(200);
    const verification = await mail.waitFor(email, { subject: /Verify/ });
    const verifyLink = linkIn(verification, '/verify-email');
    await testApp.app.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const token = await resetToken(email, 0);

    const delivered = async () =>
      (await testApp.app.db.select().from(outbox).where(eq(outbox.to, email))).filter(
        (row) => row.status === 'sent',
      );
    await expect.poll(async () => (await delivered()).length, { timeout: 5_000 }).toBe(2);
    for (const row of await delivered()) {
      expect(row.text).toBe(forgottenOneTimeLink);
      for (const secret of [token, new URL(verifyLink).searchParams.get('token') ?? '']) {
        expect(`${row.text}${row.html}`).not.toContain(secret);
      }
    }
    // The e-mailed link itself still works.
    expect((await resetPassword(token, 'second-password-2')).statusCode).toBe(200);
  });
});

describe('a password reset', () => {
  it('ends every other session and every other reset link of the account', async () => {
    const email = 'many-links@example.com';
    await verifiedAccount(testApp.app, email, 'first-password-1');
    const sessions = [
      cookieHeader(await signIn(email, 'first-password-1')),
      cookieHeader(await signIn(email, 'first-password-1')),
    ];
    const older = await resetToken(email, 0);
    const used = await resetToken(email, 1);
    const newer = await resetToken(email, 2);

    const reset = await resetPassword(used, 'second-password-2');
    expect(reset.statusCode).toBe(200);
    const own = cookieHeader(reset);
    expect(
      (await identity(testApp.app, 'GET', '/get-session', undefined, { cookie: own })).json(),
    ).toMatchObject({ user: { email } });
    for (const cookie of sessions) {
      const session = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie });
      expect(session.json()).toBeNull();
      expect((await api(testApp.app, 'GET', '/api/auth/profile', { cookie })).statusCode).toBe(401);
    }
    // The links asked for before and after the used one are dead: none resets again, none signs in.
    for (const token of [older, newer]) {
      const again = await resetPassword(token, 'attacker-password-3');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        code: accountErrorCodes.invalidToken,
        message: accountMessages.resetLinkInvalid,
      });
      expect(cookieHeader(again)).toBe('');
    }
    expect((await signIn(email, 'attacker-password-3')).statusCode).toBe(401);
    expect((await signIn(email, 'second-password-2')).statusCode).toBe(200);
  });

  it('ends the calendar feed URL: the old one answers 404, the profile names a new one that answers', async () => {
    const email = 'feed-owner@example.com';
    await verifiedAccount(testApp.app, email, 'first-password-1');
    const cookie = cookieHeader(await signIn(email, 'first-password-1'));
    const saved = await api(
      testApp.app,
      'PUT',
      '/api/auth/profile',
      { cookie },
      {
        firstName: 'Feed',
        lastName: 'Owner',
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const old = await feedUrl(cookie);
    expect((await fetchFeed(old)).statusCode).toBe(200);

    const reset = await resetPassword(await resetToken(email, 0), 'second-password-2');
    expect(reset.statusCode).toBe(200);
    expect((await fetchFeed(old)).statusCode).toBe(404);

    const fresh = await feedUrl(cookieHeader(reset));
    expect(fresh).not.toBe(old);
    expect(fresh).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    expect((await fetchFeed(old)).statusCode).toBe(404);
  });
});
