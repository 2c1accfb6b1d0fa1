// The booking's page and moving a booking to another time (docs/product.md#my-bookings), against a stubbed API.
import '../../index.css';
import {
  addDays,
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  type BookingHistoryEntry,
  bookingMessages,
  defaultBusinessTimeZone,
  defaultSchedule,
  firmMoveTexts,
  type IsoDate,
  moment,
  opensOn,
  todayIn,
  weekdayOf,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { BookingDetailRoute } from '../../app/routes/booking-detail';
import { MyBookingsRoute } from '../../app/routes/my-bookings';
import { company } from '../../config/company';
import { bookingFixture, scheduleAnswer } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall as Call, stubApi as stubAnyApi } from '../../testing/stub-api';

const zone = defaultBusinessTimeZone;

function signedIn(call: Call): Answer | undefined {
  if (call.path === apiPaths.accounts.session) {
    return {
      status: 200,
      body: {
        session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
        user: { id: 'user-1', email: 'jane@example.com', emailVerified: true, name: '' },
      },
    };
  }
  if (call.path === '/api/auth/profile') {
    return { status: 200, body: { user: { id: 'user-1', first_name: 'Jane', role: 'client' } } };
  }
  return undefined;
}

const stubApi = (answer: Parameters<typeof stubAnyApi>[0]) =>
  stubAnyApi(answer, (call) => signedIn(call) ?? scheduleAnswer(call));

function renderAt(path: string) {
  return renderRouter(
    createMemoryRouter(
      [
        { path: '/booking/:id', element: <BookingDetailRoute /> },
        { path: '/my-bookings', element: <MyBookingsRoute /> },
      ],
      { initialEntries: [path] },
    ),
  );
}

const history: BookingHistoryEntry[] = [
  { at: '2030-01-02T17:00:00.000Z', type: 'created', from_status: null, to_status: 'pending', by: 'client' },
  {
    at: '2030-01-03T16:15:00.000Z',
    type: 'status_changed',
    from_status: 'pending',
    to_status: 'confirmed',
    by: 'admin',
  },
  {
    at: '2030-01-04T18:00:00.000Z',
    type: 'rescheduled',
    from_status: 'confirmed',
    to_status: 'confirmed',
    from_starts_at: '2030-01-07T16:00:00.000Z',
    starts_at: '2030-01-08T17:00:00.000Z',
    by: 'client',
  },
];

/** The detail answer as the booking's owner gets it (a client, held to the 24-hour notice, unless told otherwise). */
function detailOf(booking: Booking, entries = history, hours = 24, isOwner = true): BookingDetailResponse {
  return { booking, history: entries, change_notice_hours: hours, is_owner: isOwner };
}

/** The browser's own zone, as `Intl` reports it to the page, whatever the machine running the test is set to. */
function viewingFrom(timeZone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone };
  });
}

const confirmed = bookingFixture({
  id: 7,
  status: 'confirmed',
  additional_notes: 'Please call before noon.',
  confirmation_code: 'OT-2030-007',
});

describe('the booking detail page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows every field, the history as sentences with their times, and the calendar link', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/bookings/7' ? { status: 200, body: detailOf(confirmed) } : undefined,
    );
    renderAt('/booking/7');
    await expect.element(page.getByRole('heading', { name: 'Web Development', level: 1 })).toBeVisible();
    for (const text of [
      'with Maya Thompson',
      'Confirmed',
      'Monday, January 7, 2030',
      '9 AM - 10:30 AM MST',
      '90 min',
      '$150/hour',
      '$225',
      'OT-2030-007',
      'High',
      'Video Call',
      'Wed, Jan 2, 2030',
      'A customer portal with online booking.',
      'Please call before noon.',
      'Invoiced when confirmed',
    ]) {
      await expect.element(page.getByText(text, { exact: true })).toBeVisible();
    }
    const timeline = page.getByTestId('timeline');
    await expect.element(timeline.getByText('Booked', { exact: true })).toBeVisible();
    await expect.element(timeline.getByText('Confirmed by the firm', { exact: true })).toBeVisible();
    await expect
      .element(
        timeline.getByText('Moved from Mon, Jan 7, 2030, 9 AM MST to Tue, Jan 8, 2030, 10 AM MST', {
          exact: true,
        }),
      )
      .toBeVisible();
    await expect.element(timeline.getByText(moment(history[1]?.at ?? '', zone))).toBeVisible();
    expect(moment(history[1]?.at ?? '', zone)).toBe('Thu, Jan 3, 2030, 9:15 AM MST');
    expect(
      timeline
        .getByRole('listitem')
        .elements()
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual([
      'Booked',
      'Confirmed by the firm',
      'Moved from Mon, Jan 7, 2030, 9 AM MST to Tue, Jan 8, 2030, 10 AM MST',
    ]);
    await expect
      .element(page.getByRole('link', { name: 'Add to Calendar' }))
      .toHaveAttribute('href', '/api/bookings/7/calendar.ics');
    await expect.element(page.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    await expect.element(page.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    expect(page.getByRole('link', { name: 'Book Again' }).elements()).toHaveLength(0);
    // Confirmed: the code is its Confirmation Code.
    await expect.element(page.getByText('Confirmation Code', { exact: true })).toBeVisible();
    expect(page.getByText('Reference', { exact: true }).elements()).toHaveLength(0);
    await expect
      .element(page.getByRole('link', { name: 'Back to My Bookings' }))
      .toHaveAttribute('href', '/my-bookings');
    expect(calls.filter((call) => call.path === '/api/bookings/7')).toHaveLength(1);
  });

  it('shows where the payment stands and the invoice to download', async () => {
    const invoiced = bookingFixture({
      id: 8,
      status: 'confirmed',
      invoice: { id: 3, number: 'INV-2030-0003', status: 'open', total_cents: 22_500, currency: 'usd' },
      payment: { method: 'invoice', status: 'open', amount_cents: 22_500, currency: 'usd' },
    });
    stubApi((call) =>
      call.path === '/api/bookings/8' ? { status: 200, body: detailOf(invoiced) } : undefined,
    );
    renderAt('/booking/8');
    await expect.element(page.getByText('INV-2030-0003: Open', { exact: true })).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Download Invoice' }))
      .toHaveAttribute('href', '/api/bookings/8/invoice.pdf');
    expect(page.getByRole('link', { name: 'Download Credit Note' }).elements()).toHaveLength(0);
  });

  it('offers the credit note of a cancelled booking whose invoice it cancelled', async () => {
    const credited = bookingFixture({
      id: 9,
      status: 'cancelled',
      invoice: { id: 4, number: 'INV-2030-0004', status: 'credited', total_cents: 22_500, currency: 'usd' },
      payment: { method: 'invoice', status: 'credited', amount_cents: 22_500, currency: 'usd' },
    });
    stubApi((call) =>
      call.path === '/api/bookings/9' ? { status: 200, body: detailOf(credited) } : undefined,
    );
    renderAt('/booking/9');
    await expect.element(page.getByText('INV-2030-0004: Credited', { exact: true })).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Download Credit Note' }))
      .toHaveAttribute('href', '/api/bookings/9/credit-note.pdf');
  });

  it("adds the time in the viewer's own zone when it is not the firm's", async () => {
    stubApi((call) =>
      call.path === '/api/bookings/7' ? { status: 200, body: detailOf(confirmed) } : undefined,
    );
    viewingFrom('America/New_York');
    renderAt('/booking/7');
    await expect.element(page.getByText('In your time zone', { exact: true })).toBeVisible();
    await expect
      .element(page.getByText('Mon, Jan 7, 2030, 11 AM - 12:30 PM EST', { exact: true }))
      .toBeVisible();
  });

  it("does not repeat the time when the viewer's zone is the firm's", async () => {
    stubApi((call) =>
      call.path === '/api/bookings/7' ? { status: 200, body: detailOf(confirmed) } : undefined,
    );
    viewingFrom(zone);
    renderAt('/booking/7');
    await expect.element(page.getByText('9 AM - 10:30 AM MST', { exact: true })).toBeVisible();
    expect(page.getByText('In your time zone').elements()).toHaveLength(0);
  });

  it("shows an administrator another client's booking without the owner's actions, with Move to Another Time while active, and a link to it in All Bookings", async () => {
    const completed = bookingFixture({ id: 6, status: 'completed' });
    stubApi((call) => {
      if (call.path === '/api/bookings/7')
        return { status: 200, body: detailOf(confirmed, history, 0, false) };
      if (call.path === '/api/bookings/6')
        return { status: 200, body: detailOf(completed, history, 0, false) };
      return undefined;
    });
    renderAt('/booking/7');
    await expect.element(page.getByText('OT-2030-007', { exact: true })).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Open in All Bookings' }))
      .toHaveAttribute('href', '/admin/bookings?bookingId=7');
    await expect.element(page.getByRole('button', { name: firmMoveTexts.action })).toBeVisible();
    for (const name of ['Reschedule', 'Cancel', 'Leave Review']) {
      expect(page.getByRole('button', { name, exact: true }).elements()).toHaveLength(0);
    }
    expect(page.getByRole('link', { name: 'Add to Calendar' }).elements()).toHaveLength(0);
    await cleanup();

    renderAt('/booking/6');
    await expect
      .element(page.getByRole('link', { name: 'Open in All Bookings' }))
      .toHaveAttribute('href', '/admin/bookings?bookingId=6');
    expect(page.getByRole('button', { name: 'Leave Review' }).elements()).toHaveLength(0);
    // A completed booking cannot move.
    expect(page.getByRole('button', { name: firmMoveTexts.action }).elements()).toHaveLength(0);
  });

  it("says 'Cancelled automatically: not confirmed in time' and offers no change for a cancelled booking", async () => {
    const cancelled = bookingFixture({ id: 8, status: 'cancelled' });
    stubApi((call) =>
      call.path === '/api/bookings/8'
        ? {
            status: 200,
            body: detailOf(cancelled, [
              history[0] as BookingHistoryEntry,
              {
                at: '2030-01-05T17:00:00.000Z',
                type: 'status_changed',
                from_status: 'pending',
                to_status: 'cancelled',
                by: 'system',
              },
            ]),
          }
        : undefined,
    );
    renderAt('/booking/8');
    await expect
      .element(page.getByText('Cancelled automatically: not confirmed in time', { exact: true }))
      .toBeVisible();
    expect(page.getByRole('button', { name: 'Reschedule' }).elements()).toHaveLength(0);
    expect(page.getByRole('button', { name: 'Cancel', exact: true }).elements()).toHaveLength(0);
    // Nothing is left to put in a calendar: Book again, to the wizard of the same service, instead.
    await expect
      .element(page.getByRole('link', { name: 'Book Again' }))
      .toHaveAttribute('href', `/book/${cancelled.service_id}`);
    expect(page.getByRole('link', { name: 'Add to Calendar' }).elements()).toHaveLength(0);
  });

  it("calls a pending booking's code its Reference, not a confirmation", async () => {
    const pending = bookingFixture({ id: 10, status: 'pending', confirmation_code: 'OT-2030-010' });
    stubApi((call) =>
      call.path === '/api/bookings/10' ? { status: 200, body: detailOf(pending, []) } : undefined,
    );
    renderAt('/booking/10');
    await expect.element(page.getByText('OT-2030-010', { exact: true })).toBeVisible();
    await expect.element(page.getByText('Reference', { exact: true })).toBeVisible();
    expect(page.getByText('Confirmation Code', { exact: true }).elements()).toHaveLength(0);
    // Still ahead: its calendar file, tentative, and no Book again.
    await expect.element(page.getByRole('link', { name: 'Add to Calendar' })).toBeVisible();
    expect(page.getByRole('link', { name: 'Book Again' }).elements()).toHaveLength(0);
  });

  it('shows the change notice instead of acting inside it', async () => {
    const soon = new Date(Date.now() + 10 * 3_600_000);
    const inside = bookingFixture({
      id: 9,
      status: 'confirmed',
      starts_at: soon.toISOString(),
      ends_at: new Date(soon.getTime() + 90 * 60_000).toISOString(),
    });
    stubApi((call) =>
      call.path === '/api/bookings/9' ? { status: 200, body: detailOf(inside, history, 24) } : undefined,
    );
    renderAt('/booking/9');
    const notice = bookingMessages.changeNoticePassed(24);
    await expect.element(page.getByText(notice)).toBeVisible();
    const reschedule = page.getByRole('button', { name: 'Reschedule' });
    await expect.element(reschedule).toBeDisabled();
    await expect
      .element(reschedule)
      .toHaveAccessibleDescription(`${notice} Use the contact page or call ${company.phone.display}.`);
    await expect
      .element(page.getByRole('link', { name: 'contact page' }))
      .toHaveAttribute('href', '/contact');
    await expect.element(page.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
  });

  it('reviews a completed booking from its page, then shows the rating instead of the button', async () => {
    let review: { rating: number; comment: string | null } | null = null;
    const calls = stubApi((call) => {
      if (call.path === '/api/bookings/5') {
        return { status: 200, body: detailOf(bookingFixture({ id: 5, status: 'completed', review })) };
      }
      if (call.path === apiPaths.reviews.review(5) && call.method === 'POST') {
        review = { rating: 4, comment: null };
        return { status: 201, body: { review } };
      }
      return undefined;
    });
    renderAt('/booking/5');
    await page.getByRole('button', { name: 'Leave Review' }).click();
    await page.getByRole('dialog').getByRole('radio', { name: '4 stars' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save Review' }).click();
    await expect.poll(() => calls.some((call) => call.method === 'POST')).toBe(true);
    await expect.element(page.getByText('Your review')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Leave Review' })).not.toBeInTheDocument();
  });

  it('shows a not-found state with a way back for an unknown or foreign booking', async () => {
    stubApi((call) =>
      call.path === '/api/bookings/404'
        ? { status: 404, body: { message: bookingMessages.bookingNotFound } }
        : undefined,
    );
    renderAt('/booking/404');
    await expect.element(page.getByRole('heading', { name: bookingMessages.detailNotFound })).toBeVisible();
    await expect.element(page.getByText(bookingMessages.detailNotFoundText)).toBeVisible();
    await page.getByRole('link', { name: 'Back to My Bookings' }).click();
    await expect.element(page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
  });
});

/** The next weekday at least two days ahead, in the business zone. */
function weekdayAhead(after: number): IsoDate {
  let day = addDays(todayIn(zone, new Date()), after);
  while (!opensOn(defaultSchedule, weekdayOf(day))) day = addDays(day, 1);
  return day;
}

const slot = (start: string, end: string, available: boolean, day: string) => ({
  start_time: start,
  end_time: end,
  label: `${start} - ${end}`,
  starts_at: `${day}T${start}:00.000Z`,
  ends_at: `${day}T${end}:00.000Z`,
  available,
  consultant_ids: available ? [1] : [],
});

describe('rescheduling', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const day = weekdayAhead(7);
  const nextDay = weekdayAhead(8);
  // The stubbed availability writes times as UTC: the booking follows it, so the slot and booking agree.
  const booked = bookingFixture({
    id: 3,
    status: 'confirmed',
    booking_date: day,
    starts_at: `${day}T09:00:00.000Z`,
    ends_at: `${day}T10:30:00.000Z`,
    time_slots: [{ start_time: '09:00', end_time: '10:30', availability: { date: day } }],
  });
  const moved = {
    ...booked,
    booking_date: nextDay,
    starts_at: `${nextDay}T10:00:00.000Z`,
    ends_at: `${nextDay}T11:30:00.000Z`,
    time_slots: [{ start_time: '10:00', end_time: '11:30', availability: { date: nextDay } }],
  };

  /**
   * The server: the list, the day's slots for the move (the booking's own one free, as the server does not count its
   * own hold), and the move as `move` answers.
   */
  function server(
    move: (call: Call) => Answer,
    schedule: (call: Call) => Answer | undefined = () => undefined,
    detail: (booking: Booking) => BookingDetailResponse = (booking) => detailOf(booking),
  ) {
    let current: Booking = booked;
    const calls = stubApi((call) => {
      const scheduleRead = schedule(call);
      if (scheduleRead) return scheduleRead;
      if (call.path === '/api/bookings/my-bookings') {
        return { status: 200, body: { bookings: [current], nextCursor: null, change_notice_hours: 24 } };
      }
      if (call.method === 'GET' && call.path === '/api/bookings/3') {
        return { status: 200, body: detail(current) };
      }
      if (call.path === '/api/bookings/3/availability') {
        const date = call.query.get('date') ?? '';
        return {
          status: 200,
          body: {
            date,
            timeZone: zone,
            slots: [slot('09:00', '10:30', true, date), slot('10:00', '11:30', true, date)],
          },
        };
      }
      if (call.method === 'POST' && call.path === '/api/bookings/3/reschedule') {
        const answer = move(call);
        if (answer !== 'unreachable' && answer.status === 200) current = moved;
        return answer;
      }
      return undefined;
    });
    return calls;
  }

  async function chooseNextDaysTen() {
    const dialog = page.getByRole('dialog', { name: 'Reschedule Booking' });
    await expect.element(dialog).toBeVisible();
    // Opens on the booking's day, its own slot listed and marked, not choosable.
    const current = dialog.getByRole('radio', { name: /9 AM - 10:30 AM/ });
    await expect.element(current).toBeDisabled();
    await expect.element(dialog.getByTestId('current-slot')).toHaveTextContent('Current time');
    const find = () => document.querySelector<HTMLButtonElement>(`[data-day="${nextDay}"] button`);
    if (!find()) await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
    await expect.poll(find).toBeTruthy();
    await page.elementLocator(find() as HTMLButtonElement).click();
    await dialog.getByRole('radio', { name: '10 AM - 11:30 AM' }).click();
    await dialog.getByRole('button', { name: 'Review New Time' }).click();
    return dialog;
  }

  it('moves a booking from My Bookings: current slot marked, old and new time confirmed, list refreshed', async () => {
    const calls = server(() => ({ status: 200, body: { booking: moved } }));
    renderAt('/my-bookings');
    const card = page.getByRole('article');
    await card.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = await chooseNextDaysTen();
    await expect.element(dialog.getByText(/^Current time/)).toBeVisible();
    const facts = dialog.getByRole('definition');
    await expect.element(facts.first()).toHaveTextContent(/9 AM - 10:30 AM/);
    await expect.element(facts.nth(1)).toHaveTextContent(/10 AM - 11:30 AM/);
    await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
    await expect.element(page.getByText('Booking rescheduled successfully', { exact: true })).toBeVisible();
    await expect.element(dialog).not.toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ startsAt: `${nextDay}T10:00:00.000Z` });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    await expect.element(card.getByText('10 AM - 11:30 AM', { exact: false })).toBeVisible();
  });

  it("keeps the booking as it was and says the server's reason when the move is refused", async () => {
    const refusal = bookingMessages.changeNoticePassed(24);
    server(() => ({ status: 409, body: { message: refusal } }));
    renderAt('/booking/3');
    await page.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = await chooseNextDaysTen();
    await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
    await expect.element(page.getByText(refusal)).toBeVisible();
    expect(page.getByText('Booking rescheduled successfully').elements()).toHaveLength(0);
    await expect.element(page.getByText('9 AM - 10:30 AM', { exact: false }).first()).toBeVisible();
    expect(page.getByText('10 AM - 11:30 AM', { exact: false }).elements()).toHaveLength(0);
  });

  it('reads the schedule when the dialog opens, and says so while it cannot', async () => {
    let scheduleUp = false;
    const calls = server(
      () => ({ status: 200, body: { booking: moved } }),
      (call) =>
        call.path === apiPaths.schedule.public && !scheduleUp
          ? { status: 503, body: { message: 'Service unavailable' } }
          : undefined,
    );
    renderAt('/booking/3');
    await page.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Booking' });
    await expect.element(dialog.getByText("We could not load the firm's calendar.")).toBeVisible();
    expect(dialog.getByRole('grid').elements()).toHaveLength(0);
    scheduleUp = true;
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    await expect.element(dialog.getByRole('grid').first()).toBeVisible();
    await expect.element(dialog.getByTestId('current-slot')).toHaveTextContent('Current time');
    // Failed, tried once more, failed; then Try again.
    expect(calls.filter((call) => call.path === apiPaths.schedule.public)).toHaveLength(3);
  });

  it('moves a booking from its page, which then shows the new time', async () => {
    server(() => ({ status: 200, body: { booking: moved } }));
    renderAt('/booking/3');
    await page.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = await chooseNextDaysTen();
    await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
    await expect.element(page.getByText(bookingMessages.rescheduled)).toBeVisible();
    await expect.element(page.getByText('10 AM - 11:30 AM MST', { exact: true })).toBeVisible();
  });

  it("lets an administrator move a client's booking from its page, worded for the firm, focus back on the button", async () => {
    const calls = server(
      () => ({ status: 200, body: { booking: moved } }),
      undefined,
      // As the server answers an administrator on a client's booking: no notice, not theirs.
      (booking) => detailOf(booking, history, 0, false),
    );
    renderAt('/booking/3');
    const open = page.getByRole('button', { name: firmMoveTexts.action });
    await open.click();
    const dialog = page.getByRole('dialog', { name: firmMoveTexts.title });
    await expect.element(dialog).toBeVisible();
    const find = () => document.querySelector<HTMLButtonElement>(`[data-day="${nextDay}"] button`);
    if (!find()) await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
    await expect.poll(find).toBeTruthy();
    await page.elementLocator(find() as HTMLButtonElement).click();
    await dialog.getByRole('radio', { name: '10 AM - 11:30 AM' }).click();
    await dialog.getByRole('button', { name: 'Review New Time' }).click();
    await expect.element(dialog.getByText(firmMoveTexts.keeps)).toBeVisible();
    await dialog.getByRole('button', { name: firmMoveTexts.confirm }).click();
    await expect.element(page.getByText(bookingMessages.rescheduled)).toBeVisible();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(page.getByText('10 AM - 11:30 AM MST', { exact: true })).toBeVisible();
    await expect.element(page.getByRole('button', { name: firmMoveTexts.action })).toHaveFocus();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/bookings/3/reschedule');
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
  });
});
