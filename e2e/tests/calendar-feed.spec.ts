import { request } from '@playwright/test';
import { createAccount, origin } from './accounts-helpers.ts';
import { expect, expectAccessible, test, weekdayAhead } from './fixtures.ts';

/** Service 4: the other journeys book services 1 to 3. */
const serviceId = 4;

/** Fetches a feed as a calendar app does: the URL alone, from a context with no cookie. */
async function fetchFeed(url: string): Promise<{ status: number; type: string; body: string }> {
  const calendarApp = await request.newContext();
  try {
    const response = await calendarApp.get(url);
    return {
      status: response.status(),
      type: response.headers()['content-type'] ?? '',
      body: await response.text(),
    };
  } finally {
    await calendarApp.dispose();
  }
}

test('a client subscribes to their calendar feed, which lists their booking, and a reset retires the old link', async ({
  page,
  context,
}, testInfo) => {
  await createAccount(page);
  const day = weekdayAhead(14 + testInfo.repeatEachIndex);
  const availability = await page.request.get(`/api/services/${serviceId}/availability?date=${day}`);
  const { slots } = (await availability.json()) as { slots: { starts_at: string; available: boolean }[] };
  const free = slots.find((slot) => slot.available);
  if (!free) throw new Error(`no free slot on ${day}`);
  const booked = await page.request.post('/api/bookings', {
    data: {
      serviceId,
      projectDescription: 'A roadmap for moving our servers to the cloud.',
      startsAt: free.starts_at,
    },
    headers: origin(page),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { booking } = (await booked.json()) as { booking: { id: number } };
  const eventUid = `UID:booking-${booking.id}@127.0.0.1`;

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/profile');
  const link = page.getByRole('textbox', { name: 'Calendar link' });
  await expect(link).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const oldUrl = await link.inputValue();
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);
  await expectAccessible(page);

  const feed = await fetchFeed(oldUrl);
  expect(feed.status).toBe(200);
  expect(feed.type).toBe('text/calendar; charset=utf-8');
  expect(feed.body).toContain('BEGIN:VCALENDAR');
  expect(feed.body).toContain(eventUid);
  expect(feed.body).toContain('STATUS:TENTATIVE');

  await page.getByRole('button', { name: 'Reset link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset the calendar link?' });
  await expect(dialog).toContainText('stops working at once');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Make a New Link' }).click();
  await expect(dialog).toBeHidden();
  await expect(link).not.toHaveValue(oldUrl);
  const newUrl = await link.inputValue();

  expect((await fetchFeed(oldUrl)).status).toBe(404);
  const renewed = await fetchFeed(newUrl);
  expect(renewed.status).toBe(200);
  expect(renewed.body).toContain(eventUid);
});
