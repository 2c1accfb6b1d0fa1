import '../../index.css';
import {
  addDays,
  apiPaths,
  bookingChangeRules,
  bookingErrorCodes,
  bookingMessages,
  defaultBusinessTimeZone,
  defaultSchedule,
  type IsoDate,
  lastBookableDate,
  longDate,
  openingHoursNote,
  opensOn,
  todayIn,
  weekdayOf,
} from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { unsentStorageKey } from '../../lib/unsent-bookings-storage';
import {
  continueButton,
  description,
  listed,
  longEnough,
  nextWeekdays,
  pickDay,
  renderAt,
  reviewButton,
  serviceAndAvailability,
  stubApi,
  toDetails,
} from '../../testing/bookings';
import { bookingFixture, defaultTermsSettings, scheduleAnswer, serviceFixture } from '../../testing/fixtures';
import type { Answer } from '../../testing/stub-api';

describe('booking wizard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("follows the firm's schedule: closed weekdays and dates greyed out, open Saturdays offered, the actual hours written", async () => {
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
            client_change_notice_hours: 24,
            ...defaultTermsSettings,
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

  it('reads the schedule afresh each time it opens: a date closed since the last visit is greyed out', async () => {
    const [day = ''] = nextWeekdays(1);
    let closures: { startDate: string; endDate: string; reason: string }[] = [];
    const calls = stubApi((call) =>
      call.path === apiPaths.schedule.public
        ? scheduleAnswer(call, { schedule: defaultSchedule, closures })
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

  it('says the schedule is loading, then that it failed with Try again, rather than show the original hours', async () => {
    let mode: 'hold' | 'fail' | 'ok' = 'hold';
    let release = () => {};
    const failure: Answer = { status: 503, body: { message: 'Service unavailable' } };
    stubApi((call) => {
      if (call.path !== apiPaths.schedule.public) return serviceAndAvailability(call);
      if (mode === 'ok') return scheduleAnswer(call);
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
    await page.getByRole('button', { name: 'Try Again' }).click();
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
    await expect.element(page.getByRole('radio', { name: '9 AM - 10:30 AM' })).toBeVisible();
    await expect.element(page.getByRole('radio', { name: '10 AM - 11:30 AM' })).toBeVisible();
    // Only free slots are offered; the zone is named.
    await expect.element(page.getByRole('radio', { name: '9:30 AM - 11 AM' })).not.toBeInTheDocument();
    await expect.element(page.getByText(/Times are in .*America\/Phoenix/)).toBeVisible();
    expect(calls.some((call) => call.search === `?date=${first}`)).toBe(true);
    await expect.element(continueButton()).toBeDisabled();

    await page.getByRole('radio', { name: '9 AM - 10:30 AM' }).click();
    await expect.element(continueButton()).toBeEnabled();

    await pickDay(second);
    await expect.element(page.getByRole('radio', { name: '9 AM - 10:30 AM' })).not.toBeChecked();
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
    await expect.element(summary.filter({ hasText: '90 min' })).toBeVisible();
    await expect.element(summary.filter({ hasText: '$150/hour' })).toBeVisible();
    await expect.element(summary.filter({ hasText: /^9 AM - 10:30 AM MST$/ })).toBeVisible();
    await expect.element(summary.filter({ hasText: longEnough })).toBeVisible();
    await expect.element(summary.filter({ hasText: 'Video Call' })).toBeVisible();

    // Back keeps what was typed.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.element(description()).toHaveValue(longEnough);
  });

  it("focuses each step's heading, says why Review waits and announces the description politely", async () => {
    stubApi(serviceAndAvailability);
    const [day = ''] = nextWeekdays(1);
    renderAt('/services/1/book');
    await toDetails(day);
    await expect.element(page.getByRole('heading', { name: 'Project Details' })).toHaveFocus();

    await expect
      .element(reviewButton())
      .toHaveAccessibleDescription(bookingMessages.reviewWaitsForDescription);
    const announcement = page.getByTestId('description-announcement');
    await expect.element(announcement).toHaveAttribute('aria-live', 'polite');
    // Nothing is said before the user types, nor per keystroke: once typing pauses.
    expect(announcement.element().textContent).toBe('');
    await description().fill('too short text');
    expect(announcement.element().textContent).toBe('');
    await expect
      .element(announcement)
      .toHaveTextContent(bookingMessages.descriptionTooShort('too short text'.length));
    await description().fill(longEnough);
    await expect.element(announcement).toHaveTextContent(bookingMessages.descriptionLongEnough);
    await expect.element(reviewButton()).not.toHaveAccessibleDescription();
    await expect.element(page.getByText(bookingMessages.reviewWaitsForDescription)).not.toBeInTheDocument();

    await reviewButton().click();
    await expect.element(page.getByRole('heading', { name: 'Review Your Booking' })).toHaveFocus();
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
    // The notification says what happened: a request sent, pending until the firm confirms it; never 'confirmed'.
    const toast = page.getByRole('status').filter({ hasText: bookingMessages.requestSentTitle });
    await expect.element(toast).toBeVisible();
    await expect
      .element(toast)
      .toHaveTextContent(`${bookingMessages.saved} ${bookingMessages.requestSentNext}`);
    expect(toast.element().textContent).not.toMatch(/confirmed/i);
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

    await page.getByRole('radio', { name: '10 AM - 11:30 AM' }).click();
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

  it('offers no day beyond the 90-day horizon: the day picker stops at its month', async () => {
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
    // Said as a notification, and on the step itself with how to reach the firm (the message says to contact us).
    const onStep = page.getByRole('region', { name: 'Review Your Booking' }).getByRole('alert');
    await expect.element(onStep).toHaveTextContent(limit);
    await expect
      .element(onStep.getByRole('link', { name: 'contact page' }))
      .toHaveAttribute('href', '/contact');
    await expect
      .element(page.getByRole('region', { name: 'Notifications' }).getByRole('alert'))
      .toHaveTextContent(limit);
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

  describe('before the client confirms', () => {
    /** A slot at a given instant, labelled as the wizard lists it. */
    const slotAt = (label: string, startsAt: Date) => ({
      start_time: label.slice(0, 5),
      end_time: label.slice(-5),
      label,
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 90 * 60_000).toISOString(),
      available: true,
      consultant_ids: [1],
    });

    it('repeats the chosen time, states the change notice the server gives and how to reach the firm, and says when a time is locked at once', async () => {
      const [day = ''] = nextWeekdays(1);
      const hour = 3_600_000;
      const farOff = new Date(Date.now() + 40 * 24 * hour);
      const soon = new Date(Date.now() + 3 * hour);
      stubApi((call) => {
        if (call.path === apiPaths.schedule.public) {
          const answer = scheduleAnswer(call);
          // Not the default: the wizard states the notice the server is configured with.
          return answer && { ...answer, body: { ...answer.body, client_change_notice_hours: 36 } };
        }
        if (call.method === 'GET' && call.path === '/api/services/1') {
          return { status: 200, body: { service: serviceFixture({ name: 'IT Consulting' }) } };
        }
        if (call.method === 'GET' && call.path === '/api/services/1/availability') {
          return {
            status: 200,
            body: {
              date: day,
              timeZone: defaultBusinessTimeZone,
              slots: [slotAt('09:00 - 10:30', farOff), slotAt('10:00 - 11:30', soon)],
            },
          };
        }
        return undefined;
      });
      renderAt('/book/1');
      await toDetails(day);

      // The Details step keeps the chosen day and time in view, with a way back to change them.
      const chosen = page.getByTestId('chosen-time');
      await expect.element(chosen).toHaveTextContent(longDate(day));
      await expect.element(chosen).toHaveTextContent(/9 AM - 10:30 AM MST/);
      await description().fill(longEnough);
      await reviewButton().click();

      await expect
        .element(page.getByText('You are requesting an IT Consulting consultation', { exact: false }))
        .toBeVisible();
      const rules = page.getByTestId('change-rules');
      await expect.element(rules).toHaveTextContent(bookingChangeRules.rules(36));
      await expect
        .element(rules.getByRole('link', { name: 'contact page' }))
        .toHaveAttribute('href', '/contact');
      await expect
        .element(rules.getByRole('link', { name: '(602) 555-0147' }))
        .toHaveAttribute('href', 'tel:+16025550147');
      expect(page.getByTestId('locked-at-once').elements()).toHaveLength(0);

      // A time that starts within the notice is locked the moment it is booked: said before Confirm.
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Change' }).click();
      await page.getByRole('radio', { name: '10 AM - 11:30 AM' }).click();
      await continueButton().click();
      await reviewButton().click();
      await expect
        .element(page.getByTestId('locked-at-once'))
        .toHaveTextContent(
          `${bookingChangeRules.lockedAtOnce(36)} ${bookingMessages.changeNoticePassed(36)}`,
        );
      await expect.element(rules.getByRole('link', { name: 'contact page' })).toBeVisible();
    });

    it('says how many times are free, and that more are below while the list scrolls', async () => {
      const [day = ''] = nextWeekdays(1);
      const start = new Date(Date.now() + 40 * 24 * 3_600_000);
      let count = 14;
      stubApi((call) => {
        if (call.method === 'GET' && call.path === '/api/services/1/availability') {
          return {
            status: 200,
            body: {
              date: day,
              timeZone: defaultBusinessTimeZone,
              slots: Array.from({ length: count }, (_, index) => {
                const hours = String(8 + Math.floor(index / 2)).padStart(2, '0');
                const minutes = index % 2 === 0 ? '00' : '30';
                return slotAt(`${hours}:${minutes} - 23:59`, new Date(start.getTime() + index * 1_800_000));
              }),
            },
          };
        }
        return serviceAndAvailability(call);
      });
      renderAt('/book/1');
      await pickDay(day);
      await expect.element(page.getByTestId('slot-count')).toHaveTextContent('14 times free');
      await expect.element(page.getByTestId('more-times-below')).toBeVisible();
      await expect.element(page.getByTestId('more-times-below')).toHaveTextContent('More times below');

      // Scrolled to the end, nothing is below.
      const list = page.getByTestId('slot-list').element();
      list.scrollTop = list.scrollHeight;
      list.dispatchEvent(new Event('scroll'));
      await expect.element(page.getByTestId('more-times-below')).not.toBeInTheDocument();

      // A day with few times: they all show, and no hint.
      count = 2;
      const [, other = ''] = nextWeekdays(2);
      await pickDay(other);
      await expect.element(page.getByTestId('slot-count')).toHaveTextContent('2 times free');
      expect(page.getByTestId('more-times-below').elements()).toHaveLength(0);
    });

    it('fits the calendar on a 375 px phone: Saturday shown, nothing wider than the screen', async () => {
      await page.viewport(375, 800);
      try {
        stubApi(serviceAndAvailability);
        renderAt('/book/1');
        await expect.element(page.getByRole('grid').first()).toBeVisible();
        const picker = page.getByTestId('day-picker').element();
        // The last column is Saturday (weeks start on Sunday); it ends inside the picker, and the picker on the screen.
        const saturday = picker.querySelector<HTMLElement>('.rdp-weekday:last-child');
        expect(saturday?.getAttribute('aria-label')).toBe('Saturday');
        const right = saturday?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY;
        expect(right).toBeLessThanOrEqual(picker.getBoundingClientRect().right);
        expect(picker.getBoundingClientRect().right).toBeLessThanOrEqual(375);
        expect(picker.scrollWidth).toBeLessThanOrEqual(picker.clientWidth);
        expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
      } finally {
        await page.viewport(1280, 800);
      }
    });
  });
});
