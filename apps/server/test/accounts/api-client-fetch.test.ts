// The bearer flow as /api/docs documents it, from Node's own fetch as it is (it sends `Sec-Fetch-Mode: cors` and no
// Origin): sign up, verify, sign in, read set-auth-token, call a protected route with it. Over a real port, so the
// headers are the ones fetch sends, not ones a test chose.
import type { AddressInfo } from 'node:net';
import { apiPaths } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

let testApp: TestApp;
let base = '';
beforeAll(async () => {
  testApp = await buildTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await testApp?.close();
});

function post(path: string, body: object, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe("an API client on Node's fetch", () => {
  const email = 'fetch.client@example.test';
  const password = 'node-fetch-password-1';

  it('signs up, signs in, gets the bearer token and uses it on a protected route', async () => {
    const signUp = await post(apiPaths.accounts.signUp, { email, password });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    expect(await signUp.json()).not.toHaveProperty('token');
    // The e-mailed link's work, done in the database.
    await testApp.app.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));

    const signIn = await post(apiPaths.accounts.signIn, { email, password });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    expect(await signIn.json()).not.toHaveProperty('token');
    const bearer = signIn.headers.get('set-auth-token');
    expect(bearer).toMatch(/^[^.]+\.[^.]+$/);

    const anonymous = await fetch(`${base}${apiPaths.accounts.profile}`);
    expect(anonymous.status).toBe(401);
    const authorization = `Bearer ${bearer}`;
    const saved = await fetch(`${base}${apiPaths.accounts.profile}`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Node', lastName: 'Fetch' }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const profile = await fetch(`${base}${apiPaths.accounts.profile}`, { headers: { authorization } });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ user: { email, first_name: 'Node', last_name: 'Fetch' } });
    const session = await fetch(`${base}${apiPaths.accounts.session}`, { headers: { authorization } });
    expect(await session.json()).toMatchObject({ user: { email } });
  });

  it('gets no token when it says it is a browser page (Origin or Sec-Fetch-Site)', async () => {
    const browsers: Record<string, string>[] = [
      { origin: appUrl },
      { origin: appUrl, 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of browsers) {
      const signIn = await post(apiPaths.accounts.signIn, { email, password }, headers);
      expect(signIn.status, JSON.stringify(headers)).toBe(200);
      expect(signIn.headers.get('set-auth-token'), JSON.stringify(headers)).toBeNull();
      expect(await signIn.json()).not.toHaveProperty('token');
    }
    // A browser always sends its Origin with a POST: one that says it is a page and has none is refused.
    const originless = await post(
      apiPaths.accounts.signIn,
      { email, password },
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(originless.status).toBe(403);
    expect(originless.headers.get('set-auth-token')).toBeNull();
  });
});
