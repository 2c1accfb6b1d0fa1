import type { Page } from '@playwright/test';
import { createAccount } from './accounts-helpers.ts';
import { expect, expectAccessible, keepScreenshot, pickDay, test, weekdayAhead } from './fixtures.ts';

test.describe('booking', () => {
  test('a client books a slot on the next weekday and finds it pending in My Bookings', async ({ page }) => {
    await createAccount(page);
    const day = weekdayAhead(1);

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
    // 12-hour, minutes only when not on the hour: '9 AM - 10 AM', '9:30 AM - 10:30 AM'.
    expect(label).toMatch(/^\d{1,2}(:\d{2})? [AP]M - \d{1,2}(:\d{2})? [AP]M$/);
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
    await expect(summary.getByRole('definition').filter({ hasText: label })).toBeVisible();
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

  /** Books service 2's last free slot on `day` while POST /api/bookings is blocked; returns the keys sent. */
  async function bookWhileUnreachable(page: Page, day: string, text: string): Promise<string[]> {
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') {
        keys.push(request.headers()['idempotency-key'] ?? '');
      }
    });
    await page.route('**/api/bookings', (route) => route.abort());
    // Service 2: the other booking journey takes service 1's first slot in parallel.
    await page.goto('/book/2');
    await pickDay(page, day);
    const slot = page.getByRole('radio').last();
    await expect(slot).toBeVisible();
    await slot.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Project Description').fill(text);
    await page.getByRole('button', { name: 'Review Booking' }).click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByText('Booking saved locally - API error: API unavailable')).toBeVisible();
    await expect(page).toHaveURL(/\/my-bookings$/);
    return keys;
  }

  /** Each repetition of a journey books on its own weekday, so parallel repetitions never want one slot. */
  function dayOf(repeatEachIndex: number, offset: number): string {
    return weekdayAhead(1 + offset + repeatEachIndex * 2);
  }

  test('a booking made while the API is unreachable is kept, survives a reload and is saved exactly once', async ({
    page,
    allowConsoleError,
  }, testInfo) => {
    allowConsoleError(/ERR_FAILED|Failed to load resource/);
    await createAccount(page);
    const text = `Offline booking ${Date.now()}: a shop for our bakery with delivery slots.`;
    const keys = await bookWhileUnreachable(page, dayOf(testInfo.repeatEachIndex, 1), text);

    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card.getByText('Not yet sent')).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'my-bookings-not-yet-sent');

    // A reload while still unreachable: still listed, still not sent.
    await page.reload();
    await expect(card.getByText('Not yet sent')).toBeVisible();

    // The server answers again: the next try (here the browser's `online` event) sends it.
    await page.unroute('**/api/bookings');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('Booking saved to database successfully!')).toBeVisible();
    await expect(card.getByText(/^OT-\d{4}-\d{3,}$/)).toBeVisible();
    await expect(card.getByText('Not yet sent')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No Bookings Found' })).toHaveCount(0);
    await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(1);

    // Exactly once on the server, every try with the same key, and nothing left to send after a reload.
    await page.reload();
    await expect(card.getByText(/^OT-\d{4}-\d{3,}$/)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByText('Not yet sent')).toHaveCount(0);
    const listed = await page.evaluate(async () => {
      const response = await fetch('/api/bookings/my-bookings');
      const body = (await response.json()) as { bookings: { project_description: string }[] };
      return body.bookings.map((booking) => booking.project_description);
    });
    expect(listed).toEqual([text]);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keys).size).toBe(1);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('pending'))),
    ).toEqual([]);
  });

  test('bookings kept unsent in the browser are forgotten on sign-out', async ({
    page,
    allowConsoleError,
  }, testInfo) => {
    allowConsoleError(/ERR_FAILED|Failed to load resource/);
    await createAccount(page);
    const text = `Forgotten booking ${Date.now()}: a shop for our bakery with delivery slots.`;
    await bookWhileUnreachable(page, dayOf(testInfo.repeatEachIndex, 2), text);
    await expect(page.getByRole('article').filter({ hasText: text }).getByText('Not yet sent')).toBeVisible();
    const stored = () =>
      page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('portal.pendingBookings')),
      );
    expect(await stored()).toHaveLength(1);

    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: /, user menu$/ }).click();
    await banner.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await stored()).toEqual([]);
  });

  for (const [viewport, width, offset] of [
    ['desktop', 1280, 4],
    ['phone', 375, 5],
  ] as const) {
    test(`on a ${viewport}, the wizard states the rules before Confirm and the notification agrees with the pending card`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
      await createAccount(page);
      const day = dayOf(testInfo.repeatEachIndex, offset);
      const text = `Rules booking ${Date.now()}: a review of our network and backups.`;

      // Service 4, IT Consulting: its own service, so no other wizard journey wants its slots.
      await page.goto('/book/4');
      await expect(page.getByRole('grid').first()).toBeVisible();
      // The calendar fits: Saturday's column is on screen and nothing is wider than the screen.
      const saturday = page.locator('.rdp-weekday').last();
      await expect(saturday).toHaveAttribute('aria-label', 'Saturday');
      await expect(saturday).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await pickDay(page, day);
      await expect(page.getByTestId('slot-count')).toHaveText(/^\d+ times? free$/);
      const slot = page.getByRole('radio').last();
      await slot.scrollIntoViewIfNeeded();
      const label = (await slot.evaluate((input) => input.closest('label')?.textContent ?? '')).trim();
      await slot.check();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await keepScreenshot(page, `booking-step-1-${viewport}`);
      await page.getByRole('button', { name: 'Continue' }).click();

      // The chosen time stays in view on the Details step.
      await expect(page.getByTestId('chosen-time')).toContainText(label);
      await page.getByLabel('Project Description').fill(text);
      await page.getByRole('button', { name: 'Review Booking' }).click();

      // Before Confirm: the service with its article, the change notice and the cancellation rule, how to reach us.
      await expect(page.getByText('You are requesting an IT Consulting consultation')).toBeVisible();
      const rules = page.getByTestId('change-rules');
      await expect(rules).toContainText(
        'You can move this booking to another time until 24 hours before it starts, and cancel it once we have confirmed it, until the same time.',
      );
      await expect(rules.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
      await expect(rules.getByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ })).toHaveAttribute(
        'href',
        /^tel:/,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      await keepScreenshot(page, `booking-step-3-${viewport}`);
      await page.getByRole('button', { name: 'Confirm Booking' }).click();

      // The notification and the card agree: a request sent, pending; nothing says confirmed.
      await expect(page).toHaveURL(/\/my-bookings$/);
      const toast = page
        .getByRole('region', { name: 'Notifications' })
        .getByRole('status')
        .filter({ hasText: 'Booking Request Sent' });
      await expect(toast).toContainText('Booking saved to database successfully!');
      await expect(toast).toContainText(
        'It is pending until we confirm it, usually within one business day.',
      );
      await expect(toast).not.toContainText(/confirmed/i);
      const card = page.getByRole('article').filter({ hasText: text });
      await expect(card.getByText('Pending', { exact: true })).toBeVisible();
      await expect(card.getByText('Confirmed', { exact: true })).toHaveCount(0);
    });
  }

  test("a missing service shows Service Not Found; another client's booking shows Booking Not Found", async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/404/);
    await createAccount(page);
    await page.goto('/services/999999/book');
    await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Services' })).toBeVisible();
    // Booking 1 is not this new client's (or does not exist): the same answer either way.
    await page.goto('/booking/1');
    await expect(page.getByRole('heading', { name: 'Booking Not Found' })).toBeVisible();
    await expect(page.getByText('This booking does not exist, or it is not one of yours.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to My Bookings' }).click();
    await expect(page).toHaveURL(/\/my-bookings$/);
  });
});
