import type { Page } from '@playwright/test';
import { createAccount, makeAdmin, origin, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const businessZone = 'America/Phoenix';

/** The first Monday at least three weeks ahead (no other journey books that far), as 'YYYY-MM-DD'. */
function mondayAhead(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: businessZone }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 21);
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Shows the wizard's month holding `date` (moving forward only). */
async function showMonthOf(page: Page, date: string) {
  await expect(page.getByRole('grid').first()).toBeVisible();
  for (let month = 0; month < 3 && (await page.locator(`[data-day="${date}"]`).count()) === 0; month++) {
    await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  await expect(page.locator(`[data-day="${date}"]`)).toBeVisible();
}

test.describe("the firm's calendar, run from /admin", () => {
  test('an administrator closes a Monday and sets a buffer; a client finds the Monday disabled and fewer slots around a booking', async ({
    page,
    browser,
  }) => {
    const monday = mondayAhead();
    const tuesday = dayAfter(monday);
    const context = await browser.newContext();
    const admin = await context.newPage();
    const email = uniqueEmail('office');
    await createAccount(admin, { email, firstName: 'Olive' });
    makeAdmin(email);
    try {
      await admin.goto('/admin');
      await admin.getByRole('link', { name: 'Schedule & Closed Dates' }).click();
      await expect(admin).toHaveURL(/\/admin\/schedule$/);
      await admin.getByLabel('Buffer after each consultation (minutes)').fill('15');
      await admin.getByRole('button', { name: 'Save Schedule' }).click();
      await expect(admin.getByText('Schedule saved')).toBeVisible();
      await expect(admin.getByTestId('calendar-change').first()).toContainText(
        `${email} · Changed buffer 0 → 15 min`,
      );

      await admin.getByLabel('First closed date').fill(monday);
      await admin.getByLabel('Reason').fill('Public holiday');
      await admin.getByRole('button', { name: 'Close Dates' }).click();
      await expect(admin.getByTestId('closures')).toContainText('Public holiday');
      await expectAccessible(admin);

      // A client: a booking on the Tuesday at 10:00, then the wizard.
      await createAccount(page, { firstName: 'Cleo' });
      const startsAt = new Date(`${tuesday}T17:00:00Z`).toISOString(); // 10:00 in Phoenix (MST all year)
      const booked = await page.request.post('/api/bookings', {
        data: {
          serviceId: 1,
          projectDescription: 'A consultation next to which the buffer is kept.',
          startsAt,
        },
        headers: origin(page),
      });
      expect(booked.status(), await booked.text()).toBe(201);

      await page.goto('/book/1');
      await showMonthOf(page, monday);
      await expect(page.locator(`[data-day="${monday}"]`)).toHaveAttribute('data-disabled', 'true');
      await showMonthOf(page, tuesday);
      await page.locator(`[data-day="${tuesday}"] button`).click();
      await expect(page.getByRole('radio', { name: '11:30 - 12:30', exact: true })).toBeVisible();
      // Without the buffer 09:00 (ending at 10:00) and 11:00 (starting as the booking ends) would be free.
      for (const taken of ['09:00 - 10:00', '10:00 - 11:00', '11:00 - 12:00']) {
        await expect(page.getByRole('radio', { name: taken, exact: true })).toHaveCount(0);
      }
    } finally {
      // The journeys share one server: put the calendar back as the others expect it.
      await admin.goto('/admin/schedule');
      await admin.getByLabel('Buffer after each consultation (minutes)').fill('0');
      await admin.getByRole('button', { name: 'Save Schedule' }).click();
      await expect(admin.getByText('Schedule saved')).toBeVisible();
      const closure = admin.getByRole('button', { name: /Open .* again/ }).first();
      if (await closure.count()) await closure.click();
      await context.close();
    }
  });
});
