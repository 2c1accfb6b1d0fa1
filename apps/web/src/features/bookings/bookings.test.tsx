import '../../index.css';
import {
  addDays,
  type Booking,
  bookingMessages,
  defaultBusinessTimeZone,
  type IsoDate,
  isWeekday,
  todayIn,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { BookRoute } from '../../app/routes/book';
import { MyBookingsRoute } from '../../app/routes/my-bookings';
import { renderRouter } from '../../testing/render-router';

type Answer = { status: number; body: unknown };
type Call = { method: string; path: string; search: string; headers: Headers; body: unknown };

/** Answers the app's requests by method and path, like the server would; the handler may change per call. */
function stubApi(answer: (call: Call) => Answer | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const reply = answer(call) ?? { status: 404, body: { message: 'Route not found' } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

const service = {
  id: 1,
  name: 'Web Development',
  category: 'web-development',
  hourly_rate: 150,
  duration: 90,
  description: 'Modern web applications.',
  icon: 'code',
  longDescription: 'Long text',
  features: [],
  benefits: [],
  process: [],
  technologies: [],
  deliverables: [],
};

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
    if (isWeekday(day)) days.push(day);
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
  return renderRouter(router);
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
      if (!isWeekday(cell.dataset.day ?? '')) expect(cell.dataset.disabled, cell.dataset.day).toBe('true');
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
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: { bookings: [] } };
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
        return { status: 200, body: { bookings: [bookingFixture({ id: 5 })] } };
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

  it("reports the server's validation errors in the spec's words", async () => {
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

function bookingFixture(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 1,
    service_id: 1,
    status: 'pending',
    project_description: 'A customer portal with online booking.',
    created_at: '2030-01-02T17:00:00.000Z',
    updated_at: '2030-01-02T17:00:00.000Z',
    booking_date: '2030-01-07',
    services: { name: 'Web Development', duration: 90, hourly_rate: 150 },
    time_slots: [{ start_time: '09:00', end_time: '10:30', availability: { date: '2030-01-07' } }],
    user_profiles: { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com' },
    starts_at: '2030-01-07T16:00:00.000Z',
    ends_at: '2030-01-07T17:30:00.000Z',
    time_zone: defaultBusinessTimeZone,
    urgency: 'high',
    preferred_contact: 'video',
    additional_notes: null,
    total_cost: 225,
    confirmation_code: 'OT-2030-001',
    ...overrides,
  };
}

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
      call.path === '/api/bookings/my-bookings' ? { status: 200, body: { bookings } } : undefined,
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
    await expect.element(confirmed.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    await expect.element(confirmed.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    const pending = cards().filter({ hasText: 'OT-2030-002' });
    await expect
      .element(pending.getByRole('button', { name: 'Cancel', exact: true }))
      .not.toBeInTheDocument();
    const completed = cards().filter({ hasText: 'OT-2025-001' });
    await expect.element(completed.getByRole('button', { name: 'Leave Review' })).toBeDisabled();

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
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: { bookings: current } };
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

  it('tells the user when cancelling fails', async () => {
    stubApi((call) => {
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: { bookings } };
      if (call.method === 'PUT') return { status: 500, body: { message: 'boom' } };
      return undefined;
    });
    renderAt('/my-bookings');
    await cards()
      .filter({ hasText: 'OT-2030-003' })
      .getByRole('button', { name: 'Cancel', exact: true })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Booking' }).click();
    await expect.element(page.getByText('Failed to cancel booking. Please try again.')).toBeVisible();
  });

  it("shows 'No Bookings Found' when there are none, and the load failure", async () => {
    stubApi(() => ({ status: 200, body: { bookings: [] } }));
    renderAt('/my-bookings');
    await expect.element(page.getByRole('heading', { name: bookingMessages.noBookings })).toBeVisible();
  });

  it('says when the bookings cannot be loaded', async () => {
    stubApi(() => ({ status: 503, body: { message: 'down' } }));
    renderAt('/my-bookings');
    await expect.element(page.getByText(bookingMessages.loadFailed)).toBeVisible();
  });
});
