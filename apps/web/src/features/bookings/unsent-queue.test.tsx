import '../../index.css';
import { type Booking, bookingMessages, defaultBusinessTimeZone } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { ApiError } from '../../lib/api-error';
import { forgetUnsent, unsentStorageKey } from '../../lib/unsent-bookings-storage';
import {
  description,
  listed,
  longEnough,
  nextWeekdays,
  renderAt,
  reviewButton,
  serviceAndAvailability,
  signInAs,
  stubApi,
  toDetails,
} from '../../testing/bookings';
import { bookingFixture } from '../../testing/fixtures';
import type { Answer } from '../../testing/stub-api';
import {
  addUnsent,
  isUnreachable,
  readUnsent,
  refusalMessage,
  type UnsentCreate,
  unreachableReason,
} from './unsent-queue';

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
    signInAs('user-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    signInAs('user-1');
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
    await expect.element(card.getByText('9 AM - 10:30 AM MST')).toBeVisible();
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
    signInAs('user-2');
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
