// Fair use of the booking engine (docs/product.md#limits): the pending limit per client, the booking horizon,
// cancelling only before the start, My Bookings in pages, and the write rate limit per user. The concurrent
// claims run on both drivers; only on PostgreSQL (server-postgres) do they meet real concurrency.
import {
  type AvailabilityResponse,
  addDays,
  type Booking,
  bookingErrorCodes,
  bookingMessages,
  calendarBounds,
  defaultBusinessTimeZone,
  defaultSchedule,
  lastBookableDate,
  type MyBookingsResponse,
  opensOn,
  weekdayOf,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { bookingEvents, bookings, writeRateLimits } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { api, identity } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { businessTime, type Client, dayAllocator, postBooking, signedInClient } from './clients.ts';

const zone = defaultBusinessTimeZone;
const maxPending = 2;
let testApp: TestApp;
let admin: Client;
let people = 0;
const nextDay = dayAllocator(2);

beforeAll(async () => {
  // A small pending limit; the write limit keeps its default of 60 a minute.
  testApp = await buildTestApp({ env: { MAX_PENDING_BOOKINGS_PER_CLIENT: String(maxPending) } });
  admin = await signedInAdmin(testApp, 'admin@fair-use.test');
});
afterAll(async () => {
  await testApp?.close();
});

/** A new signed-in client with a profile (one write: the profile). */
function newClient(): Promise<Client> {
  people += 1;
  return signedInClient(testApp, `client${people}@fair-use.test`);
}

function body(startsAt: string, serviceId = 1) {
  return { serviceId, projectDescription: 'A review of our booking platform, please.', startsAt };
}

async function book(client: Client, startsAt: string, key?: string): Promise<Booking> {
  const response = await postBooking(testApp.app, client, body(startsAt), key);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

function bookingsOf(client: Client) {
  return testApp.app.db.select().from(bookings).where(eq(bookings.userId, client.id));
}

const limitReached = {
  message: bookingMessages.pendingLimitReached(maxPending),
  code: bookingErrorCodes.pendingLimit,
};

describe('the pending limit (MAX_PENDING_BOOKINGS_PER_CLIENT)', () => {
  it('refuses the booking after the limit with 409 and stores nothing; other clients are unaffected', async () => {
    const client = await newClient();
    const date = nextDay();
    await book(client, businessTime(date, '09:00'));
    await book(client, businessTime(date, '10:00'));
    const refused = await postBooking(testApp.app, client, body(businessTime(date, '11:00')));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(limitReached);
    expect(refused.json().message).toBe(
      'You already have 2 pending bookings awaiting confirmation, the most a client may have at a time. Please book again once the firm has confirmed one.',
    );
    expect(await bookingsOf(client)).toHaveLength(2);
    const events = await testApp.app.db
      .select({ id: bookingEvents.id })
      .from(bookingEvents)
      .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
      .where(eq(bookings.userId, client.id));
    expect(events).toHaveLength(2);
    // Another client books the very slot that was refused.
    await book(await newClient(), businessTime(date, '11:00'));
  });

  it('counts only pending bookings that have not started: a confirmed, cancelled or started one frees a place', async () => {
    const client = await newClient();
    const date = nextDay();
    const first = await book(client, businessTime(date, '09:00'));
    const second = await book(client, businessTime(date, '10:00'));
    for (const status of ['confirmed', 'cancelled'] as const) {
      await testApp.app.db.update(bookings).set({ status }).where(eq(bookings.id, first.id));
      const third = await book(client, businessTime(date, status === 'confirmed' ? '11:00' : '12:00'));
      expect((await postBooking(testApp.app, client, body(businessTime(date, '15:00')))).statusCode).toBe(
        409,
      );
      await testApp.app.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, third.id));
    }
    // A pending booking whose time has passed no longer counts.
    const yesterday = new Date(Date.now() - 86_400_000);
    await testApp.app.db
      .update(bookings)
      .set({
        startsAt: yesterday,
        endsAt: new Date(yesterday.getTime() + 3_600_000),
        blockedUntil: new Date(yesterday.getTime() + 3_600_000),
      })
      .where(eq(bookings.id, second.id));
    await book(client, businessTime(date, '13:00'));
  });

  it('does not count an idempotent replay twice, one at a time or all at once', async () => {
    const client = await newClient();
    const date = nextDay();
    const first = await book(client, businessTime(date, '09:00'), 'fair-first');
    // At the limit after the next one, five copies of it arrive together: one booking, four replays.
    const together = await Promise.all(
      Array.from({ length: 5 }, () =>
        postBooking(testApp.app, client, body(businessTime(date, '10:00')), 'fair-second'),
      ),
    );
    expect(together.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    // At the limit, retries of either still answer their booking.
    const replay = await postBooking(testApp.app, client, body(businessTime(date, '09:00')), 'fair-first');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().booking.id).toBe(first.id);
    expect(
      (await postBooking(testApp.app, client, body(businessTime(date, '10:00')), 'fair-second')).statusCode,
    ).toBe(200);
    const refused = await postBooking(testApp.app, client, body(businessTime(date, '11:00')), 'fair-third');
    expect(refused.json()).toEqual(limitReached);
    expect(await bookingsOf(client)).toHaveLength(2);
  });

  it("does not limit an administrator's reactivation", async () => {
    const client = await newClient();
    const date = nextDay();
    const first = await book(client, businessTime(date, '09:00'));
    await book(client, businessTime(date, '10:00'));
    await testApp.app.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, first.id));
    await book(client, businessTime(date, '11:00'));
    const reactivated = await api(testApp.app, 'PUT', `/api/bookings/admin/${first.id}/status`, admin, {
      status: 'pending',
    });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    const pending = (await bookingsOf(client)).filter((row) => row.status === 'pending');
    expect(pending).toHaveLength(3);
  });

  it(`holds when one client sends 20 bookings of different slots at once: exactly ${maxPending} are made`, async () => {
    const client = await newClient();
    const [first = '', second = ''] = [nextDay(), nextDay()];
    const starts = [first, second].flatMap((date) =>
      ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '09:30', '15:30'].map((time) =>
        businessTime(date, time),
      ),
    );
    // Half-hour starts overlap the hour starts of service 1: use service 4 for those.
    const responses = await Promise.all(
      starts.map((startsAt) =>
        postBooking(testApp.app, client, body(startsAt, startsAt.endsWith(':30:00.000Z') ? 4 : 1)),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(maxPending);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20 - maxPending);
    for (const response of responses.filter((item) => item.statusCode === 409)) {
      expect(response.json()).toEqual(limitReached);
    }
    expect(await bookingsOf(client)).toHaveLength(maxPending);
  });

  it('is 5 unless configured, and must be a positive whole number', () => {
    expect(loadConfig({}).maxPendingBookingsPerClient).toBe(5);
    expect(loadConfig({ MAX_PENDING_BOOKINGS_PER_CLIENT: '12' }).maxPendingBookingsPerClient).toBe(12);
    for (const value of ['0', '-1', '2.5', 'five']) {
      expect(() => loadConfig({ MAX_PENDING_BOOKINGS_PER_CLIENT: value })).toThrow(
        `MAX_PENDING_BOOKINGS_PER_CLIENT must be a positive whole number (got "${value}")`,
      );
    }
  });
});

describe('the booking horizon (90 days)', () => {
  const last = () => lastBookableDate(zone, new Date());
  /** The last weekday within the horizon, and the first weekday after it. */
  function edges(): { inside: string; outside: string } {
    let inside = last();
    while (!opensOn(defaultSchedule, weekdayOf(inside))) inside = addDays(inside, -1);
    let outside = addDays(last(), 1);
    while (!opensOn(defaultSchedule, weekdayOf(outside))) outside = addDays(outside, 1);
    return { inside, outside };
  }

  it('refuses a slot beyond it with 400 on startsAt, even in the year 9999, and books the last day', async () => {
    const client = await newClient();
    const { inside, outside } = edges();
    for (const startsAt of [
      businessTime(outside, '09:00'),
      '9999-12-31T16:00:00.000Z',
      '9999-12-31T16:00:00Z',
    ]) {
      const response = await postBooking(testApp.app, client, body(startsAt));
      expect(response.statusCode, startsAt).toBe(400);
      expect(response.json()).toEqual({
        message: bookingMessages.slotBeyondHorizon(90),
        errors: [{ path: 'startsAt', msg: 'Consultations can be booked at most 90 days ahead' }],
      });
    }
    expect(await bookingsOf(client)).toHaveLength(0);
    await book(client, businessTime(inside, '16:00'));
  });

  it('offers no slots beyond it', async () => {
    const { inside, outside } = edges();
    const day = async (date: string) =>
      (
        await testApp.app.inject({ method: 'GET', url: `/api/services/3/availability?date=${date}` })
      ).json<AvailabilityResponse>();
    expect((await day(inside)).slots).toHaveLength(15);
    expect(await day(outside)).toEqual({ date: outside, timeZone: zone, slots: [] });
    expect((await day(calendarBounds.last)).slots).toEqual([]);
    // Past the days the product computes with, the date is refused rather than answered.
    const far = await testApp.app.inject({
      method: 'GET',
      url: '/api/services/3/availability?date=9999-12-31',
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().errors).toEqual([{ path: 'date', msg: bookingMessages.dateInvalid }]);
  });
});

describe('a client cancels only before the start', () => {
  it('answers 409 for a confirmed booking whose start has passed, and changes nothing', async () => {
    const client = await newClient();
    const booking = await book(client, businessTime(nextDay(), '09:00'));
    const started = new Date(Date.now() - 60_000);
    await testApp.app.db
      .update(bookings)
      .set({
        status: 'confirmed',
        startsAt: started,
        endsAt: new Date(started.getTime() + 3_600_000),
        blockedUntil: new Date(started.getTime() + 3_600_000),
      })
      .where(eq(bookings.id, booking.id));
    const response = await api(testApp.app, 'PUT', `/api/bookings/${booking.id}`, client, {
      status: 'cancelled',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This consultation has already started, so it can no longer be cancelled',
    });
    const [row] = await testApp.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('confirmed');
    const events = await testApp.app.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id));
    expect(events).toHaveLength(1);
    // An administrator still may.
    const byAdmin = await api(testApp.app, 'PUT', `/api/bookings/admin/${booking.id}/status`, admin, {
      status: 'cancelled',
    });
    expect(byAdmin.statusCode).toBe(200);
  });
});

describe('GET /api/bookings/my-bookings in pages', () => {
  let owner: Client;
  /** The list's order: upcoming soonest first, then the rest most recent first. */
  let listOrder: number[];

  beforeAll(async () => {
    owner = await newClient();
    const other = await newClient();
    const base = Date.parse('2030-01-02T17:00:00.000Z');
    const hourMs = 3_600_000;
    // 45 bookings, some made at the very same moment, with another client's in between: starts in a shuffled
    // order, a third of them confirmed and ahead, the rest completed and past.
    const made = Array.from({ length: 45 }, (_, index) => {
      const shuffled = (index * 7) % 45;
      const ahead = index % 3 === 0;
      return {
        userId: owner.id,
        createdAt: new Date(base + Math.floor(index / 3) * 1000),
        startsAt: new Date(
          Date.parse(ahead ? '2040-06-01T15:00:00Z' : '2020-06-01T15:00:00Z') + shuffled * hourMs,
        ),
        status: ahead ? ('confirmed' as const) : ('completed' as const),
      };
    });
    const ids = await seedBookings(testApp.app, made);
    await seedBookings(testApp.app, [
      { userId: other.id, createdAt: new Date(base + 5000), status: 'completed' },
    ]);
    const rows = ids.map((id, index) => ({
      id,
      start: made[index]?.startsAt.getTime() ?? 0,
      ahead: made[index]?.status === 'confirmed',
    }));
    listOrder = [
      ...rows.filter((row) => row.ahead).sort((a, b) => a.start - b.start),
      ...rows.filter((row) => !row.ahead).sort((a, b) => b.start - a.start),
    ].map((row) => row.id);
  });

  async function page(client: Client, query: string) {
    const response = await api(testApp.app, 'GET', `/api/bookings/my-bookings${query}`, client);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MyBookingsResponse>();
  }

  it('answers 20 a page, upcoming soonest first then past most recent first, and a cursor to the next page until the last', async () => {
    const seen: number[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const answer: MyBookingsResponse = await page(
        owner,
        cursor ? `?cursor=${encodeURIComponent(cursor)}` : '',
      );
      sizes.push(answer.bookings.length);
      seen.push(...answer.bookings.map((booking) => booking.id));
      cursor = answer.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(seen).toEqual(listOrder);
  });

  it('takes a limit from 1 to 100', async () => {
    const all = await page(owner, '?limit=100');
    expect(all.bookings.map((booking) => booking.id)).toEqual(listOrder);
    expect(all.nextCursor).toBeNull();
    const two = await page(owner, '?limit=2');
    expect(two.bookings.map((booking) => booking.id)).toEqual(listOrder.slice(0, 2));
    const next = await page(owner, `?limit=2&cursor=${two.nextCursor}`);
    expect(next.bookings.map((booking) => booking.id)).toEqual(listOrder.slice(2, 4));
    for (const limit of ['0', '101', 'ten']) {
      const response = await api(testApp.app, 'GET', `/api/bookings/my-bookings?limit=${limit}`, owner);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'limit', msg: bookingMessages.pageSizeInvalid }]);
    }
  });

  it('refuses a cursor it did not give, and reveals nothing through another client’s booking', async () => {
    for (const cursor of ['not%20a%20cursor', Buffer.from('b1:0').toString('base64url')]) {
      const response = await api(testApp.app, 'GET', `/api/bookings/my-bookings?cursor=${cursor}`, owner);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'cursor', msg: bookingMessages.cursorInvalid }]);
    }
    // The owner's cursor handed to another client: an empty page, as for a booking that does not exist.
    const first = await page(owner, '?limit=1');
    expect(await page(await newClient(), `?cursor=${first.nextCursor}`)).toMatchObject({
      bookings: [],
      nextCursor: null,
    });
  });
});

describe('the write rate limit (WRITE_RATE_LIMIT_PER_MINUTE, default 60)', () => {
  const profile = (client: Client, firstName = 'Rate') =>
    api(testApp.app, 'PUT', '/api/auth/profile', client, { firstName, lastName: 'Limited' });

  it('refuses the 61st write in a minute across the write routes with 429 and Retry-After; others are unaffected', async () => {
    const writer = await signedInAdmin(testApp, `writer${++people}@fair-use.test`);
    const other = await newClient();
    const date = nextDay();
    // signedInAdmin saved the profile: 1 write. Then two of each booking route, the rest profile saves.
    const first = await book(writer, businessTime(date, '09:00'));
    const second = await book(writer, businessTime(date, '10:00'));
    await testApp.app.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, first.id));
    const writes: [string, string, number][] = [
      [`/api/bookings/${first.id}`, 'cancelled', 200],
      [`/api/bookings/${second.id}`, 'cancelled', 409], // refused (pending), counted all the same
      [`/api/bookings/admin/${second.id}/status`, 'confirmed', 200],
      [`/api/bookings/admin/${second.id}/status`, 'completed', 200],
    ];
    for (const [url, status, expected] of writes) {
      expect((await api(testApp.app, 'PUT', url, writer, { status })).statusCode, url).toBe(expected);
    }
    for (let write = 8; write <= 60; write += 1) {
      const response = await profile(writer, `Rate${write}`);
      expect(response.statusCode, `write ${write}`).toBe(200);
    }
    // Reads, and the accounts library, are not counted.
    expect((await api(testApp.app, 'GET', '/api/bookings/my-bookings', writer)).statusCode).toBe(200);
    expect((await identity(testApp.app, 'GET', '/get-session', undefined, writer)).statusCode).toBe(200);

    const refusals = [
      await profile(writer),
      await postBooking(testApp.app, writer, body(businessTime(date, '11:00'))),
      await api(testApp.app, 'PUT', `/api/bookings/${first.id}`, writer, { status: 'cancelled' }),
      await api(testApp.app, 'PUT', `/api/bookings/admin/${second.id}/status`, writer, { status: 'pending' }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json()).toEqual({ message: bookingMessages.tooManyWrites(retryAfter) });
    }
    // Nothing the refused requests asked for happened.
    const [secondNow] = await testApp.app.db.select().from(bookings).where(eq(bookings.id, second.id));
    expect(secondNow?.status).toBe('completed');
    expect((await bookingsOf(writer)).map((row) => row.id).sort()).toEqual([first.id, second.id].sort());

    // Another user writes as usual.
    expect((await profile(other)).statusCode).toBe(200);
    await book(other, businessTime(date, '11:00'));
    // The accounts library has limits of its own: signing out is not a write of ours.
    expect((await identity(testApp.app, 'POST', '/sign-out', {}, writer)).statusCode).toBe(200);
  });

  it('opens a new window a minute after the last one began', async () => {
    const client = await newClient();
    await testApp.app.db
      .update(writeRateLimits)
      .set({ count: 60 })
      .where(eq(writeRateLimits.userId, client.id));
    expect((await profile(client)).statusCode).toBe(429);
    await testApp.app.db
      .update(writeRateLimits)
      .set({ windowStartedAt: sql`now() - interval '61 seconds'` })
      .where(eq(writeRateLimits.userId, client.id));
    expect((await profile(client)).statusCode).toBe(200);
    const [row] = await testApp.app.db
      .select()
      .from(writeRateLimits)
      .where(eq(writeRateLimits.userId, client.id));
    expect(row?.count).toBe(1);
    expect(Date.now() - (row?.windowStartedAt.getTime() ?? 0)).toBeLessThan(10_000);
  });

  it('does not count a signed-out request: it is a 401 first', async () => {
    const before = await testApp.app.db.select().from(writeRateLimits);
    const response = await api(
      testApp.app,
      'PUT',
      '/api/auth/profile',
      {},
      { firstName: 'A', lastName: 'B' },
    );
    expect(response.statusCode).toBe(401);
    expect(await testApp.app.db.select().from(writeRateLimits)).toEqual(before);
  });

  it('lets exactly 60 of 80 simultaneous writes of one user through', async () => {
    const client = await newClient();
    // The profile made at sign-up was the first write of this window.
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, index) => profile(client, `Burst${index}`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(59);
    expect(statuses.filter((status) => status === 429)).toHaveLength(21);
    const [row] = await testApp.app.db
      .select({ count: writeRateLimits.count })
      .from(writeRateLimits)
      .where(eq(writeRateLimits.userId, client.id));
    expect(row?.count).toBe(81);
  });

  it('is 60 unless configured, and must be a positive whole number', () => {
    expect(loadConfig({}).writeRateLimitPerMinute).toBe(60);
    expect(loadConfig({ WRITE_RATE_LIMIT_PER_MINUTE: '600' }).writeRateLimitPerMinute).toBe(600);
    for (const value of ['0', '-5', '1.5', 'lots']) {
      expect(() => loadConfig({ WRITE_RATE_LIMIT_PER_MINUTE: value })).toThrow(
        `WRITE_RATE_LIMIT_PER_MINUTE must be a positive whole number (got "${value}")`,
      );
    }
  });
});
