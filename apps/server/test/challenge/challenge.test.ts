// The proof-of-work challenge in front of sign-up and the contact form (docs/product.md#the-person-check,
// docs/decisions/041): issued signed and expiring, solved as the widget solves it, required by both forms, taken
// once (counted in the database), refused when missing, forged, altered or expired, and asked for by neither form
// with SIGNUP_CHALLENGE=off.
import { apiPaths, type ChallengeResponse, challengeMessages } from '@portal/domain';
import { type Challenge, createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, users } from '../../src/db/schema.ts';
import { challengeGate } from '../../src/lib/challenge.ts';
import { api, freshIp, identity } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { challengePayload, solve, solvedChallenge } from '../helpers/challenge.ts';

const secret = 'challenge-test-secret-'.padEnd(48, 'x');
const password = 'a sturdy passphrase 42';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { SIGNUP_CHALLENGE: 'on', AUTH_SECRET: secret } });
});
afterAll(async () => {
  await testApp?.close();
});

let counter = 0;
function freshEmail(): string {
  counter += 1;
  return `challenged${counter}@example.com`;
}

function signUp(body: Record<string, unknown>) {
  return identity(
    testApp.app,
    'POST',
    '/sign-up/email',
    { email: freshEmail(), password, ...body },
    { ip: freshIp() },
  );
}

function contact(body: Record<string, unknown>) {
  return api(
    testApp.app,
    'POST',
    apiPaths.contact.send,
    { ip: freshIp() },
    {
      name: 'Ada Lovelace',
      email: freshEmail(),
      subject: 'A data platform',
      message: 'We would like to talk about a proper database for our orders.',
      ...body,
    },
  );
}

async function accountsNamed(email: string): Promise<number> {
  const [row] = await testApp.app.db.select({ count: count() }).from(users).where(eq(users.email, email));
  return Number(row?.count);
}

async function messagesFrom(email: string): Promise<number> {
  const [row] = await testApp.app.db
    .select({ count: count() })
    .from(contactMessages)
    .where(eq(contactMessages.email, email));
  return Number(row?.count);
}

/** The 400 naming `altcha` with `message`. */
function expectRefused(response: Awaited<ReturnType<typeof signUp>>, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ message, errors: [{ path: 'altcha', msg: message }] });
}

/** A challenge signed with the keys of `authSecret`, expiring at `expiresAt`, solved. */
async function solvedWith(authSecret: string, expiresAt: Date): Promise<string> {
  const keys = challengeGate(authSecret, true);
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 10,
    counter: 5,
    deriveKey,
    expiresAt,
    hmacSignatureSecret: keys.signatureKey,
    hmacKeySignatureSecret: keys.answerKey,
  });
  return challengePayload(challenge, await solve(challenge));
}

describe('GET /api/challenge', () => {
  it('issues a signed PBKDF2 challenge that expires in 10 minutes, never cached, a new one each time', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: apiPaths.challenge });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const challenge = first.json<ChallengeResponse>();
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, keyLength: 32 });
    const expiresAt = Number(challenge.parameters.expiresAt);
    expect(expiresAt * 1000).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(expiresAt * 1000).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    const second = (
      await testApp.app.inject({ method: 'GET', url: apiPaths.challenge })
    ).json<ChallengeResponse>();
    expect(second.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });
});

describe('the security policy', () => {
  it('needs no exception for the widget: its worker is a file of our origin, under script-src', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/register' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/blob:|unsafe-inline|unsafe-eval|worker-src|child-src/);
  });
});

describe('sign-up (POST /api/identity/sign-up/email)', () => {
  it('refuses a sign-up without a solved challenge with 400 naming altcha, creating no account', async () => {
    const email = freshEmail();
    expectRefused(await signUp({ email }), challengeMessages.required);
    expectRefused(await signUp({ email, altcha: '' }), challengeMessages.required);
    expectRefused(await signUp({ email, altcha: 42 }), challengeMessages.required);
    expect(await accountsNamed(email)).toBe(0);
  });

  it('takes a sign-up with a solved challenge, with the body it took before', async () => {
    const email = freshEmail();
    const response = await signUp({ email, altcha: await solvedChallenge(testApp.app) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await accountsNamed(email)).toBe(1);
  });

  it('takes each solution once: a replay is refused, on the contact form too', async () => {
    const altcha = await solvedChallenge(testApp.app);
    expect((await signUp({ altcha })).statusCode).toBe(200);
    const email = freshEmail();
    expectRefused(await signUp({ email, altcha }), challengeMessages.used);
    expect(await accountsNamed(email)).toBe(0);
    expectRefused(await contact({ altcha }), challengeMessages.used);
  });

  it('lets exactly one of several simultaneous sign-ups with one solution through (one count in the database)', async () => {
    const altcha = await solvedChallenge(testApp.app);
    const answers = await Promise.all(Array.from({ length: 4 }, () => signUp({ altcha })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400]);
  });

  it('refuses an expired challenge, one signed with another key, one altered, and one that is no challenge', async () => {
    expectRefused(
      await signUp({ altcha: await solvedWith(secret, new Date(Date.now() - 1000)) }),
      challengeMessages.expired,
    );
    expectRefused(
      await signUp({
        altcha: await solvedWith('another-secret-'.padEnd(48, 'y'), new Date(Date.now() + 60_000)),
      }),
      challengeMessages.invalid,
    );
    // Our own challenge with an easier prefix written in: its signature no longer matches.
    const issued = (
      await testApp.app.inject({ method: 'GET', url: apiPaths.challenge })
    ).json<ChallengeResponse>();
    const altered = {
      ...issued,
      parameters: { ...issued.parameters, keyPrefix: '0', keySignature: undefined },
    } as unknown as Challenge;
    expectRefused(
      await signUp({ altcha: challengePayload(altered, await solve(altered)) }),
      challengeMessages.invalid,
    );
    // A right challenge with a wrong answer.
    const genuine = issued as unknown as Challenge;
    const solution = await solve(genuine);
    expectRefused(
      await signUp({ altcha: challengePayload(genuine, { ...solution, derivedKey: '00'.repeat(32) }) }),
      challengeMessages.invalid,
    );
    for (const altcha of ['not a challenge', Buffer.from('{"challenge":1}').toString('base64')]) {
      expectRefused(await signUp({ altcha }), challengeMessages.invalid);
    }
  });
});

describe('the contact form (POST /api/contact)', () => {
  it('refuses a message without a solved challenge, storing nothing; takes it with one, once', async () => {
    const email = freshEmail();
    expectRefused(await contact({ email }), challengeMessages.required);
    expect(await messagesFrom(email)).toBe(0);
    const altcha = await solvedChallenge(testApp.app);
    const taken = await contact({ email, altcha });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await messagesFrom(email)).toBe(1);
    expectRefused(await contact({ altcha }), challengeMessages.used);
    expect(await messagesFrom(email)).toBe(1);
  });

  it('asks bots caught by the hidden field for a solution too, so the trap answers as for a person', async () => {
    expectRefused(await contact({ website: 'https://spam.example' }), challengeMessages.required);
    const trapped = await contact({
      website: 'https://spam.example',
      altcha: await solvedChallenge(testApp.app),
    });
    expect(trapped.statusCode).toBe(200);
  });
});

describe('SIGNUP_CHALLENGE=off', () => {
  it('asks neither form for a challenge', async () => {
    const relaxed = await buildTestApp({ env: { SIGNUP_CHALLENGE: 'off' } });
    try {
      const email = freshEmail();
      const signedUp = await identity(
        relaxed.app,
        'POST',
        '/sign-up/email',
        { email, password },
        { ip: freshIp() },
      );
      expect(signedUp.statusCode, signedUp.body).toBe(200);
      const sent = await api(
        relaxed.app,
        'POST',
        apiPaths.contact.send,
        { ip: freshIp() },
        {
          name: 'Ada Lovelace',
          email,
          subject: 'No check asked',
          message: 'A trusted deployment asks for no proof of work at all.',
        },
      );
      expect(sent.statusCode, sent.body).toBe(200);
    } finally {
      await relaxed.close();
    }
  });
});
