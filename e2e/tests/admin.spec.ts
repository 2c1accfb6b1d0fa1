import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { createAccount, latestMail, makeAdmin, uniqueEmail } from './accounts-helpers.ts';
import {
  businessDay,
  expect,
  expectAccessible,
  keepScreenshot,
  pickDay,
  test,
  weekdayAhead,
} from './fixtures.ts';

interface BookedSlot {
  id: number;
  confirmation_code: string;
  total_cost: number;
  status: string;
}

/**
 * Books the first free slot of service 4 on a weekday some weeks ahead through the API (the wizard has its own
 * journeys), as the client signed in on `page`.
 */
async function bookThroughApi(page: Page, description: string): Promise<BookedSlot> {
  const origin = new URL(page.url()).origin;
  for (let days = 21; days < 60; days++) {
    const answer = await page.request.get(`/api/services/4/availability?date=${businessDay(days)}`);
    const { slots } = (await answer.json()) as { slots: { starts_at: string; available: boolean }[] };
    const free = slots.find((slot) => slot.available);
    if (!free) continue;
    const created = await page.request.post('/api/bookings', {
      data: { serviceId: 4, startsAt: free.starts_at, projectDescription: description },
      headers: { Origin: origin },
    });
    if (created.status() === 409) continue;
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { booking: BookedSlot }).booking;
  }
  throw new Error('no free slot found');
}

/** An administrator signed in in a browser context of its own. */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail('admin');
  await createAccount(page, { email, firstName: 'Ada' });
  makeAdmin(email);
  return page;
}

/** The figure of a stat card, e.g. '$1,350' for 'Booked Revenue'. */
function statValue(page: Page, title: string) {
  return page.getByRole('article', { name: title }).getByTestId('stat-value');
}

const dollarsOf = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

test.describe('administration', () => {
  test('an administrator confirms a booking from Recent Bookings; the client is told, sees it confirmed and cancels it; the administrator sees the cancellation', async ({
    page,
    browser,
  }) => {
    // The client books.
    const client = await createAccount(page, { firstName: 'Robin' });
    const description = `Admin journey ${Date.now()}: plan our data platform migration.`;
    const booking = await bookThroughApi(page, description);
    expect(booking.status).toBe('pending');

    // The administrator confirms it from Recent Bookings; revenue grows by its cost.
    const admin = await adminPage(browser);
    await admin.goto('/admin');
    await expect(admin.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    const revenue = statValue(admin, 'Booked Revenue');
    await expect(revenue).toHaveText(/^\$/);
    const revenueBefore = dollarsOf(await revenue.textContent());
    await admin.getByRole('tab', { name: 'Recent Bookings' }).click();
    const status = admin.getByLabel(`Status of booking ${booking.confirmation_code}`);
    await expect(status).toHaveValue('pending');
    await expectAccessible(admin);
    await status.selectOption('confirmed');
    await admin
      .getByRole('button', { name: `Apply the new status to booking ${booking.confirmation_code}` })
      .click();
    await expect(admin.getByText('Booking confirmed successfully')).toBeVisible();
    await expect(revenue).toHaveText(`$${(revenueBefore + booking.total_cost).toLocaleString('en-US')}`);
    await keepScreenshot(admin, 'admin-dashboard');

    // The client is told by e-mail, with the calendar invitation.
    const mail = await latestMail(page.request, client.email, /confirmed/i);
    expect(mail.subject).toContain(booking.confirmation_code);

    // The client sees it confirmed and cancels it through the dialog.
    await page.goto('/my-bookings');
    const card = page.getByRole('article').filter({ hasText: description });
    await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Keep Booking' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await expect(page.getByText('Booking cancelled successfully')).toBeVisible();
    await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
    const cancelledMail = await latestMail(
      page.request,
      client.email,
      /You have cancelled your consultation/,
    );
    expect(cancelledMail.subject).toContain(booking.confirmation_code);

    // The firm's notice of the cancellation links to All Bookings opened on this booking (its address is checked
    // in the server's e-mail tests; the dev mailbox's latest message to an administrator may be another journey's).
    await admin.goto(`/admin/bookings?bookingId=${booking.id}`);
    await expect(admin.getByText('Showing one booking: the one your email links to.')).toBeVisible();
    await expect(admin.getByText('Showing 1 - 1 of 1')).toBeVisible();
    await expect(admin.getByTestId('booking-row')).toHaveCount(1);
    await expect(admin.getByLabel(`Status of booking ${booking.confirmation_code}`)).toHaveValue('cancelled');
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Show All Bookings' }).click();
    await expect(admin).toHaveURL(/\/admin\/bookings$/);

    // The administrator finds it cancelled in the list and out of the revenue.
    await admin.goto('/admin/bookings?status=cancelled');
    await expect(admin.getByRole('heading', { name: 'All Bookings' })).toBeVisible();
    const row = admin.getByTestId('booking-row').filter({ hasText: 'Robin' });
    await expect(admin.getByLabel(`Status of booking ${booking.confirmation_code}`)).toHaveValue('cancelled');
    await expect(row.first()).toBeVisible();
    await expectAccessible(admin);
    await keepScreenshot(admin, 'admin-bookings');

    // Its CSV export carries the same filter and the booking.
    const download = admin.waitForEvent('download');
    await admin.getByRole('link', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path()) ?? '', 'utf8');
    const line = csv
      .split('\r\n')
      .find((candidate) => candidate.startsWith(`"${booking.confirmation_code}"`));
    expect(line).toContain(',"cancelled",');
    expect(
      csv
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .every((entry) => entry.includes(',"cancelled",')),
    ).toBe(true);

    await admin.goto('/admin');
    await expect(revenue).toHaveText(`$${revenueBefore.toLocaleString('en-US')}`);
    const cancelled = admin
      .getByRole('region', { name: 'Bookings by Status' })
      .locator('div')
      .filter({ has: admin.getByText('Cancelled', { exact: true }) })
      .locator('dd');
    await expect(cancelled).not.toHaveText('0');
    await admin.context().close();
  });

  test("an administrator cancels one client's pending holds at once from All Bookings", async ({
    page,
    browser,
  }) => {
    const client = await createAccount(page, { firstName: 'Holder' });
    const description = `Holds journey ${Date.now()}: two requests the firm will not take.`;
    const first = await bookThroughApi(page, description);
    const second = await bookThroughApi(page, description);

    // From the pending list, the client's holds; each pending row says where it was made from.
    const admin = await adminPage(browser);
    await admin.goto('/admin/bookings?status=pending');
    const row = admin.getByTestId('booking-row').filter({ hasText: first.confirmation_code });
    await expect(row.getByText(/^From /)).toBeVisible();
    await row.getByRole('link', { name: "This Client's Holds" }).click();
    await expect(admin.getByText(`Showing the bookings of one client: ${client.email}.`)).toBeVisible();
    await expect(admin.getByText('Showing 1 - 2 of 2')).toBeVisible();
    await expectAccessible(admin);

    await admin.getByRole('button', { name: 'Cancel these 2 pending holds' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Cancel the pending holds?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Cancel Pending Holds' }).click();
    await expect(
      admin.getByText('2 pending holds cancelled; the clients have been told by email.'),
    ).toBeVisible();
    await expect(admin.getByText('No bookings match these filters.')).toBeVisible();
    // Each client gets an administrator's cancellation letter (the server's tests read every one).
    const codes = `(${first.confirmation_code}|${second.confirmation_code})`;
    await latestMail(
      page.request,
      client.email,
      new RegExp(`^Your consultation has been cancelled — ${codes}$`),
    );
  });

  test("an administrator closes a date holding a client's booking: the client is told, and the administrator moves it from its page", async ({
    page,
    browser,
  }, testInfo) => {
    // Two accounts, the schedule page, the booking's page and two letters: about two journeys' work.
    test.slow();
    // Dates no other journey books (they stay within 70 days); closed by this journey only, and opened again at its end.
    const closedDay = weekdayAhead(55 + testInfo.repeatEachIndex * 3);
    const newDay = weekdayAhead(56 + testInfo.repeatEachIndex * 3);
    const reason = `Offsite ${Date.now()}`;

    // The client books on the day the firm will close.
    const client = await createAccount(page, { firstName: 'Morgan' });
    const slots = (await (
      await page.request.get(`/api/services/1/availability?date=${closedDay}`)
    ).json()) as {
      slots: { starts_at: string; available: boolean }[];
    };
    const free = slots.slots.find((slot) => slot.available);
    expect(free, `a free slot on ${closedDay}`).toBeTruthy();
    const created = await page.request.post('/api/bookings', {
      data: {
        serviceId: 1,
        startsAt: free?.starts_at,
        projectDescription: 'A consultation on a day the firm closes.',
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = ((await created.json()) as { booking: BookedSlot }).booking;

    // The administrator closes that day: the panel says the client was told and links the booking's page.
    const admin = await adminPage(browser);
    await admin.goto('/admin/schedule');
    await admin.getByLabel('First closed date').fill(closedDay);
    await admin.getByLabel('Reason').fill(reason);
    await admin.getByRole('button', { name: 'Close Dates' }).click();
    await expect(
      admin.getByText(
        'Closed dates added: 1 active booking falls on them, listed below. Its client has been told by email.',
      ),
    ).toBeVisible();
    const closure = admin.getByTestId('closure').filter({ hasText: reason });
    await expect(closure).toContainText('Their clients are told by email when the dates are closed.');
    await expectAccessible(admin);

    // The client's mailbox has the closure letter, linking the booking's page.
    const closureMail = await latestMail(
      page.request,
      client.email,
      new RegExp(`^We are closed on the day of your consultation — ${booking.confirmation_code}$`),
    );
    expect(closureMail.text).toContain('cannot take place then');
    expect(closureMail.links.some((link) => new URL(link).pathname === `/booking/${booking.id}`)).toBe(true);

    // From the panel to the booking's page, where the administrator moves it to the next day.
    await closure.getByRole('link', { name: new RegExp(booking.confirmation_code) }).click();
    await expect(admin).toHaveURL(new RegExp(`/booking/${booking.id}$`));
    const move = admin.getByRole('button', { name: 'Move to Another Time' });
    await move.click();
    // It opens on the booking's own day, closed now: no time is offered there.
    const dialog = admin.getByRole('dialog', { name: 'Move to Another Time' });
    await expect(dialog).toBeVisible();
    await pickDay(dialog, newDay);
    const slot = dialog.getByRole('radio', { disabled: false }).first();
    await expect(slot).toBeVisible();
    await slot.check();
    await dialog.getByRole('button', { name: 'Review New Time' }).click();
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Confirm Move' }).click();
    await expect(admin.getByText('Booking rescheduled successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(move).toBeFocused();
    await expect(admin.getByTestId('timeline').getByText(/^Moved from .* by the firm$/)).toBeVisible();

    // The client is told the firm moved it, with the calendar update.
    const moveMail = await latestMail(
      page.request,
      client.email,
      new RegExp(`^Your consultation has been moved — ${booking.confirmation_code}$`),
    );
    expect(moveMail.text).toContain('OT Consulting moved your');
    expect(moveMail.icalEvent?.method).toBe('REQUEST');

    // The closed day holds no booking any more; the firm opens it again (other journeys share this server).
    await admin.goto('/admin/schedule');
    const emptied = admin.getByTestId('closure').filter({ hasText: reason });
    await expect(emptied).toBeVisible();
    await expect(emptied.getByTestId('affected-bookings')).toHaveCount(0);
    await emptied.getByRole('button', { name: /^Remove/ }).click();
    await expect(admin.getByTestId('closure').filter({ hasText: reason })).toHaveCount(0);
    await admin.context().close();
  });

  test('on a 375 px phone every admin page fits the screen, and a status change needs Apply and can be undone', async ({
    page,
    browser,
  }) => {
    await createAccount(page, { firstName: 'Sam' });
    const booking = await bookThroughApi(page, `Phone journey ${Date.now()}: review our network.`);
    const admin = await adminPage(browser);
    await admin.setViewportSize({ width: 375, height: 740 });
    const pages = [
      '/admin',
      '/admin/bookings',
      '/admin/services',
      '/admin/schedule',
      '/admin/reviews',
      '/admin/messages',
    ];
    for (const path of pages) {
      await admin.goto(path);
      await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/admin') {
        await admin.getByRole('tab', { name: 'Recent Bookings' }).click();
        await expect(admin.getByTestId('booking-row').first()).toBeVisible();
      }
      const width = await admin.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(375);
    }

    // Choosing a status sends nothing; Apply does, and Undo in the notice sets it back.
    await admin.goto(`/admin/bookings?bookingId=${booking.id}`);
    const status = admin.getByLabel(`Status of booking ${booking.confirmation_code}`);
    await expect(status).toHaveValue('pending');
    const statusCalls: string[] = [];
    admin.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/status')) statusCalls.push(request.url());
    });
    await status.selectOption('confirmed');
    await admin.waitForTimeout(500);
    expect(statusCalls).toHaveLength(0);
    const statusOnServer = async () => {
      const answer = await admin.request.get(`/api/bookings/${booking.id}`);
      return ((await answer.json()) as { booking: { status: string } }).booking.status;
    };
    expect(await statusOnServer()).toBe('pending');
    await admin
      .getByRole('button', { name: `Apply the new status to booking ${booking.confirmation_code}` })
      .click();
    const notice = admin.getByRole('status').filter({ hasText: 'Booking confirmed successfully' });
    await expect(notice).toBeVisible();
    // The notice is on the screen, below the sticky header.
    const box = await notice.boundingBox();
    const header = await admin.locator('header').first().boundingBox();
    if (!box || !header) throw new Error('no notice or header box');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(await statusOnServer()).toBe('confirmed');

    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect(admin.getByText('Change undone: the booking is pending again.')).toBeVisible();
    await expect(status).toHaveValue('pending');
    expect(await statusOnServer()).toBe('pending');
    await admin.context().close();
  });

  test('the period buttons change the range of every figure; other paths below /admin are not found', async ({
    browser,
  }) => {
    const admin = await adminPage(browser);
    await admin.goto('/admin');
    const chart = admin.getByRole('img', { name: /^Bookings per day/ });
    const asked: string[] = [];
    admin.on('request', (request) => {
      if (request.url().includes('/api/bookings/admin/stats')) asked.push(new URL(request.url()).search);
    });

    await admin.getByRole('button', { name: 'Week' }).click();
    await expect(admin.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    await expect(admin.getByText('compared with the previous 7 days').first()).toBeVisible();
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`to ${shortDay(businessDay(0))}`));
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`${shortDay(businessDay(-6))} to`));

    await admin.getByRole('button', { name: 'Quarter' }).click();
    const quarterStart = quarterFirstDay(businessDay(0));
    const quarterDays = Math.round((Date.parse(businessDay(0)) - Date.parse(quarterStart)) / 86_400_000) + 1;
    await expect(admin.getByText(`compared with the previous ${quarterDays} days`).first()).toBeVisible();
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`${shortDay(quarterStart)} to`));
    expect(asked.some((search) => search.includes(`startDate=${businessDay(-6)}`))).toBe(true);
    expect(asked.some((search) => search.includes(`startDate=${quarterStart}`))).toBe(true);

    // Below /admin, only the administrators' pages exist: any other path is no page (404).
    const response = await admin.goto('/admin/reports');
    expect(response?.status()).toBe(404);
    await expect(admin.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await admin.context().close();
  });
});

/** 'Mon, Jan 7, 2030' as the dashboard writes a day. */
function shortDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

function quarterFirstDay(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  return `${year}-${String(first).padStart(2, '0')}-01`;
}
