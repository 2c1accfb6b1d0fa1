// The firm runs its catalogue and its schedule from /admin, and a client follows at once. This journey changes what
// every other journey books against (a closed Monday, a buffer), so it runs after them all (docs/decisions/006).
import type { Page } from '@playwright/test';
import { createAccount, makeAdmin, origin, uniqueEmail } from './accounts-helpers.ts';
import { businessZone, dayCell, expect, expectAccessible, pickDay, showMonthOf, test } from './fixtures.ts';

/** AI Solutions, 60-minute sessions: the booking journeys book services 1, 2 and 4 on the days near at hand. */
const bookedService = 3;

/** Today in the business zone, as a UTC midnight. */
function businessToday(): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: businessZone }).format(new Date());
  return new Date(`${today}T00:00:00Z`);
}

/**
 * The coming Monday in the business zone (next week's when today is Monday). It is always bookable: the firm's
 * minimum notice is none until it sets one, and the coming Monday is at least tomorrow.
 */
function comingMonday(): string {
  const date = businessToday();
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() !== 1);
  return date.toISOString().slice(0, 10);
}

function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The start times the wizard, open on the booked service, offers on `date` (in a month ahead of the one shown). */
async function offeredTimes(page: Page, date: string): Promise<string[]> {
  await pickDay(page, date);
  await expect(page.getByTestId('slot-list')).toBeVisible();
  const labels = await page
    .getByRole('radio')
    .evaluateAll((inputs) => inputs.map((input) => input.closest('label')?.textContent?.trim() ?? ''));
  // '9 AM - 10 AM' → '9 AM'.
  return labels.map((label) => label.split(' - ')[0] ?? '');
}

test.describe('the firm runs its catalogue and schedule from /admin', () => {
  test('an administrator raises a rate, closes the coming Monday and sets a 15-minute buffer; a client sees the new rate, Monday disabled and fewer slots around their booking', async ({
    page,
    browser,
  }) => {
    // Two accounts, the two admin pages and the wizard three times: about three journeys' work.
    test.slow();
    const monday = comingMonday();
    const tuesday = dayAfter(monday);

    // A client with a booking on the Tuesday at 10:00, made before the firm changes anything.
    await createAccount(page, { firstName: 'Cleo' });
    const startsAt = new Date(`${tuesday}T17:00:00Z`).toISOString(); // 10:00 in Phoenix (MST all year)
    const booked = await page.request.post('/api/bookings', {
      data: {
        serviceId: bookedService,
        projectDescription: 'A consultation next to which the buffer is kept.',
        startsAt,
      },
      headers: origin(page),
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const code = ((await booked.json()) as { booking: { confirmation_code: string } }).booking
      .confirmation_code;
    await page.goto(`/book/${bookedService}`);
    const before = await offeredTimes(page, tuesday);
    // With no buffer, 9 AM ends as the booking starts and 11 AM starts as it ends.
    expect(before).toEqual(expect.arrayContaining(['9 AM', '11 AM', '11:30 AM']));
    expect(before).not.toContain('10 AM');

    // The administrator, in a browser context of their own.
    const context = await browser.newContext();
    const admin = await context.newPage();
    const email = uniqueEmail('office');
    await createAccount(admin, { email, firstName: 'Olive' });
    makeAdmin(email);

    await admin.goto('/admin');
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Services' }).click();
    await expect(admin).toHaveURL(/\/admin\/services$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
    // Database Architecture: no other journey reads its rate.
    const row = admin.getByTestId('service-row').filter({ hasText: 'Database Architecture' });
    const rateBefore = Number(
      ((await row.getByText(/\$\d+\/hour/).textContent()) ?? '').replace(/[^0-9]/g, ''),
    );
    const raised = rateBefore + 25;
    await row.getByRole('button', { name: 'Edit Database Architecture' }).click();
    await expect(admin.getByText('A multiple of 30 minutes.')).toBeVisible();
    await admin.getByRole('spinbutton', { name: /Hourly rate/ }).fill(String(raised));
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await expect(admin.getByText('Service saved')).toBeVisible();
    await expect(row).toContainText(`$${raised}/hour`);
    await expect(
      admin.getByTestId('service-change').first(),
      'the change is listed with who made it and old → new',
    ).toContainText(new RegExp(`${email}[\\s\\S]*Hourly rate: \\$${rateBefore}/hour → \\$${raised}/hour`));
    await expectAccessible(admin);

    await admin.goto('/admin');
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Schedule' }).click();
    await expect(admin).toHaveURL(/\/admin\/schedule$/);
    await admin.getByLabel('First closed date').fill(monday);
    await admin.getByLabel('Reason').fill('Public holiday');
    await admin.getByRole('button', { name: 'Close Dates' }).click();
    await expect(admin.getByTestId('closure').filter({ hasText: 'Public holiday' })).toBeVisible();

    await admin.getByLabel('Buffer after each consultation (minutes)').fill('15');
    await admin.getByRole('button', { name: 'Save Schedule' }).click();
    await expect(admin.getByText('Schedule saved')).toBeVisible();
    const changes = admin.getByTestId('schedule-change');
    await expect(changes.first()).toContainText(`${email} · Changed buffer 0 → 15 min`);
    await expect(changes.nth(1)).toContainText(`${email} · Closed`);
    await expect(changes.nth(1)).toContainText('(Public holiday)');
    // The client's booking was not closer to another than the buffer: it is not among the pairs to move.
    await expect(admin.getByTestId('too-close').filter({ hasText: code })).toHaveCount(0);
    await expectAccessible(admin);
    // After a reload the page still lists the closure and the changes.
    await admin.reload();
    await expect(admin.getByTestId('closure').filter({ hasText: 'Public holiday' })).toBeVisible();
    await expect(admin.getByTestId('schedule-change').first()).toContainText('Changed buffer 0 → 15 min');
    await context.close();

    // The client: the new rate on the services page (every process reloads the catalogue within a second).
    await page.goto('/services');
    const card = page.getByRole('article').filter({ hasText: 'Database Architecture' });
    await expect(card).toContainText(`$${raised}/hour`);

    // Monday is disabled in the wizard, and the buffer keeps the time around the booking made before it free.
    await page.goto(`/book/${bookedService}`);
    await showMonthOf(page, monday);
    await expect(dayCell(page, monday)).toHaveAttribute('data-disabled', 'true');
    const after = await offeredTimes(page, tuesday);
    expect(after).toContain('11:30 AM');
    for (const kept of ['9 AM', '10 AM', '11 AM']) expect(after).not.toContain(kept);
    expect(after.length).toBeLessThan(before.length);
  });
});
