// Two-factor sign-in required of the firm's accounts (ADMIN_TWO_FACTOR=required, docs/product.md#two-factor-sign-in)
// on a portal of its own: an administrator who opens /admin is sent to set up an authenticator app, reads its key
// from the page, confirms it with a code and reaches /admin; then logs in with a code, and once with a recovery code.
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { Page } from '@playwright/test';
import { twoFactorMessages } from '../../packages/domain/src/index.ts';
import { createAccount, makeAdmin, origin, password, uniqueEmail } from './accounts-helpers.ts';
import { test as base, expect, expectAccessible } from './fixtures.ts';
import { type OwnPortal, startOwnPortal } from './portal-helpers.ts';

const test = base.extend<object, { requiredPortal: OwnPortal }>({
  requiredPortal: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const portal = await startOwnPortal({ ADMIN_TWO_FACTOR: 'required' });
      await use(portal);
      await portal.stop();
    },
    // Its start (a fresh embedded database, migrated and seeded) is not the journey's.
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ requiredPortal }, use) => use(requiredPortal.url),
});

/** The code an authenticator app holding this key (base32, as the page shows it) shows now. */
function codeFor(key: string): Promise<string> {
  return createOTP(base32.decode(key)).totp();
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: twoFactorMessages.heading, level: 1 })).toBeVisible();
}

/** Signed out behind the page's back: from the home page, so no admin page is polling the API as it happens. */
async function signOut(page: Page): Promise<void> {
  await page.goto('/', { waitUntil: 'networkidle' });
  const signedOut = await page.request.post('/api/identity/sign-out', { data: {}, headers: origin(page) });
  expect(signedOut.ok()).toBe(true);
}

test('an administrator is sent to set up a second factor, then logs in with a code and with a recovery code', async ({
  page,
  requiredPortal,
  allowConsoleError,
}) => {
  // Three logs-in, each hashing the password, and a set-up: more than one journey's usual time.
  test.slow();
  const email = uniqueEmail('two-factor-admin');
  await createAccount(page, { email, firstName: 'Ada' });
  makeAdmin(email, requiredPortal.dataDir);

  // Opening /admin lands on the profile's two-factor card, saying the firm requires it.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/profile\?redirect=%2Fadmin#two-factor$/);
  await expect(page.getByText(twoFactorMessages.required)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: twoFactorMessages.turnOn }).click();
  // The profile has other password fields (its other cards): this card's.
  await page.getByRole('region', { name: twoFactorMessages.heading }).getByLabel('Password').fill(password);
  await page.getByRole('button', { name: twoFactorMessages.continue }).click();
  const keyField = page.getByLabel(twoFactorMessages.secretLabel);
  await expect(keyField).not.toHaveValue('');
  await expect(page.getByRole('img', { name: twoFactorMessages.qrCodeLabel })).toBeVisible();
  await expectAccessible(page);
  const key = await keyField.inputValue();
  const recoveryCodes = await page
    .getByRole('list', { name: twoFactorMessages.recoveryCodesHeading })
    .getByRole('listitem')
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);

  await page.getByLabel(twoFactorMessages.codeLabel).fill(await codeFor(key));
  await page.getByRole('button', { name: twoFactorMessages.confirm }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  // Logging in again asks for the app's code after the password.
  await signOut(page);
  await page.goto('/login?redirect=%2Fadmin');
  await logIn(page, email);
  await expectAccessible(page);
  await page.getByLabel(twoFactorMessages.codeLabel).fill(await codeFor(key));
  await page.getByRole('button', { name: twoFactorMessages.verify }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  // Or a recovery code instead, which works once.
  await signOut(page);
  await page.goto('/login?redirect=%2Fadmin');
  await logIn(page, email);
  await page.getByRole('button', { name: twoFactorMessages.useRecoveryCode }).click();
  await page.getByLabel(twoFactorMessages.recoveryCodeLabel).fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: twoFactorMessages.verify }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  // A recovery code works once: the second time it is refused (401).
  allowConsoleError(/status of 401 .*\/api\/identity\/two-factor\/verify-backup-code/);
  await signOut(page);
  await page.goto('/login');
  await logIn(page, email);
  await page.getByRole('button', { name: twoFactorMessages.useRecoveryCode }).click();
  await page.getByLabel(twoFactorMessages.recoveryCodeLabel).fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: twoFactorMessages.verify }).click();
  await expect(page.getByText(twoFactorMessages.invalidRecoveryCode)).toBeVisible();
});
