import type { Page } from '@playwright/test';
import { createAccount } from './accounts-helpers.ts';
import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';

/** The business zone the server reckons in (BUSINESS_TIMEZONE is not set for the journeys). */
const businessZone = 'America/Phoenix';

/** The first weekday after today in the business zone, as 'YYYY-MM-DD'. */
function nextWeekday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: businessZone }).format(new Date());
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6);
  return date.toISOString().slice(0, 10);
}

/** Clicks a day of the wizard's calendar, moving to the next month when needed. */
async function pickDay(page: Page, date: string) {
  const day = page.locator(`[data-day="${date}"] button`);
  await expect(page.getByRole('grid').first()).toBeVisible();
  if ((await day.count()) === 0) await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  await day.click();
}

test.describe('booking', () => {
  test('a client books a slot on the next weekday and finds it pending in My Bookings', async ({ page }) => {
    await createAccount(page);
    const day = nextWeekday();

    await page.goto('/services/1');
    await page.getByRole('link', { name: 'Book Consultation Now' }).click();
    await expect(page).toHaveURL(/\/book\/1$/);
    await expect(page.getByRole('heading', { name: 'Choose a Date & Time' })).toBeVisible();
    await expect(page.getByText('Consultations are available Monday-Friday, 9 AM - 5 PM')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expectAccessible(page);

    await pickDay(page, day);
    const firstSlot = page.getByRole('radio').first();
    await expect(firstSlot).toBeVisible();
    const label = (await firstSlot.evaluate((input) => input.closest('label')?.textContent ?? '')).trim();
    expect(label).toMatch(/^\d{2}:\d{2} - \d{2}:\d{2}$/);
    await expect(page.getByText(/Times are in .*America\/Phoenix/)).toBeVisible();
    await firstSlot.check();
    await expectAccessible(page);
    await keepScreenshot(page, 'booking-step-1');
    await page.getByRole('button', { name: 'Continue' }).click();

    const description = page.getByLabel('Project Description');
    await expect(page.getByText('0/20')).toBeVisible();
    await description.fill('Too short');
    await expect(page.getByText('9/20')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Review Booking' })).toBeDisabled();
    await description.fill('We need an online shop for our bakery with delivery slots.');
    await expect(page.getByRole('button', { name: 'Review Booking' })).toBeEnabled();
    await page.getByLabel('Urgency').selectOption('high');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Review Booking' }).click();

    const summary = page.getByRole('region', { name: 'Review Your Booking' });
    await expect(summary.getByText(label, { exact: false })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'booking-step-3');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();

    await expect(page).toHaveURL(/\/my-bookings$/);
    await expect(page.getByText('Booking saved to database successfully!')).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: 'We need an online shop for our bakery' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card.getByText(/^OT-\d{4}-\d{3,}$/)).toBeVisible();
    await expect(card.getByText(label, { exact: false })).toBeVisible();
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    await expect(card).toBeVisible();
    await page.getByRole('tab', { name: 'Past' }).click();
    await expect(page.getByRole('heading', { name: 'No Bookings Found' })).toBeVisible();
    await page.getByRole('tab', { name: 'All' }).click();
    await expectAccessible(page);
    await keepScreenshot(page, 'my-bookings');

    // The slot is no longer offered.
    await page.goto('/book/1');
    await pickDay(page, day);
    await expect(page.getByRole('radio').first()).toBeVisible();
    await expect(page.getByRole('radio', { name: label, exact: true })).toHaveCount(0);
  });

  test('a missing service shows Service Not Found; the detail placeholder reads as the spec says', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/404/);
    await createAccount(page);
    await page.goto('/services/999999/book');
    await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Services' })).toBeVisible();
    await page.goto('/booking/1');
    await expect(page.getByText('Booking detail page is under development.')).toBeVisible();
  });
});
