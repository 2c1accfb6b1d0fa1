// The Cookie Policy is true (docs/product.md#privacy-and-cookies): every cookie the server sends while an account is
// made, verified, signed in (with and without a second factor, remembered or not), kept alive, reset and signed out
// is one GET /api/legal lists, and every one it lists is really sent by one of those steps.
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { apiPaths, type LegalResponse } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.ts';
import { api, appUrl, type Caller, cookieHeader, freshIp, identity } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ mail: { pollIntervalMs: 50 } });
});
afterAll(async () => {
  await testApp?.close();
});

/** One Set-Cookie header: its name, and whether it stores a value or deletes the cookie. */
interface SentCookie {
  name: string;
  deletes: boolean;
  httpOnly: boolean;
  step: string;
}

const sent: SentCookie[] = [];

/** Notes every Set-Cookie of a response, with the step that sent it. */
function noted(step: string, response: InjectResponse): InjectResponse {
  const header = response.headers['set-cookie'];
  for (const cookie of Array.isArray(header) ? header : header ? [header] : []) {
    const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    const maxAge = attributes.find((attribute) => /^max-age=/i.test(attribute));
    const expires = attributes.find((attribute) => /^expires=/i.test(attribute));
    const deletes =
      value === '' ||
      (maxAge !== undefined && Number(maxAge.split('=')[1]) <= 0) ||
      (expires !== undefined && new Date(expires.slice(8)).getTime() < Date.now());
    const httpOnly = attributes.some((attribute) => attribute.toLowerCase() === 'httponly');
    sent.push({ name, deletes, httpOnly, step });
  }
  return response;
}

function post(step: string, path: string, body: object, caller: Caller = {}) {
  return identity(testApp.app, 'POST', path, body, { ip: freshIp(), ...caller }).then((response) =>
    noted(step, response),
  );
}

async function latestLink(email: string, fragment: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const latest = await testApp.app.inject(`/dev/mail/latest?to=${encodeURIComponent(email)}`);
        if (latest.statusCode !== 200) return undefined;
        link = latest.json<{ links: string[] }>().links.find((candidate) => candidate.includes(fragment));
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  return link ?? '';
}

function relative(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Merges the pairs `response` set into `cookie` (as a browser would), dropping those it deleted. */
function browserCookie(cookie: string, response: InjectResponse): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const),
  );
  const header = response.headers['set-cookie'];
  for (const line of Array.isArray(header) ? header : header ? [header] : []) {
    const pair = line.split(';', 1)[0] ?? '';
    const name = pair.slice(0, pair.indexOf('='));
    if (pair.endsWith('=') || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

describe('the Cookie Policy', () => {
  it('lists every cookie the server sets, and sets every cookie it lists', async () => {
    const email = 'cookies@legal-cookies.test';
    const password = 'cookie-tests-password';
    const newPassword = 'cookie-tests-password-2';

    // Sign-up and verification, as a browser.
    const signUp = await post('sign-up', '/sign-up/email', { email, password });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const verify = noted(
      'verify',
      await testApp.app.inject({ method: 'GET', url: relative(await latestLink(email, 'verify-email')) }),
    );
    expect(verify.statusCode).toBeLessThan(400);
    const [user] = await testApp.app.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);

    // Sign-in, remembered, then as one asking not to be remembered, then as an API client.
    const signIn = await post('sign-in', '/sign-in/email', { email, password });
    expect(signIn.statusCode, signIn.body).toBe(200);
    let cookie = cookieHeader(signIn);
    const forgetful = await post('sign-in, not remembered', '/sign-in/email', {
      email,
      password,
      rememberMe: false,
    });
    expect(forgetful.statusCode, forgetful.body).toBe(200);
    const apiClient = await post(
      'sign-in, API client',
      '/sign-in/email',
      { email, password },
      { apiClient: true },
    );
    expect(apiClient.statusCode, apiClient.body).toBe(200);

    // Reading the session, and its sliding refresh a day later.
    noted('get-session', await identity(testApp.app, 'GET', '/get-session', undefined, { cookie }));
    await testApp.app.db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(sessions.userId, user?.id ?? ''));
    const refreshed = noted(
      'get-session, refreshed',
      await identity(testApp.app, 'GET', '/get-session', undefined, { cookie }),
    );
    cookie = browserCookie(cookie, refreshed);

    // Our own routes: the profile, the consents, the legal settings.
    noted(
      'profile',
      await api(
        testApp.app,
        'PUT',
        apiPaths.accounts.profile,
        { cookie },
        { firstName: 'Cookie', lastName: 'Tester' },
      ),
    );
    noted('consents', await api(testApp.app, 'GET', apiPaths.accounts.consents, { cookie }));
    const legalAnswer = noted('legal', await api(testApp.app, 'GET', apiPaths.legal));

    // A second factor: set up, then a sign-in in two steps, by a code and by a recovery code.
    const enabled = await post('two-factor enable', '/two-factor/enable', { password }, { cookie });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    const secret = base32.decode(new URL(totpURI).searchParams.get('secret') ?? '');
    const confirmed = await post(
      'two-factor confirm',
      '/two-factor/verify-totp',
      { code: await createOTP(secret).totp() },
      { cookie },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    cookie = browserCookie(cookie, confirmed);
    const firstStep = await post('sign-in, second factor', '/sign-in/email', { email, password });
    expect(firstStep.json()).toMatchObject({ twoFactorRedirect: true });
    const secondStep = await post(
      'sign-in, code',
      '/two-factor/verify-totp',
      { code: await createOTP(secret).totp() },
      { cookie: cookieHeader(firstStep) },
    );
    expect(secondStep.statusCode, secondStep.body).toBe(200);
    const recoveryStep = await post('sign-in, second factor again', '/sign-in/email', { email, password });
    const recovered = await post(
      'sign-in, recovery code',
      '/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      { cookie: cookieHeader(recoveryStep) },
    );
    expect(recovered.statusCode, recovered.body).toBe(200);

    // Changing the password, a reset by email, and signing out.
    const changed = await post(
      'change password',
      '/change-password',
      { currentPassword: password, newPassword, revokeOtherSessions: true },
      { cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    cookie = browserCookie(cookie, changed);
    const asked = await post('request reset', '/request-password-reset', {
      email,
      redirectTo: `${appUrl}/reset-password`,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const token = new URL(await latestLink(email, 'reset-password')).searchParams.get('token') ?? '';
    const reset = await post('reset', '/reset-password', { token, newPassword: password });
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = await post(
      'sign-in after reset',
      '/two-factor/verify-backup-code',
      { code: backupCodes[1] },
      {
        cookie: cookieHeader(await post('sign-in, after reset', '/sign-in/email', { email, password })),
      },
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    const signOut = await post('sign-out', '/sign-out', {}, { cookie: cookieHeader(fresh) });
    expect(signOut.statusCode, signOut.body).toBe(200);

    const listed = legalAnswer.json<LegalResponse>().cookies;
    const listedNames = listed.map((entry) => entry.name);
    const stored = sent.filter((cookie) => !cookie.deletes);
    // Every cookie that stores something is listed, and is out of reach of scripts as the policy says.
    for (const cookie of stored) {
      expect(listedNames, `${cookie.name} (${cookie.step})`).toContain(cookie.name);
      expect(cookie.httpOnly, cookie.name).toBe(
        listed.find((entry) => entry.name === cookie.name)?.http_only,
      );
    }
    // A deletion stores nothing. Besides the listed cookies, the accounts library clears its cookie cache's on
    // the way (off here, so never set: the check above would have caught one).
    const deleted = new Set(sent.filter((entry) => entry.deletes).map((entry) => entry.name));
    expect([...deleted].filter((name) => !listedNames.includes(name)).sort()).toEqual([
      'portal.session_data',
    ]);
    // And nothing listed is invented: each is really set by a step above.
    expect(new Set(stored.map((cookie) => cookie.name))).toEqual(new Set(listedNames));
    // Visitors who never sign in get none.
    expect(sent.filter((cookie) => ['sign-up', 'legal'].includes(cookie.step))).toEqual([]);
    // A long journey (a dozen sign-ins, each hashing a password): more than the default 30 s on a busy machine.
  }, 120_000);
});
