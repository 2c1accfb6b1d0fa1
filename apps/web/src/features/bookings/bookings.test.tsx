import '../../index.css';
import {
  addDays,
  apiPaths,
  type Booking,
  bookingErrorCodes,
  bookingMessages,
  defaultBusinessTimeZone,
  defaultSchedule,
  type IsoDate,
  lastBookableDate,
  openingHoursNote,
  opensOn,
  todayIn,
  weekdayOf,
} from '@portal/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup, render } from 'vitest-browser-react';
import { BookRoute } from '../../app/routes/book';
import { MyBookingsRoute } from '../../app/routes/my-bookings';
import { NotificationsProvider } from '../../components/notifications/notifications-provider';
import { ApiError } from '../../lib/api-error';
import { AuthProvider } from '../../lib/auth-state';
import { createQueryClient } from '../../lib/query-client';
import { forgetUnsent, unsentStorageKey } from '../../lib/unsent-bookings-storage';
import { bookingFixture, firmCalendarAnswer, serviceFixture } from '../../testing/fixtures';
import { type Answer, type ApiCall as Call, stubApi as stubAnyApi } from '../../testing/stub-api';
import {
  addUnsent,
  isUnreachable,
  readUnsent,
  refusalMessage,
  type UnsentCreate,
  unreachableReason,
} from './unsent-queue';
import { UnsentSender } from './unsent-sender';

/** Who the stubbed accounts service says is signed in (the queue of unsent bookings is theirs). */
let signedInAs = 'user-1';

function signedIn(call: Call): Answer | undefined {
  if (call.path === apiPaths.accounts.session) {
    return {
      status: 200,
      body: {
        session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
        user: { id: signedInAs, email: `${signedInAs}@example.com`, emailVerified: true, name: '' },
      },
    };
  }
  if (call.path === '/api/auth/profile') {
    return { status: 200, body: { user: { id: signedInAs, first_name: 'Jane', role: 'client' } } };
  }
  return undefined;
}

/**
 * Answers the app's requests like the server would, signed in as `signedInAs` unless the handler answers the
 * session, with the firm's original calendar unless it answers that.
 */
function stubApi(answer: Parameters<typeof stubAnyApi>[0]) {
  return stubAnyApi(answer, (call) => signedIn(call) ?? firmCalendarAnswer(call));
}

const service = serviceFixture();

/** My Bookings' answer when everything fits on one page, with a client's change notice unless told otherwise. */
function listed(bookings: Booking[], changeNoticeHours = 24) {
  return { bookings, nextCursor: null, change_notice_hours: changeNoticeHours };
}

const slot = (start: string, end: string, available: boolean, iso: string) => ({
  start_time: start,
  end_time: end,
  label: `${start} - ${end}`,
  starts_at: `${iso}T${start}:00.000Z`,
  ends_at: `${iso}T${end}:00.000Z`,
  available,
});

function availability(date: string) {
  return {
    date,
    timeZone: defaultBusinessTimeZone,
    slots: [
      slot('09:00', '10:30', true, date),
      slot('09:30', '11:00', false, date),
      slot('10:00', '11:30', true, date),
    ],
  };
}

/** The next weekdays after today in the business zone. */
function nextWeekdays(count: number): IsoDate[] {
  const days: IsoDate[] = [];
  let day = todayIn(defaultBusinessTimeZone, new Date());
  while (days.length < count) {
    day = addDays(day, 1);
    if (opensOn(defaultSchedule, weekdayOf(day))) days.push(day);
  }
  return days;
}

function serviceAndAvailability(call: Call): Answer | undefined {
  if (call.method === 'GET' && call.path === '/api/services/1') return { status: 200, body: { service } };
  if (call.method === 'GET' && call.path === '/api/services/1/availability') {
    return { status: 200, body: availability(new URLSearchParams(call.search).get('date') ?? '') };
  }
  return undefined;
}

/** The app's providers, the router and, as in the app shell, the sender of unsent bookings. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/book/:serviceId', element: <BookRoute /> },
      { path: '/services/:id/book', element: <BookRoute /> },
      { path: '/services', element: <h1>Services page</h1> },
      { path: '/my-bookings', element: <MyBookingsRoute /> },
      { path: '/booking/:id', element: <h1>Booking detail page</h1> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <NotificationsProvider>
          <RouterProvider router={router} />
          <UnsentSender />
        </NotificationsProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** Clicks a day of the calendar, moving to the next month when needed. */
async function pickDay(date: IsoDate) {
  const find = () => document.querySelector<HTMLButtonElement>(`[data-day="${date}"] button`);
  await expect.element(page.getByRole('grid').first()).toBeVisible();
  if (!find()) await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  await expect.poll(find).toBeTruthy();
  const button = find();
  if (!button) throw new Error(`no day ${date}`);
  await page.elementLocator(button).click();
}

const continueButton = () => page.getByRole('button', { name: 'Continue' });
const reviewButton = () => page.getByRole('button', { name: 'Review Booking' });
const description = () => page.getByLabelText('Project Description');
const longEnough = 'We need a new customer portal built in React.';

async function toDetails(day: IsoDate) {
  await pickDay(day);
  await page.getByRole('radio', { name: '09:00 - 10:30' }).click();
  await continueButton().click();
}

describe('booking wizard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("follows the firm's calendar: closed weekdays and dates greyed out, open Saturdays offered, the actual hours written", async () => {
    const today = todayIn(defaultBusinessTimeZone, new Date());
    const inThisMonth = (weekday: number) => {
      let day = addDays(today, 1);
      while (new Date(`${day}T12:00:00Z`).getUTCDay() !== weekday) day = addDays(day, 1);
      return day;
    };
    const saturday = inThisMonth(6);
    const monday = inThisMonth(1);
    const tuesday = inThisMonth(2);
    const schedule = {
      ...defaultSchedule,
      weeklyHours: {
        ...defaultSchedule.weeklyHours,
        monday: [],
        saturday: [{ start: '10:00', end: '12:00' }],
      },
    };
    stubApi((call) => {
      if (call.method === 'GET' && call.path === apiPaths.schedule.public) {
        return {
          status: 200,
          body: {
            schedule,
            closures: [{ startDate: tuesday, endDate: tuesday, reason: 'Holiday' }],
            timeZone: defaultBusinessTimeZone,
          },
        };
      }
      return serviceAndAvailability(call);
    });
    renderAt('/book/1');
    await expect.element(page.getByText(openingHoursNote(schedule))).toBeVisible();
    const cell = (date: IsoDate) => document.querySelector<HTMLElement>(`[data-day="${date}"]`);
    // In date order: the picker only ever moves on to the next month.
    for (const date of [saturday, monday, tuesday].sort()) {
      if (!cell(date)) await page.getByRole('button', { name: 'Go to the Next Month' }).click();
      await expect.poll(() => cell(date)?.dataset.day).toBe(date);
      expect(cell(date)?.dataset.disabled, date).toBe(date === saturday ? undefined : 'true');
    }
  });

  it('reads the calendar afresh each time it opens: a date closed since the last visit is greyed out', async () => {
    const [day = ''] = nextWeekdays(1);
    let closures: { startDate: string; endDate: string; reason: string }[] = [];
    const calls = stubApi((call) =>
      call.path === apiPaths.schedule.public
        ? firmCalendarAnswer(call, { schedule: defaultSchedule, closures })
        : serviceAndAvailability(call),
    );
    const router = renderAt('/book/1');
    const cell = () => document.querySelector<HTMLElement>(`[data-day="${day}"]`);
    await expect.element(page.getByRole('grid').first()).toBeVisible();
    if (!cell()) await page.getByRole('button', { name: 'Go to the Next Month' }).click();
    await expect.poll(() => cell()?.dataset.day).toBe(day);
    expect(cell()?.dataset.disabled).toBeUndefined();

    // The firm closes the day (in another browser); the client comes back to the wizard within the minute.
    closures = [{ startDate: day, endDate: day, reason: 'Holiday' }];
    await router.navigate('/services');
    await expect.element(page.getByRole('heading', { name: 'Services page' })).toBeVisible();
    await router.navigate('/book/1');
    await expect.element(page.getByRole('grid').first()).toBeVisible();
    if (!cell()) await page.getByRole('button', { name: 'Go to the Next Month' }).click();
    await expect.poll(() => cell()?.dataset.disabled).toBe('true');
    expect(calls.filter((call) => call.path === apiPaths.schedule.public)).toHaveLength(2);
  });

  it('says the calendar is loading, then that it failed with Try again, rather than show the original hours', async () => {
    let mode: 'hold' | 'fail' | 'ok' = 'hold';
    let release = () => {};
    const failure: Answer = { status: 503, body: { message: 'Service unavailable' } };
    stubApi((call) => {
      if (call.path !== apiPaths.schedule.public) return serviceAndAvailability(call);
      if (mode === 'ok') return firmCalendarAnswer(call);
      if (mode === 'fail') return failure;
      return new Promise<Answer>((resolve) => {
        release = () => resolve(failure);
      });
    });
    renderAt('/book/1');
    await expect.element(page.getByRole('heading', { name: 'Choose a Date & Time' })).toBeVisible();
    await expect.element(page.getByText('Loading the calendar...')).toBeVisible();
    expect(page.getByRole('grid').elements()).toHaveLength(0);
    expect(page.getByText(bookingMessages.businessHoursNote).elements()).toHaveLength(0);

    // The server fails (a failed read is tried once more, and fails again).
    mode = 'fail';
    release();
    await expect.element(page.getByText("We could not load the firm's calendar.")).toBeVisible();
    expect(page.getByRole('grid').elements()).toHaveLength(0);

    mode = 'ok';
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.element(page.getByRole('grid').first()).toBeVisible();
    await expect.element(page.getByText(bookingMessages.businessHoursNote)).toBeVisible();
  });

  it('gates step 1 on a free slot, and a new date clears the slot', async () => {
    const calls = stubApi(serviceAndAvailability);
    const [first = '', second = ''] = nextWeekdays(2);
    renderAt('/book/1');
    await expect.element(page.getByRole('heading', { name: 'Choose a Date & Time' })).toBeVisible();
    await expect.element(page.getByText(bookingMessages.businessHoursNote)).toBeVisible();
    await expect.element(page.getByRole('heading', { name: 'What to Expect' })).toBeVisible();
    await expect.element(continueButton()).toBeDisabled();

    // Past days and weekends cannot be chosen.
    const today = todayIn(defaultBusinessTimeZone, new Date());
    const yesterday = document.querySelector(`[data-day="${addDays(today, -1)}"]`);
    if (yesterday) expect(yesterday.getAttribute('data-disabled')).toBe('true');
    for (const cell of document.querySelectorAll<HTMLElement>('[data-day]')) {
      if (!opensOn(defaultSchedule, weekdayOf(cell.dataset.day ?? '')))
        expect(cell.dataset.disabled, cell.dataset.day).toBe('true');
    }

    await pickDay(first);
    await expect.element(page.getByRole('radio', { name: '09:00 - 10:30' })).toBeVisible();
    await expect.element(page.getByRole('radio', { name: '10:00 - 11:30' })).toBeVisible();
    // Only free slots are offered; the zone is named.
    await expect.element(page.getByRole('radio', { name: '09:30 - 11:00' })).not.toBeInTheDocument();
    await expect.element(page.getByText(/Times are in .*America\/Phoenix/)).toBeVisible();
    expect(calls.some((call) => call.search === `?date=${first}`)).toBe(true);
    await expect.element(continueButton()).toBeDisabled();

    await page.getByRole('radio', { name: '09:00 - 10:30' }).click();
    await expect.element(continueButton()).toBeEnabled();

    await pickDay(second);
    await expect.element(page.getByRole('radio', { name: '09:00 - 10:30' })).not.toBeChecked();
    await expect.element(continueButton()).toBeDisabled();
    expect(calls.some((call) => call.search === `?date=${second}`)).toBe(true);
  });

  it('counts N/20, gates Review Booking on 20 trimmed characters and sums up the booking', async () => {
    stubApi(serviceAndAvailability);
    const [day = ''] = nextWeekdays(1);
    renderAt('/services/1/book');
    await toDetails(day);

    await expect.element(page.getByTestId('description-counter')).toHaveTextContent('0/20');
    await expect.element(reviewButton()).toBeDisabled();
    await description().fill('   too short text    ');
    await expect.element(page.getByTestId('description-counter')).toHaveTextContent('14/20');
    await expect.element(reviewButton()).toBeDisabled();
    await description().fill(longEnough);
    await expect
      .element(page.getByTestId('description-counter'))
      .toHaveTextContent(`${longEnough.length}/20`);
    await expect.element(reviewButton()).toBeEnabled();
    await page.getByLabelText('Urgency').selectOptions('high');
    await page.getByLabelText('Preferred Contact').selectOptions('video');

    await reviewButton().click();
    await expect.element(page.getByRole('heading', { name: 'Review Your Booking' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Review Your Booking' }).getByRole('definition');
    await expect.element(summary.filter({ hasText: '$225' })).toBeVisible(); // 150 × 90 / 60
    await expect.element(summary.filter({ hasText: '90 minutes' })).toBeVisible();
    await expect.element(summary.filter({ hasText: '$150/hour' })).toBeVisible();
    await expect.element(summary.filter({ hasText: /^09:00 - 10:30 MST$/ })).toBeVisible();
    await expect.element(summary.filter({ hasText: longEnough })).toBeVisible();
    await expect.element(summary.filter({ hasText: 'Video Call' })).toBeVisible();

    // Back keeps what was typed.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.element(description()).toHaveValue(longEnough);
  });

  it('books with an Idempotency-Key, then shows My Bookings with the notification', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings')
        return { status: 201, body: { booking: {} } };
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed([]) };
      return serviceAndAvailability(call);
    });
    const [day = ''] = nextWeekdays(1);
    const router = renderAt('/book/1');
    await toDetails(day);
    await description().fill(`  ${longEnough}  `);
    await page.getByLabelText('Additional Notes').fill('Mornings suit us best');
    await reviewButton().click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    // The stub's booking is not a valid answer: the client refuses it like any other failure.
    await expect.element(page.getByText(bookingMessages.createFailed)).toBeVisible();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      serviceId: 1,
      projectDescription: longEnough,
      startsAt: `${day}T09:00:00.000Z`,
      urgency: 'normal',
      preferredContact: 'email',
      additionalNotes: 'Mornings suit us best',
    });
    const key = post?.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(router.state.location.pathname).toBe('/book/1');

    // Trying again after a failure without an answer uses the same key.
    vi.unstubAllGlobals();
    const retried = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings') {
        return { status: 201, body: { booking: bookingFixture({ id: 5 }) } };
      }
      if (call.path === '/api/bookings/my-bookings') {
        return { status: 200, body: listed([bookingFixture({ id: 5 })]) };
      }
      return serviceAndAvailability(call);
    });
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.element(page.getByText(bookingMessages.saved)).toBeVisible();
    expect(router.state.location.pathname).toBe('/my-bookings');
    expect(retried.find((call) => call.method === 'POST')?.headers.get('Idempotency-Key')).toBe(key);
    await expect.element(page.getByRole('heading', { name: 'Web Development' })).toBeVisible();
  });

  it('sends the user back to step 1 with fresh slots when the slot was taken, keeping the details', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings') {
        return { status: 409, body: { message: bookingMessages.slotTaken } };
      }
      return serviceAndAvailability(call);
    });
    const [day = ''] = nextWeekdays(1);
    renderAt('/book/1');
    await toDetails(day);
    await description().fill(longEnough);
    await reviewButton().click();
    const asked = calls.filter((call) => call.path.endsWith('/availability')).length;
    await page.getByRole('button', { name: 'Confirm Booking' }).click();

    await expect.element(page.getByRole('heading', { name: 'Choose a Date & Time' })).toBeVisible();
    await expect
      .element(page.getByRole('alert').filter({ hasText: bookingMessages.slotTaken }).first())
      .toBeVisible();
    await expect
      .poll(() => calls.filter((call) => call.path.endsWith('/availability')).length)
      .toBeGreaterThan(asked);
    await expect.element(continueButton()).toBeDisabled();
    const firstKey = calls.find((call) => call.method === 'POST')?.headers.get('Idempotency-Key');

    await page.getByRole('radio', { name: '10:00 - 11:30' }).click();
    await continueButton().click();
    await expect.element(description()).toHaveValue(longEnough);
    await reviewButton().click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.poll(() => calls.filter((call) => call.method === 'POST').length).toBe(2);
    const second = calls.filter((call) => call.method === 'POST')[1];
    // A new attempt (another slot) gets a new key: the old one belongs to the refused request.
    expect(second?.headers.get('Idempotency-Key')).not.toBe(firstKey);
    expect(second?.body).toMatchObject({ startsAt: `${day}T10:00:00.000Z` });
  });

  it("reports the server's validation errors in the product's words", async () => {
    stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings') {
        return {
          status: 400,
          body: {
            message: 'Invalid',
            errors: [{ path: 'startsAt', msg: bookingMessages.slotInPast }],
          },
        };
      }
      return serviceAndAvailability(call);
    });
    const [day = ''] = nextWeekdays(1);
    renderAt('/book/1');
    await toDetails(day);
    await description().fill(longEnough);
    await reviewButton().click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect
      .element(page.getByText(`Booking validation failed: startsAt: ${bookingMessages.slotInPast}`))
      .toBeVisible();
    // A refused booking is never kept for later.
    expect(localStorage.getItem(unsentStorageKey('user-1'))).toBeNull();
  });

  it('offers no day beyond the 90-day horizon: the calendar stops at its month', async () => {
    stubApi(serviceAndAvailability);
    renderAt('/book/1');
    await expect.element(page.getByRole('grid').first()).toBeVisible();
    const next = page.getByRole('button', { name: 'Go to the Next Month' });
    for (let month = 0; month < 6 && next.element().getAttribute('aria-disabled') !== 'true'; month += 1) {
      await next.click();
    }
    // Three or four months on, the last one shown holds the horizon's day; no month after it.
    await expect.element(next).toHaveAttribute('aria-disabled', 'true');
    const last = lastBookableDate(defaultBusinessTimeZone, new Date());
    const lastCell = document.querySelector<HTMLElement>(`[data-day="${last}"]`);
    expect(lastCell, last).not.toBeNull();
    if (opensOn(defaultSchedule, weekdayOf(last))) expect(lastCell?.dataset.disabled).not.toBe('true');
    const after = [...document.querySelectorAll<HTMLElement>('[data-day]')].filter(
      (cell) => (cell.dataset.day ?? '') > last,
    );
    for (const cell of after) expect(cell.dataset.disabled, cell.dataset.day).toBe('true');
  });

  it("stays on the confirmation step with the server's words when the pending limit is reached", async () => {
    const limit = bookingMessages.pendingLimitReached(5);
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings') {
        return { status: 409, body: { message: limit, code: bookingErrorCodes.pendingLimit } };
      }
      return serviceAndAvailability(call);
    });
    const [day = ''] = nextWeekdays(1);
    const router = renderAt('/book/1');
    await toDetails(day);
    await description().fill(longEnough);
    await reviewButton().click();
    const asked = calls.filter((call) => call.path.endsWith('/availability')).length;
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.element(page.getByText(limit)).toBeVisible();
    // Not a taken slot: the user stays where they were, nothing is kept for later, the slots are not refetched.
    await expect.element(page.getByRole('heading', { name: 'Review Your Booking' })).toBeVisible();
    expect(page.getByText(bookingMessages.slotTaken).elements()).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/book/1');
    expect(localStorage.getItem(unsentStorageKey('user-1'))).toBeNull();
    expect(calls.filter((call) => call.path.endsWith('/availability')).length).toBe(asked);
    // Trying again is a new attempt with a new key.
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.poll(() => calls.filter((call) => call.method === 'POST').length).toBe(2);
    const [first, second] = calls.filter((call) => call.method === 'POST');
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
  });

  it("shows 'Service Not Found' for a missing service, and leaves for /services when it cannot load", async () => {
    stubApi(() => ({ status: 404, body: { message: 'Service not found' } }));
    renderAt('/book/99');
    await expect.element(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Back to Services' }))
      .toHaveAttribute('href', '/services');
  });

  it("redirects to /services with 'Failed to load service' when the service cannot be loaded", async () => {
    stubApi(() => ({ status: 500, body: { message: 'boom' } }));
    const router = renderAt('/book/1');
    await expect.element(page.getByText('Failed to load service', { exact: true })).toBeVisible();
    await expect.element(page.getByRole('heading', { name: 'Services page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/services');
  });
});

describe('my bookings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const bookings = [
    bookingFixture({ id: 3, status: 'confirmed', confirmation_code: 'OT-2030-003' }),
    bookingFixture({ id: 2, status: 'pending', confirmation_code: 'OT-2030-002' }),
    bookingFixture({
      id: 1,
      status: 'completed',
      confirmation_code: 'OT-2025-001',
      booking_date: '2025-03-03',
      starts_at: '2025-03-03T16:00:00.000Z',
      ends_at: '2025-03-03T17:30:00.000Z',
      time_slots: [{ start_time: '09:00', end_time: '10:30', availability: { date: '2025-03-03' } }],
    }),
  ];

  const cards = () => page.getByRole('article');

  it('shows every field and filters by tab', async () => {
    stubApi((call) =>
      call.path === '/api/bookings/my-bookings' ? { status: 200, body: listed(bookings) } : undefined,
    );
    renderAt('/my-bookings');
    await expect.element(cards().nth(2)).toBeVisible();
    expect(cards().elements()).toHaveLength(3);
    const confirmed = cards().filter({ hasText: 'OT-2030-003' });
    for (const text of [
      'Web Development',
      'Confirmed',
      'Monday, January 7, 2030',
      '09:00 - 10:30 MST',
      '$225',
      'A customer portal with online booking.',
      'High',
      'Video Call',
      'Jan 2, 2030',
    ]) {
      await expect.element(confirmed.getByText(text, { exact: true })).toBeVisible();
    }
    await expect
      .element(confirmed.getByRole('link', { name: 'View Details' }))
      .toHaveAttribute('href', '/booking/3');
    await expect.element(confirmed.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    await expect.element(confirmed.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    const pending = cards().filter({ hasText: 'OT-2030-002' });
    await expect
      .element(pending.getByRole('button', { name: 'Cancel', exact: true }))
      .not.toBeInTheDocument();
    const completed = cards().filter({ hasText: 'OT-2025-001' });
    await expect.element(completed.getByRole('button', { name: 'Leave Review' })).toBeEnabled();

    const expectCodes = async (tab: string, codes: string[]) => {
      await page.getByRole('tab', { name: tab }).click();
      await expect.element(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect.poll(() => cards().elements().length).toBe(codes.length);
      for (const code of codes) await expect.element(cards().filter({ hasText: code })).toBeVisible();
    };
    await expectCodes('Upcoming', ['OT-2030-003', 'OT-2030-002']);
    await expectCodes('Past', ['OT-2025-001']);
    await expectCodes('Confirmed', ['OT-2030-003']);
    await expectCodes('Pending', ['OT-2030-002']);
    await expectCodes('All', ['OT-2030-003', 'OT-2030-002', 'OT-2025-001']);
  });

  it('cancels a confirmed booking through the dialog', async () => {
    let current = bookings;
    const calls = stubApi((call) => {
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed(current) };
      if (call.method === 'PUT' && call.path === '/api/bookings/3') {
        const cancelled = bookingFixture({ id: 3, status: 'cancelled', confirmation_code: 'OT-2030-003' });
        current = current.map((booking) => (booking.id === 3 ? cancelled : booking));
        return { status: 200, body: { booking: cancelled } };
      }
      return undefined;
    });
    renderAt('/my-bookings');
    const confirmed = cards().filter({ hasText: 'OT-2030-003' });
    await confirmed.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Booking?' });
    await expect.element(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep Booking' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await confirmed.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Booking' }).click();
    await expect.element(page.getByText(bookingMessages.cancelled)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'cancelled' });
    await expect.element(confirmed.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect
      .element(confirmed.getByRole('button', { name: 'Cancel', exact: true }))
      .not.toBeInTheDocument();
  });

  it('tells the user when the server refuses a cancellation, and keeps nothing', async () => {
    const refusal = bookingMessages.onlyConfirmedCancellable('pending');
    stubApi((call) => {
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed(bookings) };
      if (call.method === 'PUT') return { status: 409, body: { message: refusal } };
      return undefined;
    });
    renderAt('/my-bookings');
    await cards()
      .filter({ hasText: 'OT-2030-003' })
      .getByRole('button', { name: 'Cancel', exact: true })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Booking' }).click();
    await expect.element(page.getByText(refusal)).toBeVisible();
    expect(readUnsent('user-1')).toEqual([]);
  });

  it('cancels locally when the server cannot be reached, and sends it when it is back', async () => {
    localStorage.removeItem(unsentStorageKey('user-1'));
    let current = bookings;
    let reachable = false;
    const calls = stubApi((call) => {
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed(current) };
      if (call.method === 'PUT' && call.path === '/api/bookings/3') {
        if (!reachable) return { status: 503, body: { message: 'down' } };
        const cancelled = bookingFixture({ id: 3, status: 'cancelled', confirmation_code: 'OT-2030-003' });
        current = current.map((booking) => (booking.id === 3 ? cancelled : booking));
        return { status: 200, body: { booking: cancelled } };
      }
      return undefined;
    });
    renderAt('/my-bookings');
    const confirmed = cards().filter({ hasText: 'OT-2030-003' });
    await confirmed.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Booking' }).click();
    await expect.element(page.getByText(bookingMessages.cancelledLocally)).toBeVisible();
    await expect.element(confirmed.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect.element(confirmed.getByTestId('not-sent')).toHaveTextContent('Not yet sent');
    expect(readUnsent('user-1')).toMatchObject([{ kind: 'cancel', bookingId: 3 }]);
    // The sender's first try, still without an answer, keeps it.
    await expect.poll(() => calls.filter((call) => call.method === 'PUT').length).toBe(2);
    expect(readUnsent('user-1')).toHaveLength(1);

    reachable = true;
    window.dispatchEvent(new Event('online'));
    await expect.element(page.getByText(bookingMessages.cancelled)).toBeVisible();
    expect(readUnsent('user-1')).toEqual([]);
    await expect.element(confirmed.getByTestId('not-sent')).not.toBeInTheDocument();
    await expect.element(confirmed.getByText('Cancelled', { exact: true })).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(3);
  });

  it('does not offer Cancel for a confirmed booking that has started', async () => {
    const started = bookingFixture({
      id: 4,
      status: 'confirmed',
      confirmation_code: 'OT-2025-004',
      booking_date: '2025-03-03',
      starts_at: '2025-03-03T16:00:00.000Z',
      ends_at: '2025-03-03T17:30:00.000Z',
    });
    stubApi((call) =>
      call.path === '/api/bookings/my-bookings'
        ? { status: 200, body: listed([bookings[0] as Booking, started]) }
        : undefined,
    );
    renderAt('/my-bookings');
    const ahead = cards().filter({ hasText: 'OT-2030-003' });
    await expect.element(ahead.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    const past = cards().filter({ hasText: 'OT-2025-004' });
    await expect.element(past.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect.element(past.getByRole('button', { name: 'Cancel', exact: true })).not.toBeInTheDocument();
  });

  it('shows the change notice instead of acting inside it, as the answer gives it', async () => {
    const startingIn = (id: number, status: 'pending' | 'confirmed', hours: number) => {
      const startsAt = new Date(Date.now() + hours * 3_600_000);
      return bookingFixture({
        id,
        status,
        confirmation_code: `OT-2030-01${id}`,
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 90 * 60_000).toISOString(),
      });
    };
    const list = [
      startingIn(1, 'confirmed', 10),
      startingIn(2, 'pending', 10),
      startingIn(3, 'confirmed', 48),
    ];
    let noticeHours = 24;
    const calls = stubApi((call) =>
      call.path === '/api/bookings/my-bookings'
        ? { status: 200, body: listed(list, noticeHours) }
        : undefined,
    );
    const notice = bookingMessages.changeNoticePassed(24);
    renderAt('/my-bookings');
    const inside = cards().filter({ hasText: 'OT-2030-011' });
    await expect.element(inside.getByText(notice, { exact: true })).toBeVisible();
    for (const name of ['Reschedule', 'Cancel']) {
      const button = inside.getByRole('button', { name, exact: true });
      await expect.element(button).toBeDisabled();
      await expect.element(button).toHaveAccessibleDescription(notice);
    }
    // A pending booking cannot be cancelled at all: only Reschedule stays, disabled, with the notice.
    const pending = cards().filter({ hasText: 'OT-2030-012' });
    await expect.element(pending.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    await expect.element(pending.getByText(notice, { exact: true })).toBeVisible();
    await expect
      .element(pending.getByRole('button', { name: 'Cancel', exact: true }))
      .not.toBeInTheDocument();
    const outside = cards().filter({ hasText: 'OT-2030-013' });
    await expect.element(outside.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    await expect.element(outside.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    expect(outside.getByText(notice).elements()).toHaveLength(0);
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
    await cleanup();

    // An administrator's own bookings: the answer's notice is 0, so the same booking can still be changed.
    noticeHours = 0;
    renderAt('/my-bookings');
    const unlimited = cards().filter({ hasText: 'OT-2030-011' });
    await expect.element(unlimited.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    await expect.element(unlimited.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    expect(page.getByText(notice).elements()).toHaveLength(0);
  });

  it('loads the next page with Load more, keeping the tabs and cancel', async () => {
    const [newest, middle, oldest] = bookings as [Booking, Booking, Booking];
    let current = [newest, middle, oldest];
    const calls = stubApi((call) => {
      if (call.path === '/api/bookings/my-bookings') {
        const cursor = call.query.get('cursor');
        if (cursor === null)
          return { status: 200, body: { ...listed(current.slice(0, 2)), nextCursor: 'page-2' } };
        if (cursor === 'page-2') return { status: 200, body: listed(current.slice(2)) };
        return { status: 400, body: { message: bookingMessages.cursorInvalid } };
      }
      if (call.method === 'PUT' && call.path === '/api/bookings/3') {
        const cancelled = { ...newest, status: 'cancelled' as const };
        current = current.map((booking) => (booking.id === 3 ? cancelled : booking));
        return { status: 200, body: { booking: cancelled } };
      }
      return undefined;
    });
    renderAt('/my-bookings');
    await expect.element(cards().nth(1)).toBeVisible();
    expect(cards().elements()).toHaveLength(2);
    // More may come: an empty tab does not claim there are none.
    await page.getByRole('tab', { name: 'Past' }).click();
    await expect.element(page.getByRole('button', { name: 'Load more' })).toBeVisible();
    expect(page.getByRole('heading', { name: bookingMessages.noBookings }).elements()).toHaveLength(0);

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.element(cards().filter({ hasText: 'OT-2025-001' })).toBeVisible();
    expect(calls.filter((call) => call.query.get('cursor') === 'page-2')).toHaveLength(1);
    await expect.element(page.getByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await page.getByRole('tab', { name: 'All' }).click();
    await expect.poll(() => cards().elements().length).toBe(3);

    const confirmed = cards().filter({ hasText: 'OT-2030-003' });
    await confirmed.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Booking' }).click();
    await expect.element(page.getByText(bookingMessages.cancelled)).toBeVisible();
    await expect.element(confirmed.getByText('Cancelled', { exact: true })).toBeVisible();
    // Both pages stay listed after the list is fetched again.
    await expect.poll(() => calls.filter((call) => call.query.get('cursor') === 'page-2').length).toBe(2);
    expect(cards().elements()).toHaveLength(3);
  });

  it("shows 'No Bookings Found' when there are none, and the load failure", async () => {
    stubApi(() => ({ status: 200, body: listed([]) }));
    renderAt('/my-bookings');
    await expect.element(page.getByRole('heading', { name: bookingMessages.noBookings })).toBeVisible();
  });

  it('says when the bookings cannot be loaded', async () => {
    stubApi(() => ({ status: 503, body: { message: 'down' } }));
    renderAt('/my-bookings');
    await expect.element(page.getByText(bookingMessages.loadFailed)).toBeVisible();
  });
});

describe('the rules of the queue of unsent bookings', () => {
  it('keeps only what got no real answer: no answer or timeout, 5xx, 408, 429', () => {
    for (const status of [0, 500, 502, 503, 504, 408, 429]) {
      expect(isUnreachable(new ApiError(status, 'x')), `status ${status}`).toBe(true);
    }
    for (const status of [200, 400, 401, 403, 404, 409, 422]) {
      expect(isUnreachable(new ApiError(status, 'x')), `status ${status}`).toBe(false);
    }
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('words the warning and the refusals as the product does', () => {
    expect(bookingMessages.savedLocally(unreachableReason(new ApiError(0, 'API unavailable')))).toBe(
      'Booking saved locally - API error: API unavailable',
    );
    expect(unreachableReason(new ApiError(503, ''))).toBe(bookingMessages.apiUnavailable);
    expect(
      refusalMessage(
        new ApiError(400, 'Invalid', [
          { path: 'startsAt', msg: 'a' },
          { path: 'projectDescription', msg: 'b' },
        ]),
      ),
    ).toBe('Booking validation failed: startsAt: a, projectDescription: b');
    expect(refusalMessage(new ApiError(409, bookingMessages.slotTaken))).toBe(bookingMessages.slotTaken);
  });

  it("keeps each user's items apart, and forgets them all on sign-out", () => {
    localStorage.clear();
    const item = { kind: 'cancel', bookingId: 3, savedAt: '2030-01-02T17:00:00.000Z' } as const;
    expect(addUnsent('user-1', item)).toBe(true);
    expect(readUnsent('user-1')).toEqual([item]);
    expect(readUnsent('user-2')).toEqual([]);
    // The same item twice is kept once.
    addUnsent('user-1', item);
    expect(readUnsent('user-1')).toHaveLength(1);
    addUnsent('user-2', { ...item, bookingId: 4 });
    localStorage.setItem('another-app', 'kept');
    forgetUnsent();
    expect(readUnsent('user-1')).toEqual([]);
    expect(readUnsent('user-2')).toEqual([]);
    expect(localStorage.getItem('another-app')).toBe('kept');
    // A damaged entry is dropped, not a crash.
    localStorage.setItem(unsentStorageKey('user-1'), '{not json');
    expect(readUnsent('user-1')).toEqual([]);
    localStorage.clear();
  });
});

describe('nothing is lost when the API is unreachable', () => {
  beforeEach(() => {
    localStorage.clear();
    signedInAs = 'user-1';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    signedInAs = 'user-1';
  });

  const notSent = () => page.getByTestId('not-sent');

  const kept = (key: string, startsAt: string): UnsentCreate => ({
    kind: 'create',
    idempotencyKey: key,
    body: {
      serviceId: 1,
      projectDescription: longEnough,
      startsAt,
      urgency: 'normal',
      preferredContact: 'email',
    },
    service: { name: 'Web Development', duration: 90, hourly_rate: 150 },
    date: '2030-01-07',
    slotLabel: '09:00 - 10:30',
    timeZone: defaultBusinessTimeZone,
    savedAt: '2030-01-02T17:00:00.000Z',
  });

  it('keeps the booking, lists it as not yet sent across a reload, and sends it once with the same key', async () => {
    const [day = ''] = nextWeekdays(1);
    const offline = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings') return 'unreachable';
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed([]) };
      return serviceAndAvailability(call);
    });
    const router = renderAt('/book/1');
    await toDetails(day);
    await description().fill(longEnough);
    await reviewButton().click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();

    await expect
      .element(page.getByText(bookingMessages.savedLocally(bookingMessages.apiUnavailable)))
      .toBeVisible();
    await expect.poll(() => router.state.location.pathname).toBe('/my-bookings');
    const card = page.getByRole('article').filter({ hasText: longEnough });
    await expect.element(card).toBeVisible();
    await expect.element(card.getByTestId('not-sent')).toHaveTextContent('Not yet sent');
    await expect.element(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect.element(card.getByText('09:00 - 10:30 MST')).toBeVisible();
    await expect.element(card.getByText('$225')).toBeVisible();
    const key = offline.find((call) => call.method === 'POST')?.headers.get('Idempotency-Key');
    expect(readUnsent('user-1')).toMatchObject([
      { kind: 'create', idempotencyKey: key, body: { startsAt: `${day}T09:00:00.000Z` } },
    ]);
    // Counted as a pending, upcoming booking.
    for (const tab of ['Upcoming', 'Pending']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect.element(card).toBeVisible();
    }
    await page.getByRole('tab', { name: 'Past' }).click();
    await expect.element(page.getByRole('heading', { name: bookingMessages.noBookings })).toBeVisible();
    // The app shell's sender tried again at once, with the same key.
    const posts = () => offline.filter((call) => call.method === 'POST');
    await expect.poll(() => posts().length).toBe(2);
    expect(new Set(posts().map((call) => call.headers.get('Idempotency-Key')))).toEqual(new Set([key]));

    // A reload, still offline: the booking is still there.
    await cleanup();
    renderAt('/my-bookings');
    await expect.element(page.getByRole('article').filter({ hasText: longEnough })).toBeVisible();
    await expect.element(notSent()).toBeVisible();

    // The server answers again: sent once, with the same key, then listed from the server.
    await cleanup();
    vi.unstubAllGlobals();
    let saved: Booking[] = [];
    const online = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings') {
        const booking = bookingFixture({
          id: 5,
          confirmation_code: 'OT-2030-005',
          project_description: longEnough,
        });
        saved = [booking];
        return { status: 201, body: { booking } };
      }
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed(saved) };
      return undefined;
    });
    renderAt('/my-bookings');
    await expect.element(page.getByText(bookingMessages.saved)).toBeVisible();
    await expect.element(page.getByRole('article').filter({ hasText: 'OT-2030-005' })).toBeVisible();
    await expect.element(notSent()).not.toBeInTheDocument();
    expect(readUnsent('user-1')).toEqual([]);
    expect(localStorage.getItem(unsentStorageKey('user-1'))).toBeNull();
    const resent = online.filter((call) => call.method === 'POST');
    expect(resent).toHaveLength(1);
    expect(resent[0]?.headers.get('Idempotency-Key')).toBe(key);
    expect(page.getByRole('article').elements()).toHaveLength(1);
  });

  it('shows the saved booking even when the first list fetch was answered before the resend arrived', async () => {
    // The race of the first version: My Bookings' first list fetch is answered by the server before the
    // resent booking is stored, but arrives after the resend's answer. The list must still show the booking.
    addUnsent('user-1', kept('key-race', '2030-01-07T16:00:00.000Z'));
    let stored: Booking[] = [];
    let releaseFirstList: (() => void) | undefined;
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings') {
        stored = [
          bookingFixture({ id: 7, confirmation_code: 'OT-2030-007', project_description: longEnough }),
        ];
        return { status: 201, body: { booking: stored[0] } };
      }
      if (call.path === '/api/bookings/my-bookings') {
        const answer: Answer = { status: 200, body: listed(stored) }; // what the server holds now
        if (releaseFirstList || calls.some((other) => other !== call && other.path === call.path))
          return answer;
        return new Promise<Answer>((resolve) => {
          releaseFirstList = () => resolve(answer);
        });
      }
      return undefined;
    });
    renderAt('/my-bookings');
    await expect.poll(() => releaseFirstList).toBeDefined();
    await expect.element(page.getByText(bookingMessages.saved)).toBeVisible();
    releaseFirstList?.();
    await expect.element(page.getByRole('article').filter({ hasText: 'OT-2030-007' })).toBeVisible();
    await expect.element(notSent()).not.toBeInTheDocument();
    await expect
      .element(page.getByRole('heading', { name: bookingMessages.noBookings }))
      .not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(readUnsent('user-1')).toEqual([]);
    // The race indeed happened: the first list fetch went out before the resend.
    const firstList = calls.findIndex((call) => call.path === '/api/bookings/my-bookings');
    expect(firstList).toBeLessThan(calls.findIndex((call) => call.method === 'POST'));
  });

  it('treats a 5xx like no answer: kept, with the server message as the reason', async () => {
    const [day = ''] = nextWeekdays(1);
    stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings') return { status: 502, body: null };
      if (call.path === '/api/bookings/my-bookings') return { status: 503, body: null };
      return serviceAndAvailability(call);
    });
    renderAt('/book/1');
    await toDetails(day);
    await description().fill(longEnough);
    await reviewButton().click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect
      .element(page.getByText(bookingMessages.savedLocally('Request failed with status 502')))
      .toBeVisible();
    // Listed even though the server's list cannot be loaded either.
    await expect.element(page.getByText(bookingMessages.loadFailed)).toBeVisible();
    await expect.element(page.getByRole('article').filter({ hasText: longEnough })).toBeVisible();
    expect(readUnsent('user-1')).toHaveLength(1);
  });

  it('drops a kept booking the server refuses on resend and says why', async () => {
    addUnsent('user-1', kept('key-taken', '2030-01-07T16:00:00.000Z'));
    addUnsent('user-1', kept('key-invalid', '2030-01-08T16:00:00.000Z'));
    const calls = stubApi((call) => {
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed([]) };
      if (call.method === 'POST' && call.headers.get('Idempotency-Key') === 'key-taken') {
        return { status: 409, body: { message: bookingMessages.slotTaken } };
      }
      if (call.method === 'POST') {
        return {
          status: 400,
          body: { message: 'Invalid', errors: [{ path: 'startsAt', msg: bookingMessages.slotInPast }] },
        };
      }
      return undefined;
    });
    renderAt('/my-bookings');
    await expect
      .element(page.getByRole('alert').filter({ hasText: bookingMessages.slotTaken }))
      .toBeVisible();
    await expect
      .element(page.getByText(`Booking validation failed: startsAt: ${bookingMessages.slotInPast}`))
      .toBeVisible();
    expect(readUnsent('user-1')).toEqual([]);
    await expect.element(page.getByRole('heading', { name: bookingMessages.noBookings })).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it("neither shows nor sends another user's unsent bookings", async () => {
    addUnsent('user-1', kept('key-of-user-1', '2030-01-07T16:00:00.000Z'));
    signedInAs = 'user-2';
    const calls = stubApi((call) =>
      call.path === '/api/bookings/my-bookings' ? { status: 200, body: listed([]) } : undefined,
    );
    renderAt('/my-bookings');
    await expect.element(page.getByRole('heading', { name: bookingMessages.noBookings })).toBeVisible();
    await expect.element(notSent()).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(readUnsent('user-1')).toHaveLength(1);
  });
});
