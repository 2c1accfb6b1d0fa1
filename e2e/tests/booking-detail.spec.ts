import type { Browser, Page } from '@playwright/test';
import { createAccount, latestMail, makeAdmin, origin, uniqueEmail } from './accounts-helpers.ts';
import { businessZone, expect, expectAccessible, pickDay, test, weekdayAhead } from './fixtures.ts';

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

/** 'Mon, Jan 7, 2030' for 'YYYY-MM-DD', as cards write a date. */
function shortDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** '0930' for '9:30 AM', '1400' for '2 PM': a slot's start as an iCalendar time reads it. */
function icsClock(time: string): string {
  const [, hour = '0', minute = '00', half = 'AM'] = /^(\d{1,2})(?::(\d{2}))? ([AP]M)$/.exec(time) ?? [];
  const hours = (Number(hour) % 12) + (half === 'PM' ? 12 : 0);
  return `${String(hours).padStart(2, '0')}${minute}`;
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
    await pickDay(dialog, newDay);
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
    const href = await page.getByRole('link', { name: 'Add to Calendar' }).getAttribute('href');
    expect(href).toBe(`/api/bookings/${id}/calendar.ics`);
    const ics = await page.request.get(href ?? '');
    expect(ics.status()).toBe(200);
    const file = await ics.text();
    const dtstart = `DTSTART;TZID=${businessZone}:${newDay.replaceAll('-', '')}T${icsClock(start)}00`;
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
    await expect(card.getByText(shortDate(newDay), { exact: true })).toBeVisible();
    await expect(card.getByText(label, { exact: false })).toBeVisible();

    await page.goto('/dashboard');
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await expect(activity.getByRole('listitem').first()).toContainText('Moved from');
    await activity.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/booking/${id}$`));
  });
});

/** An administrator signed in in a browser context of its own. */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail('admin');
  await createAccount(page, { email, firstName: 'Ada' });
  makeAdmin(email);
  return page;
}

/** The firm gives the booking a status, as All Bookings does. */
async function setStatus(admin: Page, id: number, status: 'confirmed' | 'cancelled'): Promise<void> {
  const response = await admin.request.put(`/api/bookings/admin/${id}/status`, {
    data: { status },
    headers: origin(admin),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The page fits the screen's width: nothing makes it scroll sideways. */
async function expectNoSideways(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const [screen, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['a 375 px phone', { width: 375, height: 812 }],
] as const) {
  test.describe(`what the booking really is, on ${screen}`, () => {
    test.use({ viewport });

    test('the dashboard shows the next consultation; a pending booking has a Reference, a confirmed one a Confirmation Code; a cancelled one offers Book again', async ({
      page,
      browser,
    }, testInfo) => {
      // Two accounts, one made an administrator with the operator command: slower than one client's journey.
      test.slow();
      await createAccount(page);
      const day = weekdayAhead(30 + (screen === 'desktop' ? 0 : 1) + testInfo.repeatEachIndex * 2);
      const id = await bookThroughApi(page, day);

      // The dashboard: the next consultation, with its date, status and a way to its page.
      await page.goto('/dashboard');
      const next = page.getByRole('region', { name: 'Your next consultation' });
      await expect(next.getByText(longDate(day), { exact: true })).toBeVisible();
      await expect(next.getByTestId('status-badge')).toHaveText('Pending');
      await expectAccessible(page);
      await expectNoSideways(page, viewport.width);
      await next.getByRole('link', { name: 'View Details' }).click();
      await expect(page).toHaveURL(new RegExp(`/booking/${id}$`));

      // Pending: not confirmed yet, so its code is a Reference.
      await expect(page.getByText('Reference', { exact: true })).toBeVisible();
      await expect(page.getByText('Confirmation Code', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Add to Calendar' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Book Again' })).toHaveCount(0);

      const admin = await adminPage(browser);
      await setStatus(admin, id, 'confirmed');
      await page.reload();
      await expect(page.getByText('Confirmation Code', { exact: true })).toBeVisible();
      await expect(page.getByText('Reference', { exact: true })).toHaveCount(0);

      // Cancelled by the firm: nothing to put in a calendar; Book again leads to the same service's wizard.
      await setStatus(admin, id, 'cancelled');
      await page.reload();
      await expect(page.getByRole('link', { name: 'Add to Calendar' })).toHaveCount(0);
      const again = page.getByRole('link', { name: 'Book Again' });
      await expect(again).toBeVisible();
      await expectAccessible(page);
      await expectNoSideways(page, viewport.width);
      await again.click();
      await expect(page).toHaveURL(new RegExp(`/book/${serviceId}$`));

      // The card on My Bookings offers it too; the dashboard has no next consultation any more.
      await page.goto('/my-bookings');
      await expect(page.getByRole('article').getByRole('link', { name: 'Book Again' })).toBeVisible();
      await page.goto('/dashboard');
      await expect(
        page.getByRole('region', { name: 'Your next consultation' }).getByText('No upcoming consultations.'),
      ).toBeVisible();
      await admin.context().close();
    });
  });
}
