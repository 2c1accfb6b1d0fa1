// Links the portal e-mails say where the browser goes next; only to a page of the portal, so that a link made by
// someone else cannot carry a client from our address to theirs (an open redirect), nor make the server fail.
import { accountMessages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('where an e-mailed link sends the browser', () => {
  it.each([
    'https://evil.example/login',
    '//evil.example/login',
    '/\\evil.example',
    // Browsers drop a tab or line break in a URL: this is //evil.example to them.
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'not a url',
    '9999-12-31',
  ])('refuses %s as the verification link’s next page', async (next) => {
    const response = await testApp.app.inject({
      url: `/api/identity/verify-email?token=x&callbackURL=${encodeURIComponent(next)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: accountMessages.callbackNotOnSite,
      errors: [{ path: 'callbackURL', msg: accountMessages.callbackNotOnSite }],
    });
  });

  it.each(['/login', `${appUrl}/dashboard`])('follows a page of the portal: %s', async (next) => {
    const response = await testApp.app.inject({
      url: `/api/identity/verify-email?token=x&callbackURL=${encodeURIComponent(next)}`,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(new RegExp(`^${next}\\?error=`));
  });
});
