// Whoever proves the address decides the password (docs/decisions/040): an account registered by someone who does not
// hold the mailbox is handed over to the next sign-up with its address while it is not verified, and the
// verification link never signs in.
import { accountErrorCodes } from '@portal/domain';
import { makeSignature } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.ts';
import { appUrl, cookieHeader, freshIp, identity, sessionCookieName } from '../helpers/accounts.ts';
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

function signUp(email: string, password: string, name?: string) {
  return identity(testApp.app, 'POST', '/sign-up/email', { email, password, name }, { ip: freshIp() });
}

function signIn(email: string, password: string) {
  return identity(testApp.app, 'POST', '/sign-in/email', { email, password }, { ip: freshIp() });
}

function sessionUser(cookie: string) {
  return identity(testApp.app, 'GET', '/get-session', undefined, { cookie, ip: freshIp() });
}

/**
 * A session of the account as the accounts library makes one, with its signed cookie: what whoever registered the
 * address would hold had they signed in somehow (a portal without the verification rule, a session from before).
 */
async function sessionOf(userId: string): Promise<string> {
  const library = await testApp.app.accountsLibrary.$context;
  const session = await library.internalAdapter.createSession(userId);
  const signed = `${session.token}.${await makeSignature(session.token, library.secret)}`;
  return `${sessionCookieName}=${encodeURIComponent(signed)}`;
}

/** The shape of a sign-up's answer without the values that differ between any two sign-ups. */
function shape(body: { user: Record<string, unknown> }) {
  return { ...body, user: { ...body.user, id: 'id', email: 'e', name: 'n', createdAt: 't', updatedAt: 't' } };
}

describe('a sign-up with the address of an account not verified yet', () => {
  it("hands the account to the mailbox's holder: the first password and session end, the link verifies without signing in", async () => {
    const email = 'victim@example.com';
    const attackerPassword = 'attacker-chose-this-1';
    const ownerPassword = 'owner-chose-this-2';

    const first = await signUp(email, attackerPassword, 'Mallory');
    expect(first.statusCode).toBe(200);
    await mail.waitFor(email, { subject: /Verify/ });
    const [account] = await testApp.app.db.select().from(users).where(eq(users.email, email));
    if (!account) throw new Error('no account');
    expect(account.name).toBe('Mallory');
    const attackerCookie = await sessionOf(account.id);
    expect((await sessionUser(attackerCookie)).json()).toMatchObject({ user: { email } });

    // The owner registers their own address: the same answer as any new sign-up, and a verification e-mail.
    const fresh = await signUp('someone-new@example.com', ownerPassword);
    const again = await signUp(email, ownerPassword);
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(shape(again.json())).toEqual(shape(fresh.json()));
    const verification = await mail.waitFor(email, { subject: /Verify/, after: 1 });
    expect(mail.count(email)).toBe(2); // no "already have an account" notice

    // The first registrant's session and password are gone; the name is the new sign-up's (none: the address).
    expect((await sessionUser(attackerCookie)).json()).toBeNull();
    expect(await testApp.app.db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
    const [handedOver] = await testApp.app.db.select().from(users).where(eq(users.id, account.id));
    expect(handedOver).toMatchObject({ name: email, emailVerified: false });
    expect((await signIn(email, attackerPassword)).statusCode).toBe(401);
    expect((await signIn(email, ownerPassword)).json()).toMatchObject({
      code: accountErrorCodes.emailNotVerified,
    });

    // The link verifies and sends the owner to sign in: no session from it.
    const link = new URL(linkIn(verification, '/verify-email'));
    const verify = await testApp.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe(`${appUrl}/login?verified=1`);
    expect(cookieHeader(verify)).toBe('');

    expect((await signIn(email, attackerPassword)).statusCode).toBe(401);
    const owner = await signIn(email, ownerPassword);
    expect(owner.statusCode).toBe(200);
    expect((await sessionUser(cookieHeader(owner))).json()).toMatchObject({
      user: { email, emailVerified: true },
    });

    // Once verified, the account is the owner's: a sign-up with its address changes nothing and mails a notice.
    const late = await signUp(email, attackerPassword, 'Mallory');
    expect(shape(late.json())).toEqual(shape(fresh.json()));
    await mail.waitFor(email, { subject: /already have/ });
    expect((await signIn(email, attackerPassword)).statusCode).toBe(401);
    expect((await signIn(email, ownerPassword)).statusCode).toBe(200);
    expect((await sessionUser(cookieHeader(owner))).json()).toMatchObject({ user: { email } });
  });

  it('refuses a verification link mailed for an earlier sign-up of the address', async () => {
    const email = 'flip-flop@example.com';
    expect((await signUp(email, 'owner-chose-this-6')).statusCode).toBe(200);
    const ownersLink = new URL(linkIn(await mail.waitFor(email, { subject: /Verify/ }), '/verify-email'));
    // JWT times are whole seconds: the next sign-up comes in a later second than the owner's link.
    await new Promise((done) => setTimeout(done, 1100));
    expect((await signUp(email, 'attacker-chose-this-7')).statusCode).toBe(200);
    const attackersLink = new URL(
      linkIn(await mail.waitFor(email, { subject: /Verify/, after: 1 }), '/verify-email'),
    );

    // The owner's link, followed after the other sign-up took the account, is as spent: nothing is verified.
    const stale = await testApp.app.inject({ method: 'GET', url: ownersLink.pathname + ownersLink.search });
    expect(stale.statusCode).toBe(302);
    expect(stale.headers.location).toBe(`${appUrl}/login?verified=1&error=INVALID_TOKEN`);
    const [account] = await testApp.app.db.select().from(users).where(eq(users.email, email));
    expect(account?.emailVerified).toBe(false);

    // The latest sign-up's link verifies.
    const current = await testApp.app.inject({
      method: 'GET',
      url: attackersLink.pathname + attackersLink.search,
    });
    expect(current.headers.location).toBe(`${appUrl}/login?verified=1`);
    expect((await signIn(email, 'attacker-chose-this-7')).statusCode).toBe(200);
  });

  it('ends the reset links the first registrant may have asked for', async () => {
    const email = 'pre-registered@example.com';
    expect((await signUp(email, 'attacker-chose-this-3')).statusCode).toBe(200);
    await identity(testApp.app, 'POST', '/request-password-reset', { email }, { ip: freshIp() });
    const reset = await mail.waitFor(email, { subject: /Reset/ });
    const token = new URL(linkIn(reset, '/reset-password?token=')).searchParams.get('token') ?? '';

    expect((await signUp(email, 'owner-chose-this-4')).statusCode).toBe(200);
    const used = await identity(
      testApp.app,
      'POST',
      '/reset-password',
      { token, newPassword: 'attacker-again-5' },
      { ip: freshIp() },
    );
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ code: accountErrorCodes.invalidToken });
  });
});
