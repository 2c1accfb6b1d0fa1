// One booking as its owner manages it: its detail and history, its calendar file, and moving it to another time
// (docs/product.md#statuses; docs/decisions/148, 149 and 108).
import {
  type ActivityResponse,
  type AvailabilityResponse,
  type Booking,
  type BookingDetailResponse,
  type BookingHistoryEntry,
  bookingMessages,
  changeNoticeHoursFor,
  checkSlotStart,
  clientRescheduleRefusal,
  type IsoDate,
  maxBookingHistoryShown,
  maxRecentActivity,
  type RescheduleBookingBody,
} from '@portal/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, transactionRetryingDeadlocks } from '../../db/client.ts';
import { isExclusionViolation } from '../../db/errors.ts';
import { type BookingEventRow, bookingEvents, bookings, services } from '../../db/schema.ts';
import { Conflict, invalidField, NotFound, Unprocessable } from '../../lib/errors.ts';
import { consultationFile } from '../../lib/mail/booking-calendar.ts';
import { rescheduledEmail } from '../../lib/mail/booking-emails.ts';
import { notifyFirm } from '../../lib/mail/firm-emails.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { loadFirmCalendar } from '../calendar/calendar.service.ts';
import { withdrawReminders } from '../reminders/reminder-records.ts';
import { clockNow, slotsOfDay } from './availability.service.ts';
import { findBooking, type Reader, selectBookings, toBooking } from './booking-read-model.ts';
import { actorColumns, calendarHistory } from './booking-status.service.ts';
import type { BookingCaller, BookingSettings } from './bookings.service.ts';
import { applyBuffer, bufferInForce, heldUntil } from './buffer.ts';
import { bookingsChanged, lockServiceDay } from './held-times.ts';

/** The booking's row among its owner's: another user's booking is not found (its existence is not revealed). */
function ownedBy(bookingId: number, ownerId: string): SQL | undefined {
  return and(eq(bookings.id, bookingId), eq(bookings.userId, ownerId));
}

/** The booking's row as the caller may see it: their own, or any for an administrator. */
function visibleTo(bookingId: number, caller: BookingCaller): SQL | undefined {
  return caller.role === 'admin' ? eq(bookings.id, bookingId) : ownedBy(bookingId, caller.id);
}

function toHistoryEntry(event: BookingEventRow): BookingHistoryEntry {
  return {
    at: event.at.toISOString(),
    type: event.type,
    from_status: event.fromStatus,
    to_status: event.toStatus,
    ...(event.fromStartsAt ? { from_starts_at: event.fromStartsAt.toISOString() } : {}),
    ...(event.toStartsAt ? { starts_at: event.toStartsAt.toISOString() } : {}),
    by: event.actor,
  };
}

/**
 * The booking and its latest history (oldest first), for its owner or an administrator, with the change notice the
 * caller is held to and whether it is the caller's own (only the owner may act on it).
 */
export async function bookingDetail(
  db: Database,
  bookingId: number,
  caller: BookingCaller,
  settings: BookingSettings,
): Promise<BookingDetailResponse> {
  const [row] = await selectBookings(db).where(visibleTo(bookingId, caller));
  if (!row) throw new NotFound(bookingMessages.bookingNotFound);
  // The latest entries: an administrator may change a status any number of times.
  const events = await db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(desc(bookingEvents.at), desc(bookingEvents.id))
    .limit(maxBookingHistoryShown);
  return {
    booking: toBooking(row, settings.timeZone),
    history: events.reverse().map(toHistoryEntry),
    change_notice_hours: changeNoticeHoursFor(caller.role, settings.changeNoticeHours),
    is_owner: row.booking.userId === caller.id,
  };
}

/** The user's latest history entries across their own bookings, newest first (the dashboard's Recent Activity). */
export async function recentActivity(db: Database, userId: string): Promise<ActivityResponse> {
  const rows = await db
    .select({ event: bookingEvents, serviceName: services.name })
    .from(bookingEvents)
    .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookingEvents.at), desc(bookingEvents.id))
    .limit(maxRecentActivity);
  return {
    activity: rows.map(({ event, serviceName }) => ({
      ...toHistoryEntry(event),
      booking_id: event.bookingId,
      service_name: serviceName,
    })),
  };
}

/** The owner's booking as an iCalendar file: the same UID as the e-mails, at the revision its history has reached. */
export async function bookingCalendarFile(
  db: Database,
  bookingId: number,
  ownerId: string,
  settings: BookingSettings,
): Promise<string> {
  const [row] = await selectBookings(db).where(ownedBy(bookingId, ownerId));
  if (!row) throw new NotFound(bookingMessages.bookingNotFound);
  return consultationFile(toBooking(row, settings.timeZone), await calendarHistory(db, bookingId), settings);
}

/**
 * The day's slots the owner's booking could move to: its own duration (the price snapshot's), and its own hold not
 * counted, so that a move overlapping its current time is offered (the current slot itself stays marked by the web).
 */
export async function rescheduleAvailability(
  db: Database,
  bookingId: number,
  ownerId: string,
  date: IsoDate,
  timeZone: string,
): Promise<AvailabilityResponse> {
  const [row] = await db
    .select({
      serviceId: bookings.serviceId,
      durationMinutes: bookings.durationMinutes,
      startsAt: bookings.startsAt,
    })
    .from(bookings)
    .where(ownedBy(bookingId, ownerId));
  if (!row) throw new NotFound(bookingMessages.bookingNotFound);
  return slotsOfDay(db, { ...row, movingFrom: row.startsAt }, date, clockNow(timeZone));
}

/** A move as the owner asked for it. */
interface RescheduleInput {
  bookingId: number;
  startsAt: Date;
  idempotencyKey: string | undefined;
}

export interface Rescheduled {
  booking: Booking;
  /** False when an earlier request with the same Idempotency-Key moved it (a replay). */
  moved: boolean;
}

/** An earlier reschedule of this booking with this key: the same new start replays it, another is a 422. */
async function earlierReschedule(tx: Reader, input: RescheduleInput): Promise<boolean> {
  if (input.idempotencyKey === undefined) return false;
  const [event] = await tx
    .select({ toStartsAt: bookingEvents.toStartsAt })
    .from(bookingEvents)
    .where(
      and(
        eq(bookingEvents.bookingId, input.bookingId),
        eq(bookingEvents.idempotencyKey, input.idempotencyKey),
      ),
    );
  if (!event) return false;
  if (event.toStartsAt?.getTime() !== input.startsAt.getTime()) {
    throw new Unprocessable(bookingMessages.rescheduleKeyReused);
  }
  return true;
}

/**
 * The owner moves a pending or confirmed booking, not started and outside the change notice, to another slot that
 * follows every rule of a new booking. One transaction: the row's times change in place, so the old time is freed
 * and the new one held at once, under the same exclusion constraint as a new booking (409 when taken); the move is
 * recorded in the history with both starts, and the client's e-mail with the calendar update and the firm's notice
 * go to the outbox.
 * The id, price snapshot, confirmation code and status stay.
 */
export async function rescheduleOwnBooking(
  db: Database,
  caller: BookingCaller,
  bookingId: number,
  body: RescheduleBookingBody,
  idempotencyKey: string | undefined,
  settings: BookingSettings,
): Promise<Rescheduled> {
  const input: RescheduleInput = { bookingId, startsAt: new Date(body.startsAt), idempotencyKey };
  const clock = clockNow(settings.timeZone);
  const changeNoticeHours = changeNoticeHoursFor(caller.role, settings.changeNoticeHours);
  const calendar = await loadFirmCalendar(db);
  let moved: boolean;
  try {
    moved = await transactionRetryingDeadlocks(db, async (tx) => {
      const bufferMinutes = await bufferInForce(tx);
      const [row] = await tx
        .select({
          id: bookings.id,
          status: bookings.status,
          startsAt: bookings.startsAt,
          durationMinutes: bookings.durationMinutes,
          serviceId: bookings.serviceId,
        })
        .from(bookings)
        .where(ownedBy(bookingId, caller.id))
        .for('update');
      if (!row) throw new NotFound(bookingMessages.bookingNotFound);
      // Under the row lock a retry finds what its first attempt did, before any rule could judge it anew.
      if (await earlierReschedule(tx, input)) return false;
      const refusal = clientRescheduleRefusal(row.status, row.startsAt, clock.now, changeNoticeHours);
      if (refusal) throw new Conflict(refusal);
      if (row.startsAt.getTime() === input.startsAt.getTime()) {
        throw invalidField('startsAt', bookingMessages.rescheduleSameSlot);
      }
      // The booked duration (the price snapshot's), on the calendar as it is now.
      const check = checkSlotStart(input.startsAt, {
        durationMinutes: row.durationMinutes,
        ...clock,
        calendar,
      });
      if (!check.ok) throw invalidField('startsAt', check.message);
      const endsAt = new Date(check.slot.ends_at);
      const blockedUntil = heldUntil(endsAt, bufferMinutes);

      const previous = await findBooking(tx, row.id, clock.timeZone);
      await lockServiceDay(tx, row.serviceId, input.startsAt, clock.timeZone);
      await applyBuffer(tx, bufferMinutes, { serviceId: row.serviceId, startsAt: input.startsAt });
      await tx
        .update(bookings)
        .set({ startsAt: input.startsAt, endsAt, blockedUntil, updatedAt: sql`now()` })
        .where(eq(bookings.id, row.id));
      await withdrawReminders(tx, row.id);
      await tx.insert(bookingEvents).values({
        bookingId: row.id,
        ...actorColumns({ kind: 'client', userId: caller.id }),
        type: 'rescheduled',
        fromStatus: row.status,
        toStatus: row.status,
        fromStartsAt: row.startsAt,
        toStartsAt: input.startsAt,
        idempotencyKey: input.idempotencyKey ?? null,
      });
      const booking = await findBooking(tx, row.id, clock.timeZone);
      const history = await calendarHistory(tx, row.id);
      await enqueueMail(tx, rescheduledEmail(booking, previous, history, { ...settings, changeNoticeHours }));
      await notifyFirm(tx, { kind: 'rescheduledByClient', booking, previous }, settings);
      return true;
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw new Conflict(bookingMessages.slotTaken);
    throw error;
  } finally {
    bookingsChanged(db);
  }
  return { booking: await findBooking(db, bookingId, clock.timeZone), moved };
}
