// A consultant's own schedule and their actions on a booking of theirs (docs/product.md#the-consultants-own-area),
// against a stubbed API.
import '../../index.css';
import {
  addDays,
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  defaultBusinessTimeZone,
  mondayOf,
  shortDate,
  consultantScheduleTexts as texts,
  todayIn,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { BookingDetailRoute } from '../../app/routes/booking-detail';
import { ConsultantRoute } from '../../app/routes/consultant';
import { bookingFixture, scheduleAnswer } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall as Call, stubApi as stubAnyApi } from '../../testing/stub-api';

function signedInConsultant(call: Call): Answer | undefined {
  if (call.path === apiPaths.accounts.session) {
    return {
      status: 200,
      body: {
        session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
        user: { id: 'maya', email: 'maya@example.com', emailVerified: true, name: '', role: 'consultant' },
      },
    };
  }
  if (call.path === '/api/auth/profile') {
    return { status: 200, body: { user: { id: 'maya', first_name: 'Maya', role: 'consultant' } } };
  }
  return undefined;
}

const stubApi = (answer: Parameters<typeof stubAnyApi>[0]) =>
  stubAnyApi(answer, (call) => signedInConsultant(call) ?? scheduleAnswer(call));

function renderAt(path: string) {
  return renderRouter(
    createMemoryRouter(
      [
        { path: '/consultant', element: <ConsultantRoute /> },
        { path: '/booking/:id', element: <BookingDetailRoute /> },
      ],
      { initialEntries: [path] },
    ),
  );
}

const today = todayIn(defaultBusinessTimeZone, new Date());
const monday = mondayOf(today);
/** Another day of this week than today. */
const laterThisWeek = today === addDays(monday, 6) ? addDays(monday, 5) : addDays(monday, 6);

const schedule: Booking[] = [
  bookingFixture({
    id: 11,
    status: 'confirmed',
    booking_date: today,
    user_profiles: { first_name: 'Cleo', last_name: 'Client', email: 'cleo@example.com' },
  }),
  bookingFixture({ id: 12, status: 'pending', booking_date: laterThisWeek }),
  bookingFixture({
    id: 13,
    status: 'pending',
    booking_date: addDays(monday, 8),
    services: { name: 'Cloud Migration', duration: 60, hourly_rate: 200 },
  }),
];

/** The consultant's bookings of the asked range, as the server answers them. */
function consultantBookings(call: Call): Answer | undefined {
  if (call.path !== apiPaths.consultants.ownBookings) return undefined;
  const from = call.query.get('from') ?? '';
  const to = call.query.get('to') ?? '';
  return {
    status: 200,
    body: {
      bookings: schedule.filter((booking) => booking.booking_date >= from && booking.booking_date <= to),
    },
  };
}

describe('/consultant', () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await page.viewport(1280, 800);
  });

  it("shows today's consultations, this week's and a week view moved week by week", async () => {
    const calls = stubApi(consultantBookings);
    renderAt('/consultant');
    await expect.element(page.getByRole('heading', { name: texts.heading, level: 1 })).toBeVisible();
    const todaySection = page.getByRole('region', { name: /Today/ });
    await expect.element(todaySection.getByText('Cleo Client')).toBeVisible();
    expect(todaySection.getByText('Web Development').elements()).toHaveLength(1);
    const weekSection = page.getByRole('region', { name: texts.thisWeek, exact: true });
    await expect.poll(() => weekSection.getByTestId('consultation').elements().length).toBe(2);
    const weekView = page.getByRole('region', { name: /Week View/ });
    await expect
      .element(weekView.getByTestId('week-range'))
      .toHaveTextContent(`${shortDate(monday)} - ${shortDate(addDays(monday, 6))}`);
    expect(weekView.getByTestId('week-day').elements()).toHaveLength(7);
    await expect
      .element(weekView.getByRole('link', { name: /Cleo Client/ }))
      .toHaveAttribute('href', '/booking/11');
    expect(weekView.getByText('Cloud Migration').elements()).toHaveLength(0);

    await page.getByRole('button', { name: texts.nextWeek }).click();
    await expect.element(weekView.getByText('Cloud Migration')).toBeVisible();
    await expect.element(weekView.getByTestId('week-range')).toHaveTextContent(shortDate(addDays(monday, 7)));
    expect(weekView.getByText('Cleo Client').elements()).toHaveLength(0);
    const asked = calls.filter((call) => call.path === apiPaths.consultants.ownBookings);
    expect(asked.map((call) => call.query.get('from'))).toContain(addDays(monday, 7));
    expect(asked.every((call) => call.query.get('to') === addDays(call.query.get('from') ?? '', 6))).toBe(
      true,
    );

    await page.getByRole('button', { name: texts.previousWeek }).click();
    await expect.element(weekView.getByRole('link', { name: /Cleo Client/ })).toBeVisible();
  });

  it('fits a 375 px wide screen', async () => {
    stubApi(consultantBookings);
    await page.viewport(375, 800);
    renderAt('/consultant');
    await expect.element(page.getByText('Cleo Client').first()).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  });
});

describe("a consultant on a booking's page", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('confirms a pending booking of theirs, then may complete or cancel it, and nothing of the firm', async () => {
    let booking = bookingFixture({ id: 5, status: 'pending' });
    const detail = (): BookingDetailResponse => ({
      booking,
      history: [],
      change_notice_hours: 24,
      is_owner: false,
    });
    const calls = stubApi((call) => {
      if (call.path === apiPaths.bookings.booking(5)) return { status: 200, body: detail() };
      if (call.method === 'PUT' && call.path === apiPaths.admin.status(5)) {
        booking = { ...booking, status: (call.body as { status: Booking['status'] }).status };
        return { status: 200, body: { booking } };
      }
      return undefined;
    });
    renderAt('/booking/5');
    await expect.element(page.getByRole('button', { name: texts.confirm })).toBeVisible();
    await expect.element(page.getByRole('button', { name: texts.cancel })).toBeVisible();
    expect(page.getByRole('button', { name: texts.complete }).elements()).toHaveLength(0);
    expect(page.getByRole('link', { name: 'Open in All Bookings' }).elements()).toHaveLength(0);

    await page.getByRole('button', { name: texts.confirm }).click();
    await expect.element(page.getByRole('button', { name: texts.complete })).toBeVisible();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ status: 'confirmed' });
    expect(page.getByRole('button', { name: texts.confirm }).elements()).toHaveLength(0);
  });
});
