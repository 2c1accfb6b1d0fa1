// A client manages their own booking (docs/product.md#statuses): its detail and history (docs/decisions/017), its
// calendar file (149), moving it to another time (108), and the notice before the start after which changes close
// (151). The e-mails are read back from the in-process SMTP server and their calendar parts parsed by node-ical.
import {
  type ActivityResponse,
  type AvailabilityResponse,
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  bookingMessages,
  bookingRescheduleMessages,
  defaultBusinessTimeZone,
  defaultSchedule,
  type MyBookingsResponse,
} from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { api, appUrl as portalOrigin } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { type CapturedMail, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';
import {
  bookAt,
  businessTime,
  type Client,
  dayAllocator,
  futureSaturday,
  pastWeekday,
  signedInClient,
} from './clients.ts';

const zone = defaultBusinessTimeZone;
const mailFrom = 'OT Consulting <bookings@portal.example.com>';
const minute = 60_000;
const hour = 60 * minute;

let testApp: TestApp;
let capture: MailCapture;
let ada: Client;
let grace: Client;
let admin: Client;
const nextDay = dayAllocator(3);

beforeAll(async () => {
  capture = await startMailCapture();
  // The default change notice (24 hours) is what these tests are about: it is left as it is.
  testApp = await buildTestApp({
    env: {
      SMTP_URL: capture.url,
      MAIL_FROM: mailFrom,
      MAX_PENDING_BOOKINGS_PER_CLIENT: '1000',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    },
    mail: { pollIntervalMs: 50, retryBaseMs: 100, retryCapMs: 400 },
  });
  ada = await signedInClient(testApp, 'ada@own-booking.test', { firstName: 'Ada', lastName: 'Lovelace' });
  grace = await signedInClient(testApp, 'grace@own-booking.test');
  admin = await signedInAdmin(testApp, 'admin@own-booking.test');
});
afterAll(async () => {
  await testApp?.close();
  await capture?.close();
});

function reschedule(client: Client | undefined, id: number | string, startsAt: unknown, key?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/bookings/${id}/reschedule`,
    headers: {
      'content-type': 'application/json',
      origin: portalOrigin,
      ...(client ? { cookie: client.cookie } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: JSON.stringify({ startsAt }),
  });
}

const cancel = (client: Client, id: number) =>
  api(testApp.app, 'PUT', `/api/bookings/${id}`, client, { status: 'cancelled' });
const detail = (client: Client | undefined, id: number | string) =>
  api(testApp.app, 'GET', `/api/bookings/${id}`, client);
const calendarFile = (client: Client | undefined, id: number | string) =>
  api(testApp.app, 'GET', `/api/bookings/${id}/calendar.ics`, client);

async function confirm(booking: Booking) {
  const response = await api(testApp.app, 'PUT', `/api/bookings/admin/${booking.id}/status`, admin, {
    status: 'confirmed',
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function storedRow(id: number) {
  const [row] = await testApp.app.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`no booking ${id}`);
  return row;
}

async function events(id: number) {
  return testApp.app.db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, id))
    .orderBy(asc(bookingEvents.id));
}

/** The one VEVENT of an iCalendar text, parsed by an independent parser. */
function eventOf(text: string): VEvent {
  const found = Object.values(ical.sync.parseICS(text)).filter(
    (component): component is VEvent =>
      typeof component === 'object' &&
      component !== null &&
      'type' in component &&
      component.type === 'VEVENT',
  );
  expect(found).toHaveLength(1);
  return found[0] as VEvent;
}

function inviteOf(mail: CapturedMail): { method: string | undefined; event: VEvent; raw: string } {
  const part = mail.attachments.find((candidate) => candidate.contentType === 'text/calendar');
  if (!part) throw new Error(`no text/calendar part in "${mail.subject}"`);
  return { method: part.method, event: eventOf(part.content), raw: part.content };
}

describe('who may see and change a booking', () => {
  it('GET /api/bookings/{id}: the owner and administrators; anyone else 404, signed out 401', async () => {
    const booking = await bookAt(testApp.app, ada, businessTime(nextDay(), '10:00'));
    const owner = await detail(ada, booking.id);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json<BookingDetailResponse>().booking).toEqual(booking);
    const byAdmin = await detail(admin, booking.id);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json<BookingDetailResponse>().booking.id).toBe(booking.id);
    for (const id of [booking.id, 2_000_000]) {
      const other = await detail(grace, id);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: bookingMessages.bookingNotFound });
    }
    expect((await detail(undefined, booking.id)).statusCode).toBe(401);
    expect((await detail(ada, 'abc')).statusCode).toBe(400);
  });

  it('GET /api/bookings/{id}/calendar.ics: the owner only; others (administrators too) 404, signed out 401', async () => {
    const booking = await bookAt(testApp.app, ada, businessTime(nextDay(), '10:00'));
    const owner = await calendarFile(ada, booking.id);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(owner.headers['content-disposition']).toBe(`attachment; filename="booking-${booking.id}.ics"`);
    for (const caller of [grace, admin]) {
      const refused = await calendarFile(caller, booking.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: bookingMessages.bookingNotFound });
    }
    expect((await calendarFile(undefined, booking.id)).statusCode).toBe(401);
  });

  it('GET /api/bookings/{id}/availability: the owner and administrators; other clients 404, signed out 401', async () => {
    const date = nextDay();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    const path = `${apiPaths.bookings.rescheduleAvailability(booking.id)}?date=${date}`;
    expect((await api(testApp.app, 'GET', path, { cookie: ada.cookie })).statusCode).toBe(200);
    expect((await api(testApp.app, 'GET', path, { cookie: admin.cookie })).statusCode).toBe(200);
    for (const caller of [grace]) {
      const refused = await api(testApp.app, 'GET', path, { cookie: caller.cookie });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: bookingMessages.bookingNotFound });
    }
    expect((await api(testApp.app, 'GET', path)).statusCode).toBe(401);
    const badDate = await api(
      testApp.app,
      'GET',
      `${apiPaths.bookings.rescheduleAvailability(booking.id)}?date=soon`,
      {
        cookie: ada.cookie,
      },
    );
    expect(badDate.statusCode).toBe(400);
  });

  it('POST /api/bookings/{id}/reschedule: the owner (and administrators, admin-move.test.ts); other clients 404, signed out 401', async () => {
    const date = nextDay();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    for (const caller of [grace]) {
      const refused = await reschedule(caller, booking.id, businessTime(date, '11:00'));
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: bookingMessages.bookingNotFound });
    }
    expect((await reschedule(undefined, booking.id, businessTime(date, '11:00'))).statusCode).toBe(401);
    expect((await storedRow(booking.id)).startsAt.toISOString()).toBe(booking.starts_at);
    const owner = await reschedule(ada, booking.id, businessTime(date, '11:00'));
    expect(owner.statusCode, owner.body).toBe(200);
  });
});

describe('POST /api/bookings/{id}/reschedule', () => {
  it('moves the booking in place: same id, price snapshot, code and status; the history has both starts', async () => {
    const date = nextDay();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    await confirm(booking);
    const response = await reschedule(ada, booking.id, businessTime(date, '14:00'));
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json<{ booking: Booking }>().booking;
    expect(moved).toMatchObject({
      id: booking.id,
      status: 'confirmed',
      total_cost: booking.total_cost,
      services: booking.services,
      confirmation_code: booking.confirmation_code,
      created_at: booking.created_at,
      starts_at: businessTime(date, '14:00'),
      ends_at: businessTime(date, '15:00'),
      time_slots: [{ start_time: '14:00', end_time: '15:00', availability: { date } }],
    });
    const row = await storedRow(booking.id);
    expect(row.blockedUntil.toISOString()).toBe(businessTime(date, '15:00'));

    const history = (await detail(ada, booking.id)).json<BookingDetailResponse>().history;
    expect(history.map(({ at: _at, ...entry }) => entry)).toEqual([
      { type: 'created', from_status: null, to_status: 'pending', by: 'client' },
      { type: 'status_changed', from_status: 'pending', to_status: 'confirmed', by: 'admin' },
      {
        type: 'rescheduled',
        from_status: 'confirmed',
        to_status: 'confirmed',
        from_starts_at: businessTime(date, '10:00'),
        starts_at: businessTime(date, '14:00'),
        by: 'client',
      },
    ]);
    const stored = await events(booking.id);
    expect(stored.at(-1)).toMatchObject({ actor: 'client', actorUserId: ada.id, type: 'rescheduled' });
  });

  it('frees the old time and holds the new one at once: another booking may take the freed slot, not the new one', async () => {
    const date = nextDay();
    const first = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    const second = await bookAt(testApp.app, grace, businessTime(date, '11:00'));
    expect((await reschedule(ada, first.id, businessTime(date, '12:00'))).statusCode).toBe(200);
    // The slot just freed by the first move.
    const intoFreed = await reschedule(grace, second.id, businessTime(date, '10:00'));
    expect(intoFreed.statusCode, intoFreed.body).toBe(200);
    const taken = await reschedule(grace, second.id, businessTime(date, '12:00'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: bookingMessages.slotTaken });
    // Slots overlapping the two held hours are taken; the old 11:00 is free again.
    const available = await api(testApp.app, 'GET', `/api/services/1/availability?date=${date}`);
    const free = available.json<{ slots: { start_time: string; available: boolean }[] }>().slots;
    expect(free.filter((slot) => !slot.available).map((slot) => slot.start_time)).toEqual([
      '09:30',
      '10:00',
      '10:30',
      '11:30',
      '12:00',
      '12:30',
    ]);
    expect((await storedRow(second.id)).startsAt.toISOString()).toBe(businessTime(date, '10:00'));
  });

  it("offers the slots overlapping the booking's own time, which the public availability shows taken, and moves there", async () => {
    const date = nextDay();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    await bookAt(testApp.app, grace, businessTime(date, '12:00'));
    const taken = (slots: { start_time: string; available: boolean }[]) =>
      slots.filter((slot) => !slot.available).map((slot) => slot.start_time);
    const everyone = await api(testApp.app, 'GET', `/api/services/1/availability?date=${date}`);
    expect(taken(everyone.json<AvailabilityResponse>().slots)).toEqual([
      '09:30',
      '10:00',
      '10:30',
      '11:30',
      '12:00',
      '12:30',
    ]);
    const forTheMove = await api(
      testApp.app,
      'GET',
      `${apiPaths.bookings.rescheduleAvailability(booking.id)}?date=${date}`,
      { cookie: ada.cookie },
    );
    expect(forTheMove.statusCode, forTheMove.body).toBe(200);
    // Only Grace's hour holds; Ada's own 10:00 is listed free (the web marks it as the current slot).
    expect(taken(forTheMove.json<AvailabilityResponse>().slots)).toEqual(['11:30', '12:00', '12:30']);
    const halfHourLater = await reschedule(ada, booking.id, businessTime(date, '10:30'));
    expect(halfHourLater.statusCode, halfHourLater.body).toBe(200);
  });

  it("offers slots of the booking's own duration, as booked, when the service's has changed since", async () => {
    const date = nextDay();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    await testApp.app.db.update(bookings).set({ durationMinutes: 120 }).where(eq(bookings.id, booking.id));
    const forTheMove = await api(
      testApp.app,
      'GET',
      `${apiPaths.bookings.rescheduleAvailability(booking.id)}?date=${date}`,
      { cookie: ada.cookie },
    );
    const slots = forTheMove.json<AvailabilityResponse>().slots;
    expect(slots[0]).toMatchObject({ start_time: '09:00', end_time: '11:00' });
  });

  it('refuses a new time that breaks a rule of a new booking, each with its message, and moves nothing', async () => {
    const date = nextDay();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    const horizon = new Date(Date.now() + 200 * 24 * hour).toISOString().slice(0, 10);
    const cases: [unknown, string][] = [
      [businessTime(pastWeekday(), '10:00'), bookingMessages.slotInPast],
      [businessTime(horizon, '10:00'), bookingMessages.slotBeyondHorizon(defaultSchedule.horizonDays)],
      [businessTime(futureSaturday(), '10:00'), bookingMessages.slotOnWeekend],
      [businessTime(date, '08:00'), bookingMessages.slotOutsideHours],
      [businessTime(date, '10:15'), bookingMessages.slotMisaligned],
      [businessTime(date, '16:30'), bookingMessages.slotEndsTooLate('5 PM')],
      [businessTime(date, '10:00'), bookingMessages.rescheduleSameSlot],
      ['tomorrow at ten', bookingMessages.startsAtInvalid],
    ];
    for (const [startsAt, message] of cases) {
      const response = await reschedule(ada, booking.id, startsAt);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().errors, message).toEqual([{ path: 'startsAt', msg: message }]);
    }
    expect(await events(booking.id)).toHaveLength(1);
    expect((await storedRow(booking.id)).startsAt.toISOString()).toBe(booking.starts_at);
  });

  it("follows the firm's calendar: closed dates and the minimum notice", async () => {
    // Days of their own, a week ahead: well within the longest notice (30 days) wherever the others have got to.
    const soon = dayAllocator(1);
    const date = soon();
    const closed = soon();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    const closure = await api(testApp.app, 'POST', '/api/admin/closures', admin, {
      startDate: closed,
      endDate: closed,
      reason: 'Team retreat',
    });
    expect(closure.statusCode, closure.body).toBe(201);
    const onClosed = await reschedule(ada, booking.id, businessTime(closed, '10:00'));
    expect(onClosed.statusCode).toBe(400);
    expect(onClosed.json().errors[0].msg).toMatch(/^The firm is closed on .*: Team retreat$/);

    const schedule = { ...defaultSchedule, minNoticeHours: 720 };
    expect((await api(testApp.app, 'PUT', '/api/admin/schedule', admin, { schedule })).statusCode).toBe(200);
    try {
      const tooSoon = await reschedule(ada, booking.id, businessTime(date, '11:00'));
      expect(tooSoon.statusCode).toBe(400);
      expect(tooSoon.json().errors).toEqual([{ path: 'startsAt', msg: bookingMessages.slotTooSoon(720) }]);
    } finally {
      await api(testApp.app, 'PUT', '/api/admin/schedule', admin, { schedule: defaultSchedule });
    }
  });

  it('refuses cancelled and completed bookings, and a consultation that has started, with 409', async () => {
    const date = nextDay();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    for (const status of ['cancelled', 'completed'] as const) {
      await testApp.app.db.update(bookings).set({ status }).where(eq(bookings.id, booking.id));
      const response = await reschedule(ada, booking.id, businessTime(date, '11:00'));
      expect(response.statusCode, status).toBe(409);
      expect(response.json()).toEqual({ message: bookingMessages.onlyActiveReschedulable(status) });
    }
    const [started] = await seedBookings(testApp.app, [
      {
        userId: ada.id,
        createdAt: new Date(Date.now() - 48 * hour),
        startsAt: new Date(Date.now() - 10 * minute),
        status: 'confirmed',
      },
    ]);
    const response = await reschedule(ada, started ?? 0, businessTime(date, '11:00'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: bookingMessages.rescheduleAfterStart });
  });

  it('answers a retry with the same Idempotency-Key and body as moved, and moves nothing twice', async () => {
    const date = nextDay();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    const key = `move-${booking.id}`;
    const first = await reschedule(ada, booking.id, businessTime(date, '13:00'), key);
    expect(first.statusCode, first.body).toBe(200);
    // Meanwhile another client takes the old time: a replay must still answer, not judge the move anew.
    await bookAt(testApp.app, grace, businessTime(date, '10:00'));
    const retry = await reschedule(ada, booking.id, businessTime(date, '13:00'), key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await events(booking.id)).filter((event) => event.type === 'rescheduled')).toHaveLength(1);

    const otherBody = await reschedule(ada, booking.id, businessTime(date, '15:00'), key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({ message: bookingMessages.rescheduleKeyReused });
    expect((await storedRow(booking.id)).startsAt.toISOString()).toBe(businessTime(date, '13:00'));
    // The same key runs at once: one move, the other a replay.
    const twice = await Promise.all([
      reschedule(ada, booking.id, businessTime(date, '09:00'), `${key}-b`),
      reschedule(ada, booking.id, businessTime(date, '09:00'), `${key}-b`),
    ]);
    expect(twice.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await events(booking.id)).filter((event) => event.type === 'rescheduled')).toHaveLength(2);
  });
});

describe('the change notice (CLIENT_CHANGE_NOTICE_HOURS, 24 by default)', () => {
  /** A confirmed booking of Ada's starting `offset` from now; the service is chosen so that none overlap. */
  async function startingIn(offset: number, serviceId: number): Promise<number> {
    const [id] = await seedBookings(testApp.app, [
      {
        userId: ada.id,
        createdAt: new Date(Date.now() - 48 * hour),
        startsAt: new Date(Date.now() + offset),
        status: 'confirmed',
        serviceId,
      },
    ]);
    if (id === undefined) throw new Error('no booking seeded');
    return id;
  }
  const notice = bookingMessages.changeNoticePassed(24);

  it('lets the client cancel at 24 hours + 1 minute before the start and refuses at 24 hours − 1 minute', async () => {
    const outside = await startingIn(24 * hour + minute, 2);
    const inside = await startingIn(24 * hour - minute, 3);
    const refused = await cancel(ada, inside);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: notice });
    expect((await storedRow(inside)).status).toBe('confirmed');
    const allowed = await cancel(ada, outside);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().booking.status).toBe('cancelled');
  });

  it('lets the client reschedule at 24 hours + 1 minute before the start and refuses at 24 hours − 1 minute', async () => {
    const date = nextDay();
    const outside = await startingIn(24 * hour + minute, 4);
    const inside = await startingIn(24 * hour - minute, 1);
    const refused = await reschedule(ada, inside, businessTime(date, '10:00'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: notice });
    const allowed = await reschedule(ada, outside, businessTime(date, '10:00'));
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('never limits administrators: a status change an hour before, and their own booking moved or cancelled', async () => {
    const soon = await startingIn(hour, 2);
    const changed = await api(testApp.app, 'PUT', `/api/bookings/admin/${soon}/status`, admin, {
      status: 'cancelled',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [own, ownToo] = await seedBookings(testApp.app, [
      {
        userId: admin.id,
        createdAt: new Date(),
        startsAt: new Date(Date.now() + hour),
        status: 'confirmed',
        serviceId: 3,
      },
      {
        userId: admin.id,
        createdAt: new Date(),
        startsAt: new Date(Date.now() + 2 * hour),
        status: 'confirmed',
        serviceId: 4,
      },
    ]);
    const moved = await reschedule(admin, own ?? 0, businessTime(nextDay(), '10:00'));
    expect(moved.statusCode, moved.body).toBe(200);
    // The move's letter tells the administrator the notice that applies to them: none.
    const letter = await capture.waitFor(admin.email, { subject: /has been moved/ });
    expect(letter.text).toContain(bookingRescheduleMessages.outro(0));
    expect((await cancel(admin, ownToo ?? 0)).statusCode).toBe(200);
  });

  it("is told to the web as the caller's: 24 hours for a client, 0 for an administrator, with whether the booking is theirs", async () => {
    const booking = await bookAt(testApp.app, ada, businessTime(nextDay(), '10:00'));
    const own = (await detail(ada, booking.id)).json<BookingDetailResponse>();
    expect(own).toMatchObject({ change_notice_hours: 24, is_owner: true });
    const mine = await api(testApp.app, 'GET', apiPaths.bookings.myBookings, ada);
    expect(mine.json<MyBookingsResponse>().change_notice_hours).toBe(24);

    const byAdmin = (await detail(admin, booking.id)).json<BookingDetailResponse>();
    expect(byAdmin).toMatchObject({ change_notice_hours: 0, is_owner: false });
    const [adminsOwn] = await seedBookings(testApp.app, [{ userId: admin.id, createdAt: new Date() }]);
    const adminsDetail = (await detail(admin, adminsOwn ?? 0)).json<BookingDetailResponse>();
    expect(adminsDetail).toMatchObject({ change_notice_hours: 0, is_owner: true });
    const adminsList = await api(testApp.app, 'GET', apiPaths.bookings.myBookings, admin);
    expect(adminsList.json<MyBookingsResponse>().change_notice_hours).toBe(0);
  });
});

describe('the calendar of a moved booking', () => {
  it('e-mails the client the move with a calendar update: same UID, higher SEQUENCE, the new time', async () => {
    const date = nextDay();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    await confirm(booking);
    const invitation = inviteOf(
      await capture.waitFor(ada.email, {
        subject: new RegExp(`is confirmed — ${booking.confirmation_code}$`),
      }),
    );
    const before = eventOf((await calendarFile(ada, booking.id)).body);
    expect(before.uid).toBe(invitation.event.uid);
    expect(Number(before.sequence)).toBe(Number(invitation.event.sequence));

    expect((await reschedule(ada, booking.id, businessTime(date, '15:00'))).statusCode).toBe(200);
    const mail = await capture.waitFor(ada.email, {
      subject: new RegExp(`^${bookingRescheduleMessages.subject(booking.confirmation_code)}$`),
    });
    expect(mail.text).toContain('It was previously booked for');
    expect(mail.text).toContain('10 AM - 11 AM');
    const update = inviteOf(mail);
    expect(update.method).toBe('REQUEST');
    expect(update.event.uid).toBe(`booking-${booking.id}@localhost`);
    expect(update.event.uid).toBe(invitation.event.uid);
    expect(Number(update.event.sequence)).toBeGreaterThan(Number(invitation.event.sequence));
    expect(update.event.start.toISOString()).toBe(businessTime(date, '15:00'));
    expect(update.event.end?.toISOString()).toBe(businessTime(date, '16:00'));
    expect(update.raw).toContain(`DTSTART;TZID=${zone}:`);

    // The file to download is the same event at the same revision.
    const after = eventOf((await calendarFile(ada, booking.id)).body);
    expect(after.uid).toBe(update.event.uid);
    expect(Number(after.sequence)).toBe(Number(update.event.sequence));
    expect(after.start.toISOString()).toBe(businessTime(date, '15:00'));
  });

  it('raises the SEQUENCE on every reschedule, also of a pending booking, whose file is tentative', async () => {
    const date = nextDay();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    const sequences: number[] = [];
    const first = (await calendarFile(ada, booking.id)).body;
    expect(first).toContain('STATUS:TENTATIVE');
    expect(first).toContain('METHOD:PUBLISH');
    sequences.push(Number(eventOf(first).sequence));
    for (const time of ['11:00', '12:00']) {
      expect((await reschedule(ada, booking.id, businessTime(date, time))).statusCode).toBe(200);
      sequences.push(Number(eventOf((await calendarFile(ada, booking.id)).body).sequence));
    }
    expect(sequences).toEqual([0, 1, 2]);
  });
});

describe('the history', () => {
  it("takes the reviews feature's entries, and shows the latest 100 oldest first", async () => {
    const booking = await bookAt(testApp.app, ada, businessTime(nextDay(), '10:00'));
    await testApp.app.db.insert(bookingEvents).values(
      Array.from({ length: 110 }, (_, index) => ({
        bookingId: booking.id,
        actor: 'client' as const,
        actorUserId: ada.id,
        type: 'reviewed' as const,
        fromStatus: 'pending' as const,
        toStatus: 'pending' as const,
        at: new Date(Date.now() + (index + 1) * minute),
      })),
    );
    const history = (await detail(ada, booking.id)).json<BookingDetailResponse>().history;
    expect(history).toHaveLength(100);
    expect(history.every((entry) => entry.type === 'reviewed')).toBe(true);
    expect(history.map((entry) => entry.at)).toEqual([...history.map((entry) => entry.at)].sort());
  });
});

describe('GET /api/bookings/activity', () => {
  const activity = (client: Client | undefined) => api(testApp.app, 'GET', '/api/bookings/activity', client);

  it('answers 401 signed out', async () => {
    expect((await activity(undefined)).statusCode).toBe(401);
  });

  it("answers the caller's own latest 5 entries across their bookings, newest first, with the booking and service", async () => {
    const lin = await signedInClient(testApp, 'lin@activity.own-booking.test');
    const other = await signedInClient(testApp, 'other@activity.own-booking.test');
    expect((await activity(lin)).json<ActivityResponse>()).toEqual({ activity: [] });

    const date = nextDay();
    const first = await bookAt(testApp.app, lin, businessTime(date, '10:00'));
    const second = await bookAt(testApp.app, lin, businessTime(date, '14:00'), 2);
    await confirm(first);
    await confirm(second);
    expect((await reschedule(lin, first.id, businessTime(date, '11:00'))).statusCode).toBe(200);
    expect((await cancel(lin, first.id)).statusCode).toBe(200);
    // Another client's entry, made last, is never shown to lin.
    const foreign = await bookAt(testApp.app, other, businessTime(nextDay(), '10:00'));

    const response = await activity(lin);
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json<ActivityResponse>().activity;
    // Five of six: the oldest (the first booking's creation) is left out.
    expect(entries.map(({ at: _at, ...entry }) => entry)).toEqual([
      {
        type: 'status_changed',
        from_status: 'confirmed',
        to_status: 'cancelled',
        by: 'client',
        booking_id: first.id,
        service_name: first.services.name,
      },
      {
        type: 'rescheduled',
        from_status: 'confirmed',
        to_status: 'confirmed',
        from_starts_at: businessTime(date, '10:00'),
        starts_at: businessTime(date, '11:00'),
        by: 'client',
        booking_id: first.id,
        service_name: first.services.name,
      },
      {
        type: 'status_changed',
        from_status: 'pending',
        to_status: 'confirmed',
        by: 'admin',
        booking_id: second.id,
        service_name: second.services.name,
      },
      {
        type: 'status_changed',
        from_status: 'pending',
        to_status: 'confirmed',
        by: 'admin',
        booking_id: first.id,
        service_name: first.services.name,
      },
      {
        type: 'created',
        from_status: null,
        to_status: 'pending',
        by: 'client',
        booking_id: second.id,
        service_name: second.services.name,
      },
    ]);
    expect(entries.map((entry) => entry.at)).toEqual([...entries.map((entry) => entry.at)].sort().reverse());
    expect(entries.some((entry) => entry.booking_id === foreign.id)).toBe(false);
    const others = (await activity(other)).json<ActivityResponse>().activity;
    expect(others.map((entry) => entry.booking_id)).toEqual([foreign.id]);
  });
});
