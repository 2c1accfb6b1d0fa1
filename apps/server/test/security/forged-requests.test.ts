// Cross-site request forgery: a state-changing API request that carries the session cookie must come from the
// portal's own origin.
import { accountMessages } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfiles } from '../../src/db/schema.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { appUrl, cookieHeader, freshIp, identity } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

let testApp: TestApp;
let client: Client;
beforeAll(async () => {
  testApp = await buildTestApp();
  client = await signedInClient(testApp, 'forgery@security.test', { firstName: 'Grace', lastName: 'Hopper' });
});
afterAll(async () => {
  await testApp?.close();
});

function putProfile(headers: Record<string, string>, firstName: string) {
  return testApp.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers: { 'content-type': 'application/json', ...headers },
    payload: { firstName, lastName: 'Hopper' },
  });
}

async function storedFirstName(): Promise<string | undefined> {
  const [row] = await testApp.app.db
    .select({ firstName: userProfiles.firstName })
    .from(userProfiles)
    .where(eq(userProfiles.userId, client.id));
  return row?.firstName;
}

describe('forged requests', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['a foreign Referer and no Origin', { referer: 'https://evil.example/page' }],
    ['neither Origin nor Referer', {}],
  ])('refuses a cookie-authenticated write with %s: 403, nothing changed', async (_name, headers) => {
    const response = await putProfile({ cookie: client.cookie, ...headers }, 'Forged');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: accountMessages.originNotAllowed });
    expect(await storedFirstName()).toBe('Grace');
    const booking = await testApp.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'content-type': 'application/json', cookie: client.cookie, ...headers },
      payload: { serviceId: 1, projectDescription: 'A forged booking that must not be stored.' },
    });
    expect(booking.statusCode).toBe(403);
  });

  it('lets the portal own pages write, by Origin or (without one) by Referer', async () => {
    expect((await putProfile({ cookie: client.cookie, origin: appUrl }, 'Grace')).statusCode).toBe(200);
    const byReferer = await putProfile({ cookie: client.cookie, referer: `${appUrl}/profile` }, 'Grace');
    expect(byReferer.statusCode).toBe(200);
  });

  it("leaves an API client's bearer writes alone, whatever their Origin; the same with the cookie is refused", async () => {
    // An API client signs in without Origin (decision 025) and is handed the signed token.
    const signIn = await identity(
      testApp.app,
      'POST',
      '/sign-in/email',
      { email: client.email, password: 'booking-tests-password' },
      { ip: freshIp(), apiClient: true },
    );
    expect(signIn.statusCode).toBe(200);
    const bearer = String(signIn.headers['set-auth-token']);
    expect(bearer).toContain('.');

    const byBearer = await putProfile(
      { authorization: `Bearer ${bearer}`, origin: 'https://evil.example' },
      'Bearer',
    );
    expect(byBearer.statusCode, byBearer.body).toBe(200);
    expect(await storedFirstName()).toBe('Bearer');
    const withCookie = await putProfile(
      { authorization: `Bearer ${bearer}`, cookie: cookieHeader(signIn), origin: 'https://evil.example' },
      'Forged',
    );
    expect(withCookie.statusCode).toBe(403);
    expect(await storedFirstName()).toBe('Bearer');
    await putProfile({ cookie: client.cookie, origin: appUrl }, 'Grace');
  });

  it('leaves reads, and writes without the session cookie (API clients), to the other rules', async () => {
    const read = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { cookie: client.cookie, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    // No cookie: not a forgery; the session guard answers.
    const noCookie = await putProfile({ origin: 'https://evil.example' }, 'Grace');
    expect(noCookie.statusCode).toBe(401);
  });
});
