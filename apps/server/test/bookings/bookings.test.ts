import {
  type AvailabilityResponse,
  type Booking,
  bookingMessages,
  daySlots,
  defaultBusinessTimeZone,
  type MyBookingsResponse,
} from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, services } from '../../src/db/schema.ts';
import { setBookingStatus } from '../../src/modules/bookings/booking-status.service.ts';
import { seedBookings } from '../admin/fixtures.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, defaultBilling, type TestApp } from '../helpers/build-test-app.ts';
import {
  businessTime,
  type Client,
  dayAllocator,
  futureSaturday,
  pastWeekday,
  postBooking,
  signedInClient,
} from './clients.ts';

const zone = defaultBusinessTimeZone;
let testApp: TestApp;
let ada: Client;
let grace: Client;
const nextDay = dayAllocator(3);

beforeAll(async () => {
  // Ada and Grace book far more often than the fair-use limits allow; those limits have tests of their own.
  testApp = await buildTestApp({
    env: { MAX_PENDING_BOOKINGS_PER_CLIENT: '1000', WRITE_RATE_LIMIT_PER_MINUTE: '10000' },
  });
  ada = await signedInClient(testApp, 'ada@bookings.test', { firstName: 'Ada', lastName: 'Lovelace' });
  grace = await signedInClient(testApp, 'grace@bookings.test');
});
afterAll(async () => {
  await testApp?.close();
});

const description = 'We need a review of our web shop architecture.';

/** The UTC instant of a wall-clock time in the business zone, as an ISO string. */

function body(startsAt: string, extra: object = {}) {
  return { serviceId: 1, projectDescription: description, startsAt, ...extra };
}

async function book(client: Client, startsAt: string, extra: object = {}, key?: string): Promise<Booking> {
  const response = await postBooking(testApp.app, client, body(startsAt, extra), key);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

async function setStatus(id: number, status: Booking['status']) {
  await testApp.app.db.update(bookings).set({ status }).where(eq(bookings.id, id));
}

function availabilityOf(serviceId: number | string, date: string) {
  return testApp.app.inject({ method: 'GET', url: `/api/services/${serviceId}/availability?date=${date}` });
}

describe('GET /api/services/{id}/availability', () => {
  it("lists the day's slots in the business zone, free until booked, taken after", async () => {
    const date = nextDay();
    const before = await availabilityOf(1, date);
    expect(before.statusCode).toBe(200);
    const free = before.json<AvailabilityResponse>();
    expect(free.date).toBe(date);
    expect(free.timeZone).toBe(zone);
    expect(free.slots).toHaveLength(15);
    expect(free.slots[0]).toEqual({
      start_time: '09:00',
      end_time: '10:00',
      label: '09:00 - 10:00',
      starts_at: businessTime(date, '09:00'),
      ends_at: businessTime(date, '10:00'),
      available: true,
      // The seed's consultant of service 1, its only one.
      consultant_ids: [1],
    });
    expect(free.slots.every((slot) => slot.available)).toBe(true);

    await book(ada, businessTime(date, '10:00'));
    const after = (await availabilityOf(1, date)).json<AvailabilityResponse>();
    const taken = after.slots.filter((slot) => !slot.available).map((slot) => slot.label);
    // 10:00-11:00 is booked: the slots starting 09:30, 10:00 and 10:30 overlap it.
    expect(taken).toEqual(['09:30 - 10:30', '10:00 - 11:00', '10:30 - 11:30']);
    // Another service's day is unaffected.
    const other = (await availabilityOf(3, date)).json<AvailabilityResponse>();
    expect(other.slots.every((slot) => slot.available)).toBe(true);
  });

  it('frees the time again when the booking is cancelled', async () => {
    const date = nextDay();
    const booking = await book(ada, businessTime(date, '14:00'));
    await setStatus(booking.id, 'cancelled');
    const day = (await availabilityOf(1, date)).json<AvailabilityResponse>();
    expect(day.slots.every((slot) => slot.available)).toBe(true);
  });

  it('answers an empty day for a weekend or a past day', async () => {
    for (const date of [futureSaturday(), pastWeekday()]) {
      const response = await availabilityOf(1, date);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ date, timeZone: zone, slots: [] });
    }
  });

  it('refuses a bad date with 400 and an unknown service with 404', async () => {
    for (const date of ['2030-02-30', 'tomorrow', '2030-1-7', '']) {
      const response = await availabilityOf(1, date);
      expect(response.statusCode, date).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'date', msg: bookingMessages.dateInvalid }]);
    }
    const missing = await testApp.app.inject({ method: 'GET', url: '/api/services/1/availability' });
    expect(missing.statusCode).toBe(400);
    const unknown = await availabilityOf(999, nextDay());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: bookingMessages.serviceNotFound });
    expect((await availabilityOf('abc', nextDay())).statusCode).toBe(400);
  });
});

describe('POST /api/bookings', () => {
  it('books a slot as pending with its price snapshot, confirmation code and the contract fields', async () => {
    const date = nextDay();
    const response = await postBooking(
      testApp.app,
      ada,
      body(businessTime(date, '13:30'), {
        serviceId: 2,
        projectDescription: `   ${description}   `,
        urgency: 'high',
        preferredContact: 'video',
        additionalNotes: '  Bring the ER diagram.  ',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { booking } = response.json<{ booking: Booking }>();
    const year = new Date(booking.created_at).getUTCFullYear();
    expect(booking).toEqual({
      id: booking.id,
      service_id: 2,
      consultant: { id: 2, name: 'Daniel Ortiz' },
      status: 'pending',
      project_description: description,
      created_at: booking.created_at,
      updated_at: booking.updated_at,
      booking_date: date,
      services: { name: 'Database Architecture', duration: 90, hourly_rate: 175 },
      time_slots: [{ start_time: '13:30', end_time: '15:00', availability: { date } }],
      user_profiles: { first_name: 'Ada', last_name: 'Lovelace', email: ada.email },
      starts_at: businessTime(date, '13:30'),
      ends_at: businessTime(date, '15:00'),
      time_zone: zone,
      urgency: 'high',
      preferred_contact: 'video',
      additional_notes: 'Bring the ER diagram.',
      total_cost: 263, // 175 × 90 / 60 = 262.5
      confirmation_code: expect.stringMatching(new RegExp(`^OT-(${year}|${year - 1})-\\d{3,}$`)),
      review: null,
      invoice: null,
      payment: { method: 'invoice', status: 'not_invoiced', amount_cents: 26_250, currency: 'usd' },
      brief: [],
      meeting_url: null,
      location: null,
      summary: null,
    });
    expect(booking.confirmation_code.endsWith(`-${String(booking.id).padStart(3, '0')}`)).toBe(true);

    // A later rate change does not rewrite what was booked.
    await testApp.app.db.update(services).set({ hourlyRate: 999 }).where(eq(services.id, 2));
    try {
      const mine = (await api(testApp.app, 'GET', '/api/bookings/my-bookings', ada)).json<{
        bookings: Booking[];
      }>();
      const again = mine.bookings.find((item) => item.id === booking.id);
      expect(again?.total_cost).toBe(263);
      expect(again?.services.hourly_rate).toBe(175);
    } finally {
      await testApp.app.db.update(services).set({ hourlyRate: 175 }).where(eq(services.id, 2));
    }
  });

  it('applies the defaults: normal urgency, e-mail contact, no notes', async () => {
    const booking = await book(grace, businessTime(nextDay(), '09:00'));
    expect(booking).toMatchObject({
      urgency: 'normal',
      preferred_contact: 'email',
      additional_notes: null,
      total_cost: 150,
      user_profiles: { first_name: 'Test', last_name: 'Client', email: grace.email },
    });
  });

  it('refuses a client who has not completed the profile, and stores nothing', async () => {
    const anonymous = await signedInClient(testApp, 'no-profile@bookings.test', null);
    const response = await postBooking(testApp.app, anonymous, body(businessTime(nextDay(), '09:00')));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: bookingMessages.profileIncomplete });
    const mine = await api(testApp.app, 'GET', '/api/bookings/my-bookings', anonymous);
    expect(mine.json()).toMatchObject({ bookings: [], nextCursor: null });
  });

  it('refuses a description that is missing, blank or short, with the product messages', async () => {
    const startsAt = businessTime(nextDay(), '09:00');
    const cases: [object, string][] = [
      [{ projectDescription: undefined }, 'Project description is required'],
      [{ projectDescription: '' }, 'Project description is required'],
      [{ projectDescription: '      ' }, 'Project description is required'],
      [
        { projectDescription: '  Too short by far  ' },
        'Project description must be at least 20 characters (currently 16)',
      ],
      [{ projectDescription: 'x'.repeat(5001) }, 'Project description must be at most 5000 characters'],
    ];
    for (const [extra, msg] of cases) {
      const response = await postBooking(testApp.app, ada, body(startsAt, extra));
      expect(response.statusCode, msg).toBe(400);
      expect(response.json()).toEqual({ message: msg, errors: [{ path: 'projectDescription', msg }] });
    }
  });

  it('refuses bad fields with a path for each', async () => {
    const startsAt = businessTime(nextDay(), '09:00');
    const cases: [object, string, string][] = [
      [{ serviceId: undefined }, 'serviceId', bookingMessages.serviceRequired],
      [{ serviceId: 999 }, 'serviceId', bookingMessages.serviceNotFound],
      [{ startsAt: undefined }, 'startsAt', bookingMessages.startsAtInvalid],
      [{ startsAt: 'next tuesday' }, 'startsAt', bookingMessages.startsAtInvalid],
      [{ urgency: 'whenever' }, 'urgency', expect.any(String)],
      [{ preferredContact: 'pigeon' }, 'preferredContact', expect.any(String)],
      [
        { additionalNotes: 'n'.repeat(2001) },
        'additionalNotes',
        'Additional notes must be at most 2000 characters',
      ],
      [
        { projectDescription: 'A project description\u0000 with a NUL in it' },
        'projectDescription',
        'Project description must not contain control characters other than tabs and line breaks',
      ],
      [
        { additionalNotes: 'Half an emoji \ud83d' },
        'additionalNotes',
        'Additional notes contains characters that are not valid text',
      ],
    ];
    for (const [extra, path, msg] of cases) {
      const response = await postBooking(testApp.app, ada, body(startsAt, extra));
      expect(response.statusCode, path).toBe(400);
      expect(response.json().errors, path).toEqual([{ path, msg }]);
    }
    // Several problems at once: each one named.
    const many = await postBooking(testApp.app, ada, {
      serviceId: 1,
      projectDescription: 'short',
      urgency: 'x',
    });
    expect(many.statusCode).toBe(400);
    expect(
      many
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['projectDescription', 'startsAt', 'urgency']);
  });

  it('refuses a start that breaks a slot rule: weekend, before 09:00, ending after 17:00, past, misaligned', async () => {
    const date = nextDay();
    const cases: [string, string][] = [
      [businessTime(futureSaturday(), '10:00'), bookingMessages.slotOnWeekend],
      [businessTime(date, '08:30'), bookingMessages.slotOutsideHours],
      [businessTime(date, '17:00'), bookingMessages.slotOutsideHours],
      [businessTime(date, '16:30'), bookingMessages.slotEndsTooLate('5 PM')], // 60 minutes: would end 17:30
      [businessTime(pastWeekday(), '10:00'), bookingMessages.slotInPast],
      [businessTime(date, '10:15'), bookingMessages.slotMisaligned],
      [
        new Date(Date.parse(businessTime(date, '10:00')) + 1000).toISOString(),
        bookingMessages.slotMisaligned,
      ],
    ];
    for (const [startsAt, msg] of cases) {
      const response = await postBooking(testApp.app, ada, body(startsAt));
      expect(response.statusCode, startsAt).toBe(400);
      expect(response.json(), startsAt).toEqual({ message: msg, errors: [{ path: 'startsAt', msg }] });
    }
    // The 90-minute service may not start at 16:00 either; the 60-minute one may.
    const late = await postBooking(testApp.app, ada, body(businessTime(date, '16:00'), { serviceId: 2 }));
    expect(late.json().errors).toEqual([{ path: 'startsAt', msg: bookingMessages.slotEndsTooLate('5 PM') }]);
    await book(ada, businessTime(date, '16:00'));
  });

  it('accepts the instant in any offset notation', async () => {
    const date = nextDay();
    const booking = await book(ada, `${date}T09:00:00-07:00`);
    expect(booking.starts_at).toBe(businessTime(date, '09:00'));
  });

  it('answers 409 for a slot that overlaps an active booking, and allows back-to-back slots', async () => {
    const date = nextDay();
    await book(ada, businessTime(date, '11:00'));
    for (const time of ['11:00', '10:30', '11:30']) {
      const response = await postBooking(testApp.app, grace, body(businessTime(date, time)));
      expect(response.statusCode, time).toBe(409);
      expect(response.json()).toEqual({ message: 'This time slot is no longer available' });
    }
    await book(grace, businessTime(date, '10:00'));
    await book(grace, businessTime(date, '12:00'));
    // The same time of another service is free.
    await book(grace, businessTime(date, '11:00'), { serviceId: 3 });
  });

  it('is refused when signed out', async () => {
    const response = await postBooking(testApp.app, undefined, body(businessTime(nextDay(), '09:00')));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'No active session' });
  });

  it('is refused when signed out before its body is read: a malformed or oversized body is a 401 too', async () => {
    for (const payload of ['{"serviceId": 1,', 'x'.repeat(2_000_000)]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        payload,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'No active session' });
    }
  });

  it('records the creation in booking_events', async () => {
    const booking = await book(ada, businessTime(nextDay(), '15:00'));
    const events = await testApp.app.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id));
    expect(events).toEqual([
      expect.objectContaining({
        actor: 'client',
        actorUserId: ada.id,
        fromStatus: null,
        toStatus: 'pending',
        at: expect.any(Date),
      }),
    ]);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the same booking and never makes a second one', async () => {
    const startsAt = businessTime(nextDay(), '09:30');
    const first = await postBooking(testApp.app, ada, body(startsAt), 'key-retry-1');
    expect(first.statusCode).toBe(201);
    const retry = await postBooking(testApp.app, ada, body(startsAt), 'key-retry-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // The same meaning with other spelling (extra spaces, another offset, defaults written out) is the same request.
    const respelled = await postBooking(
      testApp.app,
      ada,
      body(new Date(startsAt).toISOString().replace('.000Z', 'Z'), {
        projectDescription: ` ${description} `,
        urgency: 'normal',
        preferredContact: 'email',
        additionalNotes: '',
      }),
      'key-retry-1',
    );
    expect(respelled.statusCode).toBe(200);
    expect(respelled.json().booking.id).toBe(first.json().booking.id);
    const rows = await testApp.app.db
      .select()
      .from(bookings)
      .where(eq(bookings.idempotencyKey, 'key-retry-1'));
    expect(rows).toHaveLength(1);
  });

  it('replays concurrent requests with one key as one booking', async () => {
    const startsAt = businessTime(nextDay(), '11:30');
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => postBooking(testApp.app, ada, body(startsAt), 'key-concurrent')),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.json().booking.id)).size).toBe(1);
  });

  it('refuses the same key with a different body', async () => {
    const date = nextDay();
    await postBooking(testApp.app, ada, body(businessTime(date, '09:00')), 'key-changed');
    const other = await postBooking(testApp.app, ada, body(businessTime(date, '14:00')), 'key-changed');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: bookingMessages.idempotencyKeyReused });
    const rows = await testApp.app.db
      .select()
      .from(bookings)
      .where(eq(bookings.idempotencyKey, 'key-changed'));
    expect(rows).toHaveLength(1);
  });

  it("keeps keys per user: another client's key is not a replay", async () => {
    const date = nextDay();
    await book(ada, businessTime(date, '09:00'), {}, 'key-shared');
    const graces = await postBooking(testApp.app, grace, body(businessTime(date, '13:00')), 'key-shared');
    expect(graces.statusCode).toBe(201);
  });

  it('refuses a malformed key', async () => {
    const response = await postBooking(
      testApp.app,
      ada,
      body(businessTime(nextDay(), '09:00')),
      'x'.repeat(256),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'idempotency-key', msg: bookingMessages.idempotencyKeyInvalid },
    ]);
  });
});

describe('GET /api/bookings/my-bookings', () => {
  it("lists the caller's own bookings only, upcoming soonest first, then the rest most recent first", async () => {
    const walt = await signedInClient(testApp, 'walt@bookings.test');
    const linus = await signedInClient(testApp, 'linus@bookings.test');
    const date = nextDay();
    // Booked in an order that is neither the start's nor its reverse.
    const late = await book(walt, businessTime(date, '15:00'));
    const early = await book(walt, businessTime(date, '09:00'));
    const noon = await book(walt, businessTime(date, '12:00'), { serviceId: 4 });
    await book(linus, businessTime(date, '10:30'));
    const hourMs = 3_600_000;
    const [yesterday, lastWeek, cancelledAhead] = await seedBookings(testApp.app, [
      {
        userId: walt.id,
        createdAt: new Date(Date.now() - 900 * hourMs),
        startsAt: new Date(Date.now() - 24 * hourMs),
        status: 'completed',
      },
      {
        userId: walt.id,
        createdAt: new Date(Date.now() - 800 * hourMs),
        startsAt: new Date(Date.now() - 168 * hourMs),
        status: 'confirmed',
      },
      // Cancelled, still ahead: not upcoming, so among the rest, by its start (the most recent of them).
      {
        userId: walt.id,
        createdAt: new Date(),
        startsAt: new Date(Date.now() + 2000 * hourMs),
        status: 'cancelled',
      },
    ]);
    const response = await api(testApp.app, 'GET', '/api/bookings/my-bookings', walt);
    expect(response.statusCode).toBe(200);
    const ids = response.json<{ bookings: Booking[] }>().bookings.map((booking) => booking.id);
    const expected = [early.id, noon.id, late.id, cancelledAhead, yesterday, lastWeek];
    expect(ids).toEqual(expected);

    // Paged one at a time, the same order, each booking once.
    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=1' : `?limit=1&cursor=${cursor}`;
      const next = await api(testApp.app, 'GET', `/api/bookings/my-bookings${query}`, walt);
      expect(next.statusCode, next.body).toBe(200);
      const body = next.json<MyBookingsResponse>();
      paged.push(...body.bookings.map((booking) => booking.id));
      cursor = body.nextCursor;
    } while (cursor !== null && paged.length <= expected.length);
    expect(paged).toEqual(expected);

    // A cursor naming another user's booking gives an empty page; one the list did not give is a 400.
    const walts = await api(testApp.app, 'GET', '/api/bookings/my-bookings?limit=1', walt);
    const waltCursor = walts.json<MyBookingsResponse>().nextCursor ?? '';
    const other = await api(
      testApp.app,
      'GET',
      `/api/bookings/my-bookings?limit=1&cursor=${waltCursor}`,
      linus,
    );
    expect(other.json<MyBookingsResponse>().bookings).toEqual([]);
    const bad = await api(testApp.app, 'GET', '/api/bookings/my-bookings?cursor=nonsense', walt);
    expect(bad.statusCode).toBe(400);
    const empty = await signedInClient(testApp, 'nobody@bookings.test');
    expect((await api(testApp.app, 'GET', '/api/bookings/my-bookings', empty)).json()).toEqual({
      bookings: [],
      nextCursor: null,
      change_notice_hours: 24,
    });
  });

  it('is refused when signed out', async () => {
    expect((await api(testApp.app, 'GET', '/api/bookings/my-bookings')).statusCode).toBe(401);
  });
});

describe('PUT /api/bookings/{id}', () => {
  const cancel = (
    client: Client | undefined,
    id: number | string,
    payload: object = { status: 'cancelled' },
  ) => api(testApp.app, 'PUT', `/api/bookings/${id}`, client, payload);

  it('lets the owner cancel a confirmed booking, records who, from and to, and frees the slot', async () => {
    const date = nextDay();
    const booking = await book(ada, businessTime(date, '10:00'));
    await setStatus(booking.id, 'confirmed');
    const response = await cancel(ada, booking.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().booking).toMatchObject({ id: booking.id, status: 'cancelled' });
    const events = await testApp.app.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id))
      .orderBy(asc(bookingEvents.id));
    expect(events.map((event) => [event.actor, event.actorUserId, event.fromStatus, event.toStatus])).toEqual(
      [
        ['client', ada.id, null, 'pending'],
        ['client', ada.id, 'confirmed', 'cancelled'],
      ],
    );
    await book(grace, businessTime(date, '10:00'));
  });

  it('answers 409 unless the booking is confirmed', async () => {
    const booking = await book(ada, businessTime(nextDay(), '10:00'));
    for (const status of ['pending', 'completed', 'cancelled'] as const) {
      await setStatus(booking.id, status);
      const response = await cancel(ada, booking.id);
      expect(response.statusCode, status).toBe(409);
      expect(response.json()).toEqual({ message: bookingMessages.onlyConfirmedCancellable(status) });
    }
    const events = await testApp.app.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id));
    expect(events).toHaveLength(1);
  });

  it("answers 404 for another user's booking and for a missing one, and changes nothing", async () => {
    const booking = await book(ada, businessTime(nextDay(), '10:00'));
    await setStatus(booking.id, 'confirmed');
    for (const id of [booking.id, 2_000_000]) {
      const response = await cancel(grace, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: bookingMessages.bookingNotFound });
    }
    const [row] = await testApp.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('confirmed');
  });

  it('refuses other statuses, bad ids, and signed-out callers', async () => {
    const booking = await book(ada, businessTime(nextDay(), '10:00'));
    await setStatus(booking.id, 'confirmed');
    const confirm = await cancel(ada, booking.id, { status: 'completed' });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().errors).toEqual([{ path: 'status', msg: bookingMessages.clientStatusChange }]);
    expect((await cancel(ada, 'abc')).statusCode).toBe(400);
    expect((await cancel(undefined, booking.id)).statusCode).toBe(401);
  });
});

describe("setBookingStatus (the administrators' change)", () => {
  it('records every change, and refuses to reactivate a booking whose time was taken meanwhile', async () => {
    const date = nextDay();
    const first = await book(ada, businessTime(date, '13:00'));
    const change = (status: Booking['status']) =>
      setBookingStatus(
        testApp.app.db,
        { bookingId: first.id, status, actorUserId: grace.id },
        {
          timeZone: zone,
          appUrl: 'http://localhost:3000',
          mailFrom: 'OT Consulting <no-reply@localhost>',
          ...defaultBilling,
        },
      );
    expect((await change('confirmed')).status).toBe('confirmed');
    expect((await change('cancelled')).status).toBe('cancelled');
    await book(grace, businessTime(date, '13:00'));
    await expect(change('pending')).rejects.toMatchObject({
      statusCode: 409,
      message: bookingMessages.slotTaken,
    });
    await expect(change('confirmed')).rejects.toMatchObject({ statusCode: 409 });
    // Completed holds no slot: allowed.
    expect((await change('completed')).status).toBe('completed');
    const events = await testApp.app.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, first.id))
      .orderBy(asc(bookingEvents.id));
    expect(events.map((event) => [event.actorUserId, event.fromStatus, event.toStatus])).toEqual([
      [ada.id, null, 'pending'],
      [grace.id, 'pending', 'confirmed'],
      [grace.id, 'confirmed', 'cancelled'],
      [grace.id, 'cancelled', 'completed'],
    ]);
  });
});

describe('slots the domain offers', () => {
  it('are exactly the ones the server accepts', async () => {
    const date = nextDay();
    const offered = daySlots(date, { durationMinutes: 60, timeZone: zone, now: new Date() });
    const fromApi = (await availabilityOf(1, date)).json<AvailabilityResponse>().slots;
    expect(fromApi.map(({ available: _available, consultant_ids: _ids, ...slot }) => slot)).toEqual(offered);
  });
});
