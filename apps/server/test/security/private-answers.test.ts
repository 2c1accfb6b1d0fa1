// API answers that hold personal data are never kept by a browser or a proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api, identity } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

let testApp: TestApp;
let client: Client;
beforeAll(async () => {
  testApp = await buildTestApp();
  client = await signedInClient(testApp, 'private@security.test');
});
afterAll(async () => {
  await testApp?.close();
});

describe('Cache-Control on API answers', () => {
  it.each(['/api/auth/profile', '/api/bookings/my-bookings'])('GET %s says no-store', async (url) => {
    const response = await api(testApp.app, 'GET', url, { cookie: client.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('says no-store on the session, on refusals and on writes', async () => {
    const session = await identity(testApp.app, 'GET', '/get-session', undefined, { cookie: client.cookie });
    expect(session.headers['cache-control']).toBe('no-store');
    expect((await api(testApp.app, 'GET', '/api/auth/profile')).headers['cache-control']).toBe('no-store');
    const saved = await api(
      testApp.app,
      'PUT',
      '/api/auth/profile',
      { cookie: client.cookie },
      { firstName: 'Ada', lastName: 'Lovelace' },
    );
    expect(saved.headers['cache-control']).toBe('no-store');
  });
});
