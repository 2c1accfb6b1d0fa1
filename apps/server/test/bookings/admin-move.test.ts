// An administrator moves a client's booking with the client's own routes (docs/product.md#administration): any
// active booking not started, to any slot a new booking could take, whatever the change notice; the history says
// the firm moved it and the client's letter, with its calendar update, says so too. A client stays limited to
// their own booking and the notice. The letters are read back from the in-process SMTP server and the outbox.
import {
  type AvailabilityResponse,
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  bookingMessages,
  bookingRescheduleMessages,
  defaultBusinessTimeZone,
  firmNoticeMessages,
  historySentence,
  longDate,
} from '@portal/domain';
import { and, asc, eq, like } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, outbox } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { api, appUrl as portalOrigin } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';
import { bookAt, businessTime, type Client, dayAllocator, pastWeekday, signedInClient } from './clients.ts';

const zone = defaultBusinessTimeZone;
const hour = 3_600_000;

let testApp: TestApp;
let capture: MailCapture;
let ada: Client;
let grace: Client;
let admin: Client;
const nextDay = dayAllocator(3);

beforeAll(async () => {
  capture = await startMailCapture();
  // The default change notice (24 hours) holds the client; the administrator is not held to it.
  testApp = await buildTestApp({
    env: {
      SMTP_URL: capture.url,
      MAX_PENDING_BOOKINGS_PER_CLIENT: '1000',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    },
    mail: { pollIntervalMs: 50, retryBaseMs: 100, retryCapMs: 400 },
  });
  ada = await signedInClient(testApp, 'ada@admin-move.test', { firstName: 'Ada', lastName: 'Lovelace' });
  grace = await signedInClient(testApp, 'grace@admin-move.test');
  admin = await signedInAdmin(testApp, 'admin@admin-move.test');
});
afterAll(async () => {
  await testApp?.close();
  await capture?.close();
});

function move(caller: Client, id: number, startsAt: string, key?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: apiPaths.bookings.reschedule(id),
    headers: {
      'content-type': 'application/json',
      origin: portalOrigin,
      cookie: caller.cookie,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: JSON.stringify({ startsAt }),
  });
}

/** A confirmed booking of Ada's starting `offset` from now (inside the client's notice when under 24 hours). */
async function adasBookingIn(offset: number, status: Booking['status'] = 'confirmed'): Promise<number> {
  const [id] = await seedBookings(testApp.app, [
    {
      userId: ada.id,
      createdAt: new Date(Date.now() - 48 * hour),
      startsAt: new Date(Date.now() + offset),
      status,
      serviceId: 2,
    },
  ]);
  if (id === undefined) throw new Error('no booking seeded');
  return id;
}

async function startOf(id: number): Promise<string> {
  const [row] = await testApp.app.db
    .select({ startsAt: bookings.startsAt })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row?.startsAt.toISOString() ?? '';
}

async function moves(id: number) {
  return testApp.app.db
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.type, 'rescheduled')))
    .orderBy(asc(bookingEvents.id));
}

/** The outbox's letters whose subject ends with the booking's code (written in the move's transaction). */
async function lettersAbout(code: string) {
  return testApp.app.db
    .select({ to: outbox.to, subject: outbox.subject })
    .from(outbox)
    .where(like(outbox.subject, `%${code}`));
}

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

describe("an administrator moves a client's booking", () => {
  it('inside the change notice, which refuses the client the same move; the history and the letter name the firm', async () => {
    const id = await adasBookingIn(3 * hour);
    const before = await startOf(id);
    const date = nextDay();
    const target = businessTime(date, '10:00');

    const byClient = await move(ada, id, target);
    expect(byClient.statusCode).toBe(409);
    expect(byClient.json()).toEqual({ message: bookingMessages.changeNoticePassed(24) });
    expect(await startOf(id)).toBe(before);

    const byAdmin = await move(admin, id, target);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const moved = byAdmin.json<{ booking: Booking }>().booking;
    expect(moved).toMatchObject({ id, status: 'confirmed', starts_at: target, booking_date: date });
    expect(await startOf(id)).toBe(target);

    const [event] = await moves(id);
    expect(event).toMatchObject({
      actor: 'admin',
      actorUserId: admin.id,
      fromStartsAt: new Date(before),
      toStartsAt: new Date(target),
    });
    // The client's page says the firm moved it.
    const detail = (
      await api(testApp.app, 'GET', apiPaths.bookings.booking(id), ada)
    ).json<BookingDetailResponse>();
    const entry = detail.history.at(-1);
    if (!entry) throw new Error('no history');
    expect(entry).toMatchObject({ type: 'rescheduled', by: 'admin', starts_at: target });
    expect(historySentence(entry, zone)).toMatch(/ by the firm$/);

    // The client's letter: moved by the firm, the calendar update at the new time, and (the new time being outside
    // the client's notice) the client's own changes still promised, with the client's notice, not the firm's.
    const letter = await capture.waitFor(ada.email, {
      subject: new RegExp(`^${bookingRescheduleMessages.subject(moved.confirmation_code)}$`),
    });
    expect(letter.text).toContain(
      `OT Consulting moved your ${moved.services.name} consultation to a new time.`,
    );
    expect(letter.text).not.toContain('as you asked');
    expect(letter.text).toContain(bookingRescheduleMessages.outro(24));
    const part = letter.attachments.find((candidate) => candidate.contentType === 'text/calendar');
    expect(part?.method).toBe('REQUEST');
    const update = eventOf(part?.content ?? '');
    expect(update.start.toISOString()).toBe(target);
    expect(update.uid).toBe(`booking-${id}@localhost`);
    // The firm made the move: no notice of a client's move goes to it.
    const letters = await lettersAbout(moved.confirmation_code);
    expect(letters).toEqual([
      { to: ada.email, subject: bookingRescheduleMessages.subject(moved.confirmation_code) },
    ]);
    expect(letters.map((one) => one.subject)).not.toContain(
      firmNoticeMessages.subject.rescheduledByClient(moved.confirmation_code),
    );
  });

  it('refuses a taken slot, a closed day, the past, a cancelled or completed booking and one that has started', async () => {
    const date = nextDay();
    const graces = await bookAt(testApp.app, grace, businessTime(date, '10:00'));
    const adas = await bookAt(testApp.app, ada, businessTime(date, '13:00'));

    const taken = await move(admin, adas.id, businessTime(date, '10:00'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: bookingMessages.slotTaken });

    const closed = nextDay();
    const closure = await api(testApp.app, 'POST', apiPaths.schedule.closures, admin, {
      startDate: closed,
      endDate: closed,
      reason: 'Holiday',
    });
    expect(closure.statusCode, closure.body).toBe(201);
    const onClosed = await move(admin, adas.id, businessTime(closed, '10:00'));
    expect(onClosed.statusCode).toBe(400);
    expect(onClosed.json().errors).toEqual([
      { path: 'startsAt', msg: bookingMessages.slotOnClosedDate(longDate(closed), 'Holiday') },
    ]);

    const past = await move(admin, adas.id, businessTime(pastWeekday(), '10:00'));
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ path: 'startsAt', msg: bookingMessages.slotInPast }]);

    for (const status of ['cancelled', 'completed'] as const) {
      const id = await adasBookingIn(10 * 24 * hour, status);
      const refused = await move(admin, id, businessTime(date, '15:00'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: bookingMessages.onlyActiveReschedulable(status) });
    }
    const started = await adasBookingIn(-10 * 60_000);
    const afterStart = await move(admin, started, businessTime(date, '15:00'));
    expect(afterStart.statusCode).toBe(409);
    expect(afterStart.json()).toEqual({ message: bookingMessages.rescheduleAfterStart });

    // Nothing moved.
    expect(await startOf(adas.id)).toBe(adas.starts_at);
    expect(await startOf(graces.id)).toBe(graces.starts_at);
  });

  it('answers a retry with the same Idempotency-Key as moved, and moves and writes nothing twice', async () => {
    const date = nextDay();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    const key = 'admin-move-retry';
    const first = await move(admin, booking.id, businessTime(date, '14:00'), key);
    expect(first.statusCode, first.body).toBe(200);
    const retry = await move(admin, booking.id, businessTime(date, '14:00'), key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await moves(booking.id)).toHaveLength(1);
    const moveLetters = (await lettersAbout(booking.confirmation_code)).filter(
      (letter) => letter.subject === bookingRescheduleMessages.subject(booking.confirmation_code),
    );
    expect(moveLetters).toHaveLength(1);
    const otherTime = await move(admin, booking.id, businessTime(date, '15:00'), key);
    expect(otherTime.statusCode).toBe(422);
    expect(otherTime.json()).toEqual({ message: bookingMessages.rescheduleKeyReused });
  });
});

describe('who may see the times a booking could move to, and move it', () => {
  it("answers an administrator for any booking; another client's booking stays 404 to a client", async () => {
    const date = nextDay();
    const booking = await bookAt(testApp.app, ada, businessTime(date, '10:00'));
    const path = `${apiPaths.bookings.rescheduleAvailability(booking.id)}?date=${date}`;

    const byAdmin = await api(testApp.app, 'GET', path, admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const slots = byAdmin.json<AvailabilityResponse>().slots;
    // The booking's own time is not counted as taken, as for its owner.
    expect(slots.find((slot) => slot.starts_at === booking.starts_at)?.available).toBe(true);
    expect(byAdmin.json()).toEqual((await api(testApp.app, 'GET', path, ada)).json());

    const byOther = await api(testApp.app, 'GET', path, grace);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual({ message: bookingMessages.bookingNotFound });
    const movedByOther = await move(grace, booking.id, businessTime(date, '11:00'));
    expect(movedByOther.statusCode).toBe(404);
    expect(movedByOther.json()).toEqual({ message: bookingMessages.bookingNotFound });
    expect(await startOf(booking.id)).toBe(booking.starts_at);
  });
});
