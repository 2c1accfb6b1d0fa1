// A client's rights over their data (docs/product.md#your-data): they read the Privacy Policy from the footer,
// download what the portal holds about them from their profile, delete their account, and cannot sign in again.
import { readFileSync } from 'node:fs';
import { bookedConsultation, createAccount, origin, password } from './accounts-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/** IT Consulting: booked ahead and cancelled by the erasure, so its slot is free again for the other journeys. */
const serviceId = 4;

interface Export {
  account: { email: string };
  bookings: { id: number }[];
}

test('a client reads the Privacy Policy, downloads their data, deletes their account and cannot sign in again', async ({
  page,
  allowConsoleError,
}) => {
  // The last sign-in is refused on purpose: the browser reports the 401.
  allowConsoleError(/status of 401 .*sign-in\/email/);
  const { email } = await createAccount(page, { firstName: 'Robin' });
  const booking = await bookedConsultation(page, serviceId, 'A data platform review before the erasure.');

  // The Privacy Policy, from the footer of any page.
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Download my data');
  await expect(page.getByRole('main')).toContainText('Delete my account');
  await expectAccessible(page);

  // Everything the portal holds about them, as a file.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Download my data', exact: true }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  const file = await download.path();
  const exported = JSON.parse(readFileSync(file, 'utf8')) as Export;
  expect(exported.account.email).toBe(email);
  expect(exported.bookings.map((entry) => entry.id)).toContain(booking.id);

  // The account erased: signed out, and the old password opens nothing.
  await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(page).toHaveURL(/\/$/);
  const session = await page.request.get('/api/identity/get-session');
  expect(await session.json()).toBeNull();

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // An API client fares no better.
  const signIn = await page.request.post('/api/identity/sign-in/email', {
    data: { email, password },
    headers: origin(page),
  });
  expect(signIn.status()).toBe(401);
});
