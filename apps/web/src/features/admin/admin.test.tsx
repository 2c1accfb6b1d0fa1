import '../../index.css';
import {
  type AdminBookingsResponse,
  type AdminStatsResponse,
  adminMessages,
  apiPaths,
  type BookingStats,
  defaultBusinessTimeZone,
  defaultSchedule,
  moneyDefinition,
  openingHoursNote,
  periodRange,
  revenueDefinition,
  todayIn,
  type UndeliveredMailResponse,
  type UserStatsResponse,
  utilisationTexts,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { AdminDashboardRoute, AdminLayoutRoute } from '../../app/routes/admin';
import { AdminBookingsRoute } from '../../app/routes/admin-bookings';
import { adminBookingFixture, serviceFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall as Call, stubApi } from '../../testing/stub-api';

const ok = (body: unknown): Answer => ({ status: 200, body });
const broken: Answer = { status: 503, body: { message: 'Service unavailable' } };
/** A 5xx is retried once after a second (the app's query client): failures take that long to show. */
const slow = { timeout: 5000 };

const stats: BookingStats = {
  total: 18,
  pending: 3,
  confirmed: 6,
  completed: 7,
  cancelled: 2,
  totalRevenue: 970,
};
const previousStats: BookingStats = {
  total: 16,
  pending: 0,
  confirmed: 5,
  completed: 9,
  cancelled: 2,
  totalRevenue: 1000,
};

function statsAnswer(query: URLSearchParams, timeZone = defaultBusinessTimeZone): AdminStatsResponse {
  const startDate = query.get('startDate') ?? '';
  return {
    timeZone,
    stats,
    previous: previousStats,
    previousRange: { startDate: '2029-12-25', endDate: '2029-12-31' },
    money: {
      currency: 'usd',
      collected_cents: 126_250,
      outstanding_cents: 40_000,
      credited_cents: 0,
      previous: { collected_cents: 101_000, outstanding_cents: 50_000, credited_cents: 15_000 },
    },
    daily: [
      { date: startDate, bookings: 2, revenue: 300 },
      { date: 'day-2', bookings: 5, revenue: 670 },
      { date: 'day-3', bookings: 0, revenue: 0 },
    ],
    services: [
      { serviceId: 1, name: 'Web Development', bookings: 10, completed: 4, cancelled: 1, revenue: 670 },
      { serviceId: 2, name: 'Database Architecture', bookings: 8, completed: 3, cancelled: 1, revenue: 300 },
    ],
    consultants: [
      { id: 1, name: 'Maya Thompson', booked_hours: 3, open_hours: 32, utilisation: 0.0938 },
      { id: 5, name: 'Morning Person', booked_hours: 12.5, open_hours: 0, utilisation: null },
    ],
  };
}

const usersAnswer: UserStatsResponse = {
  stats: { activeUsers: 4, newUsers: 2 },
  previous: { activeUsers: 4, newUsers: 1 },
};

const recentBookings = [
  adminBookingFixture({ id: 1, status: 'pending' }),
  adminBookingFixture({
    id: 2,
    status: 'confirmed',
    services: { name: 'AI Solutions', duration: 60, hourly_rate: 200 },
    user_profiles: { first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com' },
  }),
];

/** The dashboard's four reads answered well; `override` may answer first. */
function dashboardApi(override: (call: Call) => Answer | undefined = () => undefined) {
  return stubApi((call) => {
    const answer = override(call);
    if (answer) return answer;
    if (call.path === apiPaths.admin.stats) return ok(statsAnswer(call.query));
    if (call.path === '/api/auth/users/stats') return ok(usersAnswer);
    if (call.path === apiPaths.admin.all) {
      return ok({ bookings: recentBookings, total: 2, nextCursor: null } satisfies AdminBookingsResponse);
    }
    if (call.path === apiPaths.admin.upcoming) return ok({ bookings: recentBookings });
    return undefined;
  });
}

function renderAt(path: string) {
  // In the admin pages' frame, as the app draws them: the admin navigation above the page.
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <AdminLayoutRoute />,
        children: [
          { index: true, element: <AdminDashboardRoute /> },
          { path: 'bookings', element: <AdminBookingsRoute /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router);
}

/** Matches the whole text, nothing more. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const card = (title: string) => page.getByRole('article', { name: title });
const statsCalls = (calls: Call[]) => calls.filter((call) => call.path === apiPaths.admin.stats);

describe('admin dashboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the money cards, then the four stat cards, every change computed against the previous period', async () => {
    dashboardApi();
    renderAt('/admin?period=week');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    const expected: [string, string, string][] = [
      ['Collected', '$1,262.50', '+25%'], // 1262.50 against 1010
      ['Outstanding', '$400.00', '\u221220%'], // 400 against 500
      ['Credited', '$0.00', '\u2212100%'], // nothing against 150
      ['Total Bookings', '18', '+12.5%'], // 18 against 16
      ['Booked Revenue', '$970', '\u22123%'], // 970 against 1000
      ['Active Users', '4', '0%'], // 4 against 4
      ['Pending Bookings', '3', 'new'], // 3 against none
    ];
    for (const [title, value, change] of expected) {
      await expect.element(card(title).getByTestId('stat-value')).toHaveTextContent(exactly(value));
      await expect.element(card(title).getByTestId('stat-change')).toHaveTextContent(exactly(change));
      await expect.element(card(title)).toHaveTextContent(`${change} compared with the previous 7 days`);
    }
    await expect.element(card('Active Users')).toHaveTextContent('2 new users');
    // The money comes first, with what its figures mean; less owed is good news, and so is less given back.
    const titles = page
      .getByRole('article')
      .elements()
      .map((article) => article.querySelector('h3')?.textContent);
    expect(titles.slice(0, 4)).toEqual(['Collected', 'Outstanding', 'Credited', 'Total Bookings']);
    await expect.element(page.getByText(moneyDefinition)).toBeVisible();
    expect(card('Outstanding').getByTestId('stat-change').element().className).toContain('text-green-800');
    expect(card('Collected').getByTestId('stat-change').element().className).toContain('text-green-800');

    // Business Overview: confirmed = 18 − 7 − 2 − 3; the chart is one image named by its summary.
    const breakdown = page.getByRole('region', { name: 'Bookings by Status' });
    await expect.element(breakdown).toHaveTextContent('Pending3Confirmed6Completed7Cancelled2');
    await expect.element(page.getByText(revenueDefinition)).toBeVisible();
    expect(document.body.textContent).not.toMatch(/total_cost|\bvs\b/);
    const chart = page.getByRole('img', { name: /^Bookings per day, .*: 7 in total, highest 5 on / });
    await expect.element(chart).toBeVisible();
    expect(chart.element().querySelectorAll('rect')).toHaveLength(3);
    await expect
      .element(page.getByRole('img', { name: /^Revenue per day, .*: \$970 in total, highest \$670 on / }))
      .toBeVisible();

    await page.getByRole('tab', { name: 'Service Performance' }).click();
    await expect
      .element(page.getByRole('row', { name: /Database Architecture/ }))
      .toHaveTextContent('Database Architecture831$300');

    // Consultant Utilization: booked hours, open hours and booked ÷ open, or none without open hours.
    await page.getByRole('tab', { name: utilisationTexts.tab }).click();
    const utilisation = page.getByRole('table', { name: utilisationTexts.caption });
    await expect
      .element(utilisation.getByRole('row', { name: /Maya Thompson/ }))
      .toHaveTextContent('Maya Thompson3329.4%');
    await expect
      .element(utilisation.getByRole('row', { name: /Morning Person/ }))
      .toHaveTextContent(`Morning Person12.50${utilisationTexts.noOpenHours}`);
  });

  it('asks for the chosen period: month by default, then week and quarter, in the business time zone', async () => {
    const calls = dashboardApi();
    renderAt('/admin');
    const sent = (path: string) => {
      const call = calls.filter((candidate) => candidate.path === path).at(-1);
      return { startDate: call?.query.get('startDate'), endDate: call?.query.get('endDate') };
    };
    for (const period of ['month', 'week', 'quarter'] as const) {
      if (period !== 'month') await page.getByRole('button', { name: period, exact: false }).click();
      await expect
        .element(page.getByRole('button', { name: new RegExp(`^${period}$`, 'i') }))
        .toHaveAttribute('aria-pressed', 'true');
      const range = periodRange(period, new Date(), defaultBusinessTimeZone);
      await expect.poll(() => sent(apiPaths.admin.stats)).toEqual(range);
      await expect.poll(() => sent('/api/auth/users/stats')).toEqual(range);
      await expect.poll(() => sent(apiPaths.admin.all)).toEqual(range);
      expect(
        calls
          .filter((call) => call.path === apiPaths.admin.all)
          .at(-1)
          ?.query.get('limit'),
      ).toBe('10');
    }
  });

  it('reckons the period in the business time zone the statistics answer names', async () => {
    // A zone whose today is not the default zone's today right now (one of these two always is: UTC+14, UTC−11).
    const now = new Date();
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
      (candidate) => todayIn(candidate, now) !== todayIn(defaultBusinessTimeZone, now),
    );
    if (!zone) throw new Error('no zone on another day');
    const calls = dashboardApi((call) =>
      call.path === apiPaths.admin.stats ? ok(statsAnswer(call.query, zone)) : undefined,
    );
    renderAt('/admin?period=week');
    const range = periodRange('week', now, zone);
    await expect
      .poll(() => {
        const last = statsCalls(calls).at(-1)?.query;
        return { startDate: last?.get('startDate'), endDate: last?.get('endDate') };
      })
      .toEqual(range);
  });

  it("changes a booking's status from Recent Bookings only on Apply, and refreshes the figures", async () => {
    const calls = dashboardApi((call) =>
      call.method === 'PUT' ? ok({ booking: { ...recentBookings[0], status: 'confirmed' } }) : undefined,
    );
    renderAt('/admin');
    await page.getByRole('tab', { name: 'Recent Bookings' }).click();
    const rows = page.getByTestId('booking-row');
    await expect.element(rows.first()).toHaveTextContent('Jane Doe');
    await expect.element(rows.first()).toHaveTextContent('jane@example.com');
    await expect.element(rows.first()).toHaveTextContent('9 AM - 10:30 AM MST');
    await expect
      .element(page.getByRole('link', { name: 'View All' }))
      .toHaveAttribute('href', '/admin/bookings');
    // Each booking opens its own page (an administrator may open any booking's).
    await expect
      .element(page.getByRole('link', { name: 'Open booking OT-2030-001' }))
      .toHaveAttribute('href', '/booking/1');
    const before = statsCalls(calls).length;

    const select = page.getByLabelText('Status of booking OT-2030-001');
    const applyButton = page.getByRole('button', { name: 'Apply the new status to booking OT-2030-001' });
    await expect.element(applyButton).toBeDisabled();
    await select.selectOptions('confirmed');
    // Choosing alone sends nothing (one arrow key on the dropdown used to confirm the booking).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await applyButton.click();
    await expect.element(page.getByText('Booking confirmed successfully')).toBeVisible();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/bookings/admin/1/status');
    expect(put?.body).toEqual({ status: 'confirmed' });
    await expect.poll(() => statsCalls(calls).length).toBeGreaterThan(before);
  });

  it('undoes a status change from its notification through the same request', async () => {
    const calls = dashboardApi((call) => (call.method === 'PUT' ? ok({}) : undefined));
    renderAt('/admin');
    await page.getByRole('tab', { name: 'Recent Bookings' }).click();
    await page.getByLabelText('Status of booking OT-2030-001').selectOptions('confirmed');
    await page.getByRole('button', { name: 'Apply the new status to booking OT-2030-001' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Booking confirmed successfully' });
    await notice.getByRole('button', { name: adminMessages.statusUndo }).click();
    await expect.element(page.getByText(adminMessages.statusUndone('pending'))).toBeVisible();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.path, call.body])).toEqual([
      ['/api/bookings/admin/1/status', { status: 'confirmed' }],
      ['/api/bookings/admin/1/status', { status: 'pending' }],
    ]);
    // The undo's own notice offers no second undo.
    expect(
      page
        .getByRole('status')
        .filter({ hasText: adminMessages.statusUndone('pending') })
        .getByRole('button', { name: adminMessages.statusUndo })
        .query(),
    ).toBeNull();
  });

  it('asks before cancelling a booking: Keep As Is sends nothing, Cancel Booking sends it', async () => {
    const calls = dashboardApi((call) => (call.method === 'PUT' ? ok({}) : undefined));
    renderAt('/admin');
    await page.getByRole('tab', { name: 'Recent Bookings' }).click();
    await page.getByLabelText('Status of booking OT-2030-002').selectOptions('cancelled');
    const applyButton = page.getByRole('button', { name: 'Apply the new status to booking OT-2030-002' });
    await applyButton.click();
    const dialog = page.getByRole('dialog', { name: adminMessages.statusConfirmTitle('cancelled') });
    await expect.element(dialog).toBeVisible();
    await expect
      .element(dialog)
      .toHaveTextContent(adminMessages.statusConfirmText('OT-2030-002', 'cancelled'));
    await dialog.getByRole('button', { name: adminMessages.statusConfirmKeep }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await applyButton.click();
    await page.getByRole('button', { name: adminMessages.statusConfirm('cancelled') }).click();
    await expect.element(page.getByText('Booking cancelled successfully')).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { status: 'cancelled' },
    ]);
  });

  it("says 'Failed to update booking' when the change is refused, with the server's reason for a 409", async () => {
    let refusal: Answer = broken;
    dashboardApi((call) => (call.method === 'PUT' ? refusal : undefined));
    renderAt('/admin');
    await page.getByRole('tab', { name: 'Recent Bookings' }).click();
    const select = page.getByLabelText('Status of booking OT-2030-002');
    const applyButton = page.getByRole('button', { name: 'Apply the new status to booking OT-2030-002' });
    await select.selectOptions('completed');
    await applyButton.click();
    await page.getByRole('button', { name: adminMessages.statusConfirm('completed') }).click();
    await expect
      .element(page.getByRole('alert').getByText(adminMessages.updateFailed, { exact: true }))
      .toBeVisible();
    // The dropdown goes back to the booking's status.
    await expect.element(select).toHaveValue('confirmed');

    refusal = { status: 409, body: { message: 'This time slot is no longer available' } };
    await select.selectOptions('pending');
    await applyButton.click();
    await expect
      .element(page.getByText(`${adminMessages.updateFailed}: This time slot is no longer available`))
      .toBeVisible();
    // The new error replaced the one before it: one notice per booking.
    expect(page.getByRole('alert').elements()).toHaveLength(1);

    refusal = ok({});
    await select.selectOptions('pending');
    await applyButton.click();
    await expect.element(page.getByText('Booking pending successfully')).toBeVisible();
    // The success cleared the error of the attempt before.
    expect(page.getByRole('alert').query()).toBeNull();
  });

  it("shows 'Failed to load dashboard data' when nothing loads, and Retry asks again", async () => {
    let up = false;
    const calls = dashboardApi(() => (up ? undefined : broken));
    renderAt('/admin');
    await expect.element(page.getByText(adminMessages.dashboardLoadFailed), slow).toBeVisible();
    await expect.element(card('Total Bookings')).not.toBeInTheDocument();
    const before = statsCalls(calls).length;

    up = true;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.element(card('Total Bookings').getByTestId('stat-value')).toHaveTextContent('18');
    expect(statsCalls(calls).length).toBeGreaterThan(before);
    await expect.element(page.getByText(adminMessages.dashboardLoadFailed)).not.toBeInTheDocument();
  });

  it("shows 'Failed to load admin data' and zeros when the statistics fail but the bookings load", async () => {
    dashboardApi((call) => (call.path === apiPaths.admin.stats ? broken : undefined));
    renderAt('/admin');
    await expect.element(page.getByText(adminMessages.adminDataLoadFailed), slow).toBeVisible();
    await expect.element(card('Total Bookings').getByTestId('stat-value')).toHaveTextContent(/^0$/);
    await expect.element(card('Booked Revenue').getByTestId('stat-value')).toHaveTextContent(/^\$0$/);
    // The money's currency is in the answer that failed: no amount is made up.
    for (const title of ['Collected', 'Outstanding', 'Credited']) {
      await expect.element(card(title).getByTestId('stat-value')).toHaveTextContent(/^\u2014$/);
      expect(card(title).getByTestId('stat-change').query()).toBeNull();
    }
    await expect.element(card('Pending Bookings').getByTestId('stat-value')).toHaveTextContent(/^0$/);
    // Users loaded: their card keeps its figure.
    await expect.element(card('Active Users').getByTestId('stat-value')).toHaveTextContent(/^4$/);
    await expect.element(page.getByText(adminMessages.dashboardLoadFailed)).not.toBeInTheDocument();
    await expect.element(page.getByRole('alert').getByText(adminMessages.adminDataLoadFailed)).toBeVisible();
  });

  it('warns of e-mails given up on, with the latest recipients, subjects and errors; nothing when there are none', async () => {
    const undelivered: UndeliveredMailResponse = {
      count: 2,
      latest: [
        {
          id: 'a1',
          to: 'ada@example.com',
          subject: 'Your consultation is confirmed — OT-2030-0001',
          attempts: 8,
          lastError: '550 mailbox unavailable',
          createdAt: '2030-01-07T16:00:00.000Z',
        },
        {
          id: 'b2',
          to: 'sam@example.com',
          subject: 'Verify your email',
          attempts: 8,
          lastError: null,
          createdAt: '2030-01-06T16:00:00.000Z',
        },
      ],
    };
    dashboardApi((call) => (call.path === apiPaths.admin.undeliveredMail ? ok(undelivered) : undefined));
    renderAt('/admin');
    const warning = page.getByRole('region', { name: adminMessages.undeliveredMail(2) });
    await expect.element(warning).toBeVisible();
    await expect
      .element(warning)
      .toHaveTextContent('2 emails could not be delivered and will not be retried');
    await expect
      .element(warning)
      .toHaveTextContent('ada@example.com — Your consultation is confirmed — OT-2030-0001');
    await expect.element(warning).toHaveTextContent('8 attempts: 550 mailbox unavailable');
    await expect.element(warning).toHaveTextContent('sam@example.com — Verify your email');
  });

  it('shows no mail warning when every e-mail went out', async () => {
    const calls = dashboardApi((call) =>
      call.path === apiPaths.admin.undeliveredMail ? ok({ count: 0, latest: [] }) : undefined,
    );
    renderAt('/admin');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect.poll(() => calls.some((call) => call.path === apiPaths.admin.undeliveredMail)).toBe(true);
    await expect.element(card('Total Bookings').getByTestId('stat-value')).toBeVisible();
    expect(page.getByText(/could not be delivered/).elements()).toHaveLength(0);
  });

  it('lists upcoming bookings by start time with the business time zone named', async () => {
    dashboardApi();
    renderAt('/admin');
    await page.getByRole('tab', { name: 'Upcoming Schedule' }).click();
    await expect
      .element(page.getByText(/Times are in Mountain Standard Time \(America\/Phoenix\)/))
      .toBeVisible();
    await expect.element(page.getByRole('heading', { name: 'Mon, Jan 7, 2030' })).toBeVisible();
    await expect
      .element(page.getByTestId('upcoming-booking').first())
      .toHaveTextContent('9 AM - 10:30 AM MST');
  });

  it("marks a closed day in the upcoming schedule, under the firm's hours", async () => {
    dashboardApi((call) => {
      if (call.path === apiPaths.schedule.closures) {
        return ok({
          closures: [
            {
              id: 1,
              startDate: '2030-01-07',
              endDate: '2030-01-07',
              reason: 'Holiday',
              affectedBookings: [],
            },
          ],
        });
      }
      if (call.path === apiPaths.schedule.admin) return ok({ schedule: defaultSchedule });
      return undefined;
    });
    renderAt('/admin');
    await page.getByRole('tab', { name: 'Upcoming Schedule' }).click();
    await expect
      .element(page.getByRole('heading', { name: 'Mon, Jan 7, 2030 Closed: Holiday' }))
      .toBeVisible();
    await expect.element(page.getByText(`${openingHoursNote(defaultSchedule)}.`)).toBeVisible();
  });
});

describe('admin bookings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const firstPage = Array.from({ length: 50 }, (_, index) => adminBookingFixture({ id: 100 - index }));
  const secondPage = [
    adminBookingFixture({ id: 50, status: 'cancelled' }),
    adminBookingFixture({ id: 49, status: 'cancelled' }),
  ];
  const linked = adminBookingFixture({
    id: 77,
    user_profiles: { first_name: 'Linked', last_name: 'Client', email: 'linked@example.com' },
  });
  const services = [
    serviceFixture({
      id: 2,
      name: 'Database Architecture',
      category: 'database-architecture',
      hourly_rate: 175,
      duration: 60,
      description: 'Data models that scale.',
      icon: 'database',
    }),
  ];

  const consultant = (id: number, name: string, active: boolean) => ({
    id,
    name,
    email: `c${id}@example.com`,
    title: '',
    bio: '',
    service_ids: [2],
    weekly_hours: null,
    active,
    user_id: null,
    time_off: [],
  });
  const consultants = [consultant(3, 'Nora Quinn', true), consultant(4, 'Omar Haddad', false)];

  function listApi() {
    return stubApi((call) => {
      if (call.path === '/api/services') return ok({ services });
      if (call.path === apiPaths.consultants.admin) return ok({ consultants });
      if (call.path !== apiPaths.admin.all) return undefined;
      const answer: AdminBookingsResponse =
        call.query.get('bookingId') === '77'
          ? { bookings: [linked], total: 1, nextCursor: null }
          : call.query.get('cursor') === 'page-2'
            ? { bookings: secondPage, total: 52, nextCursor: null }
            : { bookings: firstPage, total: 52, nextCursor: 'page-2' };
      return ok(answer);
    });
  }

  const listCalls = (calls: Call[]) => calls.filter((call) => call.path === apiPaths.admin.all);
  const filtersIn = '?status=cancelled&startDate=2030-01-01&endDate=2030-01-31&serviceId=2';

  it('pages with the cursor, keeping the filters of the URL', async () => {
    const calls = listApi();
    renderAt(`/admin/bookings${filtersIn}`);
    await expect.element(page.getByRole('heading', { level: 1, name: 'All Bookings' })).toBeVisible();
    await expect.element(page.getByText('Showing 1 - 50 of 52')).toBeVisible();
    await expect.element(page.getByLabelText('Status', { exact: true })).toHaveValue('cancelled');
    await expect.element(page.getByLabelText('Service')).toHaveValue('2');
    await expect.element(page.getByLabelText('Booked from')).toHaveValue('2030-01-01');
    const first = listCalls(calls)[0];
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      status: 'cancelled',
      startDate: '2030-01-01',
      endDate: '2030-01-31',
      serviceId: '2',
      limit: '50',
    });
    await expect.element(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.element(page.getByText('Showing 51 - 52 of 52')).toBeVisible();
    expect(Object.fromEntries(listCalls(calls).at(-1)?.query ?? [])).toEqual({
      status: 'cancelled',
      startDate: '2030-01-01',
      endDate: '2030-01-31',
      serviceId: '2',
      limit: '50',
      cursor: 'page-2',
    });
    await expect.element(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect.element(page.getByTestId('booking-row')).toHaveLength(2);

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.element(page.getByText('Showing 1 - 50 of 52')).toBeVisible();
  });

  it('puts a changed filter in the URL, asks for it from the first page, and refuses an end before the start', async () => {
    const calls = listApi();
    const router = renderAt(`/admin/bookings${filtersIn}`);
    await expect.element(page.getByText('Showing 1 - 50 of 52')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.element(page.getByText('Showing 51 - 52 of 52')).toBeVisible();

    await page.getByLabelText('Status', { exact: true }).selectOptions('all');
    await expect.element(page.getByText('Showing 1 - 50 of 52')).toBeVisible();
    expect(router.state.location.search).toBe('?startDate=2030-01-01&endDate=2030-01-31&serviceId=2');
    const latest = listCalls(calls).at(-1)?.query;
    expect(latest?.has('status')).toBe(false);
    expect(latest?.has('cursor')).toBe(false);

    const asked = listCalls(calls).length;
    await page.getByLabelText('Booked to').fill('2029-12-01');
    await expect.element(page.getByRole('alert')).toHaveTextContent('must not be before');
    expect(listCalls(calls).length).toBe(asked);
  });

  it("opens on the one booking the firm's e-mail links to, and shows every booking again", async () => {
    const calls = listApi();
    const router = renderAt('/admin/bookings?bookingId=77');
    await expect.element(page.getByText('Showing 1 - 1 of 1')).toBeVisible();
    expect(Object.fromEntries(listCalls(calls)[0]?.query ?? [])).toEqual({ bookingId: '77', limit: '50' });
    await expect.element(page.getByText('Showing one booking: the one your email links to.')).toBeVisible();
    await expect.element(page.getByTestId('booking-row')).toHaveLength(1);
    await expect.element(page.getByTestId('booking-row')).toHaveTextContent('OT-2030-077');
    await expect
      .element(page.getByRole('link', { name: 'Export CSV' }))
      .toHaveAttribute('href', '/api/bookings/admin/export?bookingId=77');

    await page.getByRole('button', { name: 'Show All Bookings' }).click();
    await expect.element(page.getByText('Showing 1 - 50 of 52')).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(listCalls(calls).at(-1)?.query.has('bookingId')).toBe(false);
    await expect.element(page.getByText('Showing one booking', { exact: false })).not.toBeInTheDocument();
  });

  describe('one client address or one client, and their pending holds', () => {
    const address = '203.0.113.7';
    const holds = [
      adminBookingFixture({ id: 31, client_address: address }),
      adminBookingFixture({
        id: 32,
        user_id: 'u2',
        client_address: address,
        user_profiles: { first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com' },
      }),
    ];

    /** The list from the address: its holds until they are cancelled, then none; the POST as `cancel` answers. */
    function holdsApi(cancel: () => Answer) {
      let cancelled = false;
      return stubApi((call) => {
        if (call.path === '/api/services') return ok({ services });
        if (call.path === apiPaths.admin.cancelPending && call.method === 'POST') {
          const answer = cancel();
          if (answer !== 'unreachable' && answer.status === 200) cancelled = true;
          return answer;
        }
        if (call.path !== apiPaths.admin.all) return undefined;
        const shown = cancelled
          ? holds.map((booking) => ({ ...booking, status: 'cancelled' as const }))
          : holds;
        const pendingOnly = call.query.get('status') === 'pending';
        const bookings = pendingOnly ? shown.filter((booking) => booking.status === 'pending') : shown;
        return ok({ bookings, total: bookings.length, nextCursor: null } satisfies AdminBookingsResponse);
      });
    }

    it("shows a pending booking's address, with links to that address's and that client's holds", async () => {
      listApi();
      renderAt('/admin/bookings');
      const row = page.getByTestId('booking-row').first();
      await expect.element(row).toHaveTextContent(`From ${address}`);
      await expect
        .element(row.getByRole('link', { name: 'Holds From This Address' }))
        .toHaveAttribute('href', `/admin/bookings?status=pending&address=${address}`);
      await expect
        .element(row.getByRole('link', { name: "This Client's Holds" }))
        .toHaveAttribute('href', '/admin/bookings?status=pending&clientId=u1');
    });

    it('cancels every pending hold of the address after asking, and tells how many went', async () => {
      const calls = holdsApi(() => ok({ cancelled: 2 }));
      renderAt(`/admin/bookings?status=pending&address=${address}`);
      await expect
        .element(page.getByText(`Showing the bookings made from one client address: ${address}.`))
        .toBeVisible();
      expect(Object.fromEntries(listCalls(calls)[0]?.query ?? [])).toMatchObject({
        status: 'pending',
        address,
      });

      await page.getByRole('button', { name: 'Cancel these 2 pending holds' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel the pending holds?' });
      await expect.element(dialog).toHaveTextContent(adminMessages.cancelPendingWarning(2));
      // Keeping them sends nothing.
      await dialog.getByRole('button', { name: 'Keep Them' }).click();
      await expect.element(dialog).not.toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

      await page.getByRole('button', { name: 'Cancel these 2 pending holds' }).click();
      await page.getByRole('button', { name: 'Cancel Pending Holds' }).click();
      await expect.element(page.getByText(adminMessages.cancelPendingDone(2))).toBeVisible();
      const posts = calls.filter((call) => call.method === 'POST');
      expect(posts.map((call) => [call.path, call.body])).toEqual([
        [apiPaths.admin.cancelPending, { address }],
      ]);
      // The list is read again: nothing pending is left, so the button goes.
      await expect.element(page.getByText('No bookings match these filters.')).toBeVisible();
      await expect.element(page.getByRole('button', { name: /pending holds?$/ })).not.toBeInTheDocument();
    });

    it("offers one client's holds by their account, and says why when the cancellation is refused", async () => {
      const calls = holdsApi(() => ({ status: 400, body: { message: adminMessages.cancelPendingTarget } }));
      const router = renderAt('/admin/bookings?clientId=u1');
      await expect
        .element(page.getByText('Showing the bookings of one client: jane@example.com.'))
        .toBeVisible();
      await page.getByRole('button', { name: 'Cancel these 2 pending holds' }).click();
      await page.getByRole('button', { name: 'Cancel Pending Holds' }).click();
      await expect
        .element(page.getByText(`${adminMessages.cancelPendingFailed}: ${adminMessages.cancelPendingTarget}`))
        .toBeVisible();
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ clientId: 'u1' });

      await page.getByRole('button', { name: 'Show All Bookings' }).click();
      expect(router.state.location.search).toBe('');
      await expect
        .element(page.getByText('Showing the bookings of one client', { exact: false }))
        .not.toBeInTheDocument();
    });
  });

  it("filters by consultant (retired ones too): the URL, the list's request and the export carry consultantId", async () => {
    const calls = listApi();
    const router = renderAt('/admin/bookings');
    await expect.element(page.getByText('Showing 1 - 50 of 52')).toBeVisible();
    const select = page.getByLabelText('Consultant', { exact: true });
    await expect.element(page.getByRole('option', { name: 'Omar Haddad (Retired)' })).toBeInTheDocument();
    await select.selectOptions('4');
    await expect.poll(() => router.state.location.search).toBe('?consultantId=4');
    await expect.poll(() => listCalls(calls).at(-1)?.query.get('consultantId')).toBe('4');
    await expect
      .element(page.getByRole('link', { name: 'Export CSV' }))
      .toHaveAttribute('href', '/api/bookings/admin/export?consultantId=4');
    await select.selectOptions('');
    await expect.poll(() => router.state.location.search).toBe('');
  });

  it('keeps a consultant named in the URL selected', async () => {
    listApi();
    renderAt('/admin/bookings?consultantId=3');
    await expect.element(page.getByLabelText('Consultant', { exact: true })).toHaveValue('3');
  });

  it('exports the filtered list as CSV', async () => {
    listApi();
    renderAt(`/admin/bookings${filtersIn}`);
    const link = page.getByRole('link', { name: 'Export CSV' });
    await expect
      .element(link)
      .toHaveAttribute(
        'href',
        '/api/bookings/admin/export?status=cancelled&startDate=2030-01-01&endDate=2030-01-31&serviceId=2',
      );
    await expect.element(link).toHaveAttribute('download');
  });
});
