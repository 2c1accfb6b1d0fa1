import type { Page } from '@playwright/test';
import { createAccount, latestMail, origin } from './accounts-helpers.ts';
import { businessZone, expect, expectAccessible, test, weekdayAhead } from './fixtures.ts';

/** Service 3: the booking journeys take services 1 and 2 in parallel. */
const serviceId = 3;

/** 'Monday, January 7, 2030' for 'YYYY-MM-DD', as the app writes a date. */
function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** One property of an iCalendar text's event, e.g. 'UID' or 'SEQUENCE' (its first line with that name). */
function icsProperty(ics: string, name: string): string {
  const value = new RegExp(`^${name}[:;](.*)$`, 'm').exec(ics)?.[1];
  if (value === undefined) throw new Error(`no ${name} in:\n${ics}`);
  return value.trim();
}

/** Books the first free slot of `day` through the API, as the wizard would; returns the booking's id. */
async function bookThroughApi(page: Page, day: string): Promise<number> {
  const availability = await page.request.get(`/api/services/${serviceId}/availability?date=${day}`);
  const { slots } = (await availability.json()) as { slots: { starts_at: string; available: boolean }[] };
  const free = slots.find((slot) => slot.available);
  if (!free) throw new Error(`no free slot on ${day}`);
  const response = await page.request.post('/api/bookings', {
    data: {
      serviceId,
      projectDescription: 'A data warehouse for our sales figures, with dashboards.',
      startsAt: free.starts_at,
    },
    headers: origin(page),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { booking: { id: number } }).booking.id;
}

test.describe('booking detail and reschedule', () => {
  test('a client opens a booking, reschedules it to another day, and sees the new time in My Bookings, the calendar file, the calendar update in the e-mail and Recent Activity', async ({
    page,
  }, testInfo) => {
    const client = await createAccount(page);
    // Weeks ahead (past the 24-hour change notice), a day per repetition so parallel runs never share a slot.
    const day = weekdayAhead(10 + testInfo.repeatEachIndex * 2);
    const newDay = weekdayAhead(11 + testInfo.repeatEachIndex * 2);
    const id = await bookThroughApi(page, day);

    await page.goto('/my-bookings');
    await page.getByRole('article').getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/booking/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(longDate(day), { exact: true })).toBeVisible();
    await expect(page.getByTestId('timeline').getByText('Booked', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // The calendar file before the move: the event the e-mail must update.
    const before = await (await page.request.get(`/api/bookings/${id}/calendar.ics`)).text();

    await page.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Booking' });
    await expect(dialog.getByTestId('current-slot')).toBeVisible();
    const target = dialog.locator(`[data-day="${newDay}"] button`);
    if ((await target.count()) === 0)
      await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
    await target.click();
    const slot = dialog.getByRole('radio', { disabled: false }).first();
    await expect(slot).toBeVisible();
    const label = (await slot.evaluate((input) => input.closest('label')?.textContent ?? '')).trim();
    const [start = ''] = label.split(' - ');
    await slot.check();
    await dialog.getByRole('button', { name: 'Review New Time' }).click();
    await expect(dialog.getByText(`${longDate(newDay)}, ${label}`, { exact: false })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
    await expect(page.getByText('Booking rescheduled successfully')).toBeVisible();
    await expect(page.getByText(longDate(newDay), { exact: true })).toBeVisible();
    await expect(page.getByTestId('timeline').getByText(/^Moved from .* to .*$/)).toBeVisible();

    // The calendar file has the new start, in the business zone.
    const href = await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
    expect(href).toBe(`/api/bookings/${id}/calendar.ics`);
    const ics = await page.request.get(href ?? '');
    expect(ics.status()).toBe(200);
    const file = await ics.text();
    const dtstart = `DTSTART;TZID=${businessZone}:${newDay.replaceAll('-', '')}T${start.replace(':', '')}00`;
    expect(file).toContain(dtstart);

    // The client's e-mail of the move updates the same event: the new start, the file's UID, a higher SEQUENCE.
    const mail = await latestMail(page.request, client.email, /^Your consultation has been moved/);
    const invite = mail.icalEvent?.content ?? '';
    expect(mail.icalEvent?.method).toBe('REQUEST');
    expect(invite).toContain(dtstart);
    expect(icsProperty(invite, 'UID')).toBe(icsProperty(file, 'UID'));
    expect(icsProperty(invite, 'UID')).toBe(icsProperty(before, 'UID'));
    expect(Number(icsProperty(invite, 'SEQUENCE'))).toBeGreaterThan(Number(icsProperty(before, 'SEQUENCE')));

    await page.getByRole('link', { name: 'Back to My Bookings' }).click();
    const card = page.getByRole('article');
    await expect(card.getByText(longDate(newDay), { exact: true })).toBeVisible();
    await expect(card.getByText(label, { exact: false })).toBeVisible();

    await page.goto('/dashboard');
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await expect(activity.getByRole('listitem').first()).toContainText('Moved from');
    await activity.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/booking/${id}$`));
  });
});
