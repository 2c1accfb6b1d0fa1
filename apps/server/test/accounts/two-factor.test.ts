// Two-factor sign-in (docs/product.md#two-factor-sign-in, docs/decisions/053): an authenticator app set up with the
// password and confirmed by its first code, then asked for at every sign-in, a recovery code instead of it once
// each; and ADMIN_TWO_FACTOR=required, which closes the firm's API to an administrator or consultant without one.
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import {
  accountErrorCodes,
  apiPaths,
  recoveryCodeCount,
  twoFactorErrorCodes,
  twoFactorMessages,
} from '@portal/domain';
import { eq, min } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { consultantServices, consultants, signInFailures, twoFactors, users } from '../../src/db/schema.ts';
import { setRole } from '../../src/modules/accounts/roles.service.ts';
import { seedBookings } from '../admin/fixtures.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api, type Caller, cookieHeader, freshIp, identity } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

/** signedInClient's password. */
const password = 'booking-tests-password';

interface SetUp {
  /** The authenticator app's secret, as the QR code and the key for manual entry carry it. */
  secret: Uint8Array;
  backupCodes: string[];
  /** The session after the confirming code (the one it came with has been replaced). */
  cookie: string;
}

/** The code an authenticator app with this secret shows now. */
function codeNow(secret: Uint8Array): Promise<string> {
  return createOTP(secret).totp();
}

/** A 6-digit code that is not the one shown now. */
async function wrongCode(secret: Uint8Array): Promise<string> {
  const right = await codeNow(secret);
  return String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
}

function post(testApp: TestApp, path: string, body: object, caller: Caller) {
  return identity(testApp.app, 'POST', path, body, { ip: freshIp(), ...caller });
}

/** Password → the app's URI and recovery codes → the first code confirms it. */
async function setUpTwoFactor(testApp: TestApp, cookie: string): Promise<SetUp> {
  const enabled = await post(testApp, '/two-factor/enable', { password }, { cookie });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
  const key = new URL(totpURI).searchParams.get('secret') ?? '';
  const secret = base32.decode(key);
  const confirmed = await post(
    testApp,
    '/two-factor/verify-totp',
    { code: await codeNow(secret) },
    { cookie },
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json()).not.toHaveProperty('token');
  return { secret, backupCodes, cookie: cookieHeader(confirmed) };
}

/** The password step of a sign-in: the short two-factor cookie it hands out (no session yet). */
async function passwordStep(testApp: TestApp, email: string): Promise<string> {
  const signIn = await post(testApp, '/sign-in/email', { email, password }, {});
  expect(signIn.statusCode, signIn.body).toBe(200);
  expect(signIn.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  const cookie = cookieHeader(signIn);
  expect(cookie).toMatch(/^portal\.two_factor=/);
  expect(cookie).not.toContain('portal.session_token');
  return cookie;
}

async function sessionUser(testApp: TestApp, cookie: string) {
  const session = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie });
  return session.json<{ user: Record<string, unknown> } | null>()?.user ?? null;
}

describe('two-factor sign-in (ADMIN_TWO_FACTOR=optional)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('is set up with the password and confirmed by a first code; its secret and codes are stored encrypted', async () => {
    const client = await signedInClient(testApp, 'setup@two-factor.test');
    expect(await sessionUser(testApp, client.cookie)).toMatchObject({
      twoFactorEnabled: false,
      twoFactorRequired: false,
    });

    const wrong = await post(testApp, '/two-factor/enable', { password: 'not-the-password' }, client);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: accountErrorCodes.invalidPassword });
    // Counted toward the failed sign-in lock, as a sign-in's wrong password is.
    const [failures] = await testApp.app.db
      .select({ count: signInFailures.count })
      .from(signInFailures)
      .where(eq(signInFailures.email, client.email));
    expect(failures?.count).toBe(1);

    const enabled = await post(testApp, '/two-factor/enable', { password, issuer: 'Elsewhere' }, client);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/OT%20Consulting:setup%40two-factor\.test\?/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('OT Consulting');
    expect(backupCodes).toHaveLength(recoveryCodeCount);
    const key = new URL(totpURI).searchParams.get('secret') ?? '';
    const secret = base32.decode(key);

    // Not on until a code confirms it: signing in still asks for the password only.
    expect(await sessionUser(testApp, client.cookie)).toMatchObject({ twoFactorEnabled: false });
    const refused = await post(testApp, '/two-factor/verify-totp', { code: await wrongCode(secret) }, client);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: twoFactorErrorCodes.invalidCode,
      message: twoFactorMessages.invalidCode,
    });
    const confirmed = await post(testApp, '/two-factor/verify-totp', { code: await codeNow(secret) }, client);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).not.toHaveProperty('token');
    // The session is renewed (the old one ends) and the account says it is on.
    expect(await sessionUser(testApp, client.cookie)).toBeNull();
    expect(await sessionUser(testApp, cookieHeader(confirmed))).toMatchObject({ twoFactorEnabled: true });

    const [row] = await testApp.app.db.select().from(twoFactors).where(eq(twoFactors.userId, client.id));
    expect(row?.verified).toBe(true);
    const stored = `${row?.secret} ${row?.backupCodes}`;
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(new TextDecoder().decode(secret));
    for (const code of backupCodes) expect(stored).not.toContain(code);
  });

  it('then asks for a code at sign-in: a wrong one is refused, the right one starts the session', async () => {
    const client = await signedInClient(testApp, 'code@two-factor.test');
    const { secret } = await setUpTwoFactor(testApp, client.cookie);

    const challenge = await passwordStep(testApp, client.email);
    const wrong = await post(
      testApp,
      '/two-factor/verify-totp',
      { code: await wrongCode(secret) },
      {
        cookie: challenge,
      },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: twoFactorErrorCodes.invalidCode });
    expect(cookieHeader(wrong)).not.toContain('portal.session_token');

    // 'Trust this device' is no option: the field is dropped and no cookie but the session's is set.
    const right = await post(
      testApp,
      '/two-factor/verify-totp',
      { code: await codeNow(secret), trustDevice: true },
      { cookie: challenge },
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).not.toHaveProperty('token');
    const cookie = cookieHeader(right);
    expect(cookie).toMatch(/^portal\.session_token=[^;]+$/);
    expect(await sessionUser(testApp, cookie)).toMatchObject({ email: client.email });
    const profile = await api(testApp.app, 'GET', apiPaths.accounts.profile, { cookie });
    expect(profile.statusCode).toBe(200);

    // The sign-in's second step is spent: its cookie starts no second session.
    const again = await post(
      testApp,
      '/two-factor/verify-totp',
      { code: await codeNow(secret) },
      {
        cookie: challenge,
      },
    );
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: twoFactorErrorCodes.signInExpired });
  });

  it('takes a recovery code instead, each one once', async () => {
    const client = await signedInClient(testApp, 'recovery@two-factor.test');
    const { backupCodes } = await setUpTwoFactor(testApp, client.cookie);
    const [code = ''] = backupCodes;

    const first = await post(
      testApp,
      '/two-factor/verify-backup-code',
      { code },
      {
        cookie: await passwordStep(testApp, client.email),
      },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).not.toHaveProperty('token');
    expect(await sessionUser(testApp, cookieHeader(first))).toMatchObject({ email: client.email });

    const reused = await post(
      testApp,
      '/two-factor/verify-backup-code',
      { code },
      {
        cookie: await passwordStep(testApp, client.email),
      },
    );
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({
      code: twoFactorErrorCodes.invalidRecoveryCode,
      message: twoFactorMessages.invalidRecoveryCode,
    });
    expect(cookieHeader(reused)).not.toContain('portal.session_token');

    const another = await post(
      testApp,
      '/two-factor/verify-backup-code',
      { code: backupCodes[1] },
      {
        cookie: await passwordStep(testApp, client.email),
      },
    );
    expect(another.statusCode).toBe(200);
  });

  it('gives new recovery codes with the password, and the old ones stop working', async () => {
    const client = await signedInClient(testApp, 'new-codes@two-factor.test');
    const { backupCodes, cookie } = await setUpTwoFactor(testApp, client.cookie);
    const wrong = await post(
      testApp,
      '/two-factor/generate-backup-codes',
      { password: 'wrong-password' },
      {
        cookie,
      },
    );
    expect(wrong.statusCode).toBe(401);
    const made = await post(testApp, '/two-factor/generate-backup-codes', { password }, { cookie });
    expect(made.statusCode, made.body).toBe(200);
    const fresh = made.json<{ backupCodes: string[] }>().backupCodes;
    expect(fresh).toHaveLength(recoveryCodeCount);

    const old = await post(
      testApp,
      '/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      {
        cookie: await passwordStep(testApp, client.email),
      },
    );
    expect(old.statusCode).toBe(401);
    const current = await post(
      testApp,
      '/two-factor/verify-backup-code',
      { code: fresh[0] },
      {
        cookie: await passwordStep(testApp, client.email),
      },
    );
    expect(current.statusCode).toBe(200);
  });

  it('stops a sign-in after five wrong codes: it must start again', async () => {
    const client = await signedInClient(testApp, 'guesser@two-factor.test');
    const { secret } = await setUpTwoFactor(testApp, client.cookie);
    const challenge = await passwordStep(testApp, client.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await post(
        testApp,
        '/two-factor/verify-totp',
        { code: await wrongCode(secret) },
        {
          cookie: challenge,
        },
      );
      expect(wrong.statusCode).toBe(401);
    }
    const stopped = await post(
      testApp,
      '/two-factor/verify-totp',
      { code: await codeNow(secret) },
      {
        cookie: challenge,
      },
    );
    expect(stopped.statusCode).toBe(400);
    expect(stopped.json()).toMatchObject({
      code: twoFactorErrorCodes.tooManyAttempts,
      message: twoFactorMessages.tooManyAttempts,
    });
  });

  it('is turned off with the password: sign-in asks for the password only again', async () => {
    const client = await signedInClient(testApp, 'off@two-factor.test');
    const { cookie } = await setUpTwoFactor(testApp, client.cookie);
    const wrong = await post(testApp, '/two-factor/disable', { password: 'wrong-password' }, { cookie });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: accountErrorCodes.invalidPassword });
    const off = await post(testApp, '/two-factor/disable', { password }, { cookie });
    expect(off.statusCode, off.body).toBe(200);
    expect(await testApp.app.db.select().from(twoFactors).where(eq(twoFactors.userId, client.id))).toEqual(
      [],
    );

    const signIn = await post(testApp, '/sign-in/email', { email: client.email, password }, {});
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).not.toHaveProperty('twoFactorRedirect');
    expect(await sessionUser(testApp, cookieHeader(signIn))).toMatchObject({ twoFactorEnabled: false });
  });

  it('hands an API client no bearer token for the password alone', async () => {
    const client = await signedInClient(testApp, 'api-client@two-factor.test');
    await setUpTwoFactor(testApp, client.cookie);
    const signIn = await identity(
      testApp.app,
      'POST',
      '/sign-in/email',
      { email: client.email, password },
      { ip: freshIp(), apiClient: true },
    );
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });
    const bearer = signIn.headers['set-auth-token'];
    if (typeof bearer === 'string' && bearer !== '') {
      const profile = await api(testApp.app, 'GET', apiPaths.accounts.profile, { bearer });
      expect(profile.statusCode).toBe(401);
    }
  });
});

describe('ADMIN_TWO_FACTOR=required', () => {
  let testApp: TestApp;
  let admin: Client;
  let consultant: Client;
  let client: Client;
  let bookingId: number;

  beforeAll(async () => {
    testApp = await buildTestApp({ env: { ADMIN_TWO_FACTOR: 'required' } });
    admin = await signedInClient(testApp, 'chief@required.test', { firstName: 'Ada', lastName: 'Admin' });
    await setRole(testApp.app.db, admin.email, 'admin');
    consultant = await signedInClient(testApp, 'consultant@required.test');
    client = await signedInClient(testApp, 'client@required.test');
    // The consultant is the one of service 1's bookings (the seed's first consultant of it, linked here).
    const [link] = await testApp.app.db
      .select({ consultantId: min(consultantServices.consultantId) })
      .from(consultantServices)
      .where(eq(consultantServices.serviceId, 1));
    await testApp.app.db
      .update(consultants)
      .set({ userId: consultant.id, email: consultant.email })
      .where(eq(consultants.id, link?.consultantId ?? 0));
    await setRole(testApp.app.db, consultant.email, 'consultant');
    [bookingId = 0] = await seedBookings(testApp.app, [
      { userId: client.id, createdAt: new Date(), serviceId: 1, startsAt: new Date('2041-05-07T16:00:00Z') },
    ]);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** A sample of the firm's API: admin routes, consultant routes and the firm's side of requireSession routes. */
  const adminReads = () => [
    apiPaths.admin.stats,
    apiPaths.admin.counts,
    apiPaths.admin.settings,
    apiPaths.catalogue.adminServices,
    apiPaths.consultants.admin,
    apiPaths.bookings.booking(bookingId),
    apiPaths.bookings.messages(bookingId),
    apiPaths.bookings.files(bookingId),
  ];
  const consultantReads = () => [
    `${apiPaths.consultants.ownBookings}?from=2041-05-01&to=2041-05-30`,
    apiPaths.bookings.booking(bookingId),
    apiPaths.bookings.messages(bookingId),
    apiPaths.bookings.files(bookingId),
  ];

  async function statuses(cookie: string, urls: string[]): Promise<number[]> {
    const answers = await Promise.all(urls.map((url) => api(testApp.app, 'GET', url, { cookie })));
    return answers.map((answer) => answer.statusCode);
  }

  it('tells the web app in the session who must set up a second factor', async () => {
    expect(await sessionUser(testApp, admin.cookie)).toMatchObject({
      twoFactorEnabled: false,
      twoFactorRequired: true,
    });
    expect(await sessionUser(testApp, consultant.cookie)).toMatchObject({ twoFactorRequired: true });
    expect(await sessionUser(testApp, client.cookie)).toMatchObject({ twoFactorRequired: false });
  });

  it('refuses the firm API to an administrator and a consultant without one, 403 TWO_FACTOR_REQUIRED', async () => {
    for (const [who, urls] of [
      [admin, adminReads()],
      [consultant, consultantReads()],
    ] as const) {
      for (const url of urls) {
        const refused = await api(testApp.app, 'GET', url, { cookie: who.cookie });
        expect(refused.statusCode, `${who.email} ${url}`).toBe(403);
        expect(refused.json()).toEqual({
          message: twoFactorMessages.requiredRefusal,
          code: accountErrorCodes.twoFactorRequired,
        });
      }
    }
    const status = await api(testApp.app, 'PUT', apiPaths.admin.status(bookingId), admin, {
      status: 'confirmed',
    });
    expect(status.statusCode).toBe(403);
    expect(status.json()).toMatchObject({ code: accountErrorCodes.twoFactorRequired });
    const consultantStatus = await api(testApp.app, 'PUT', apiPaths.admin.status(bookingId), consultant, {
      status: 'confirmed',
    });
    expect(consultantStatus.json()).toMatchObject({ code: accountErrorCodes.twoFactorRequired });
  });

  it('keeps open what setting it up needs: the session, the profile and signing out', async () => {
    for (const who of [admin, consultant]) {
      expect(await sessionUser(testApp, who.cookie)).toMatchObject({ email: who.email });
      const profile = await api(testApp.app, 'GET', apiPaths.accounts.profile, who);
      expect(profile.statusCode, profile.body).toBe(200);
      const saved = await api(testApp.app, 'PUT', apiPaths.accounts.profile, who, {
        firstName: 'Still',
        lastName: 'Allowed',
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const legal = await api(testApp.app, 'GET', apiPaths.legal, {});
    expect(legal.statusCode).not.toBe(403);
    // Signing out, with a session of its own (the others go on).
    const another = await post(testApp, '/sign-in/email', { email: admin.email, password }, {});
    const leaving = cookieHeader(another);
    const signedOut = await post(testApp, '/sign-out', {}, { cookie: leaving });
    expect(signedOut.statusCode).toBe(200);
    expect(await sessionUser(testApp, leaving)).toBeNull();
  });

  it('leaves a client as it was', async () => {
    expect(
      await statuses(client.cookie, [apiPaths.bookings.myBookings, apiPaths.bookings.booking(bookingId)]),
    ).toEqual([200, 200]);
    expect(await statuses(client.cookie, [apiPaths.admin.stats])).toEqual([403]);
    const notAdmin = await api(testApp.app, 'GET', apiPaths.admin.stats, client);
    expect(notAdmin.json()).not.toHaveProperty('code');
  });

  it('opens the firm API once they have set one up, and asks for its code at the next sign-in', async () => {
    const adminSetUp = await setUpTwoFactor(testApp, admin.cookie);
    expect(await statuses(adminSetUp.cookie, adminReads())).toEqual(adminReads().map(() => 200));
    const consultantSetUp = await setUpTwoFactor(testApp, consultant.cookie);
    expect(await statuses(consultantSetUp.cookie, consultantReads())).toEqual(
      consultantReads().map(() => 200),
    );

    const challenge = await passwordStep(testApp, admin.email);
    const signedIn = await post(
      testApp,
      '/two-factor/verify-totp',
      { code: await codeNow(adminSetUp.secret) },
      {
        cookie: challenge,
      },
    );
    expect(signedIn.statusCode).toBe(200);
    expect(await statuses(cookieHeader(signedIn), [apiPaths.admin.stats])).toEqual([200]);

    // Turned off again, the firm's API closes again.
    const off = await post(testApp, '/two-factor/disable', { password }, { cookie: cookieHeader(signedIn) });
    expect(off.statusCode).toBe(200);
    expect(await statuses(cookieHeader(off), [apiPaths.admin.stats])).toEqual([403]);
    const [account] = await testApp.app.db
      .select({ twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, admin.id));
    expect(account?.twoFactorEnabled).toBe(false);
  });
});

describe('ADMIN_TWO_FACTOR', () => {
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'a'.repeat(40),
    APP_URL: 'https://portal.example.com',
  };

  it('is required by default in production, optional elsewhere, and refuses anything else', () => {
    expect(loadConfig(production).adminTwoFactor).toBe('required');
    expect(loadConfig({ ...production, ADMIN_TWO_FACTOR: 'optional' }).adminTwoFactor).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'development' }).adminTwoFactor).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'development', ADMIN_TWO_FACTOR: 'required' }).adminTwoFactor).toBe(
      'required',
    );
    expect(() => loadConfig({ ADMIN_TWO_FACTOR: 'sometimes' })).toThrow(
      'ADMIN_TWO_FACTOR must be required or optional (got "sometimes")',
    );
  });
});
