// A client's own changes to their booking: cancelling it, and moving it to another time, which an administrator may
// also do to any booking (docs/product.md#statuses; docs/decisions/015). Each change, its history entry and its e-mails (the client's letter, the firm's notice)
// commit together.
import {
  type Booking,
  bookingMessages,
  changeNoticeHoursFor,
  checkSlotStart,
  clientCancelRefusal,
  clientRescheduleRefusal,
  type RescheduleBookingBody,
} from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, transactionRetryingDeadlocks } from '../../db/client.ts';
import { isExclusionViolation } from '../../db/errors.ts';
import { bookingEvents, bookings, users } from '../../db/schema.ts';
import { Conflict, invalidField, NotFound, Unprocessable } from '../../lib/errors.ts';
import { rescheduledEmail, statusChangeEmail } from '../../lib/mail/booking-emails.ts';
import { notifyFirm } from '../../lib/mail/firm-emails.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { withdrawReminders } from '../reminders/reminder-records.ts';
import { loadScheduleWithClosures } from '../schedule/schedule.service.ts';
import { consultantForMove } from './assignment.ts';
import { clockNow } from './availability.service.ts';
import { findBooking, ownedBy, type Reader, visibleTo } from './booking-read-model.ts';
import { actorColumns, calendarHistory, recordStatusChange } from './booking-status.service.ts';
import type { BookingCaller, BookingSettings } from './bookings.service.ts';
import { applyBuffer, bufferInForce, heldUntil } from './buffer.ts';
import { bookingsChanged, lockConsultantDays } from './held-times.ts';

/**
 * The owner cancels a confirmed booking that has not started, until the change notice before it, and the client's
 * letter (with the calendar cancellation) and the firm's notice go to the outbox in the same transaction. Another
 * user's booking is not found (its existence is not revealed); any other status, a start already past, or a start
 * within the notice is a 409.
 */
export async function cancelOwnBooking(
  db: Database,
  caller: BookingCaller,
  bookingId: number,
  settings: BookingSettings,
): Promise<Booking> {
  const clock = clockNow(settings.timeZone);
  const userId = caller.id;
  const changeNoticeHours = changeNoticeHoursFor(caller.role, settings.changeNoticeHours);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: bookings.id,
        status: bookings.status,
        startsAt: bookings.startsAt,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .where(ownedBy(bookingId, userId))
      .for('update');
    if (!row) throw new NotFound(bookingMessages.bookingNotFound);
    const refusal = clientCancelRefusal(row.status, row.startsAt, clock.now, changeNoticeHours);
    if (refusal) throw new Conflict(refusal);
    const issued = await recordStatusChange(tx, row, 'cancelled', { kind: 'client', userId }, settings);
    const booking = await findBooking(tx, row.id, clock.timeZone);
    const history = await calendarHistory(tx, row.id);
    const letter = statusChangeEmail(booking, history, settings, 'cancelledByClient');
    if (letter) await enqueueMail(tx, { ...letter, ...issued });
    await notifyFirm(tx, booking, settings);
  });
  bookingsChanged(db);
  return findBooking(db, bookingId, clock.timeZone);
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
 * Moves a pending or confirmed booking, not started, to another slot that follows every rule of a new booking: the
 * owner their own, outside the change notice; an administrator any booking, whatever the notice (docs/product.md#
 * administration). One transaction: the row's times change in place, so the old time is freed and the new one held
 * at once, under the same exclusion constraint as a new booking (409 when taken); the move is recorded in the
 * history with both starts and who moved it, and the client's e-mail with the calendar update goes to the outbox,
 * with the firm's notice when the client moved it.
 * The id, price snapshot, confirmation code and status stay, and the consultant unless `consultantId` names another
 * of the service (400 when they do not deliver it; 409 when the consultant is busy, away or out of their hours).
 */
export async function rescheduleBooking(
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
  const scheduleWithClosures = await loadScheduleWithClosures(db);
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
          consultantId: bookings.consultantId,
          userId: bookings.userId,
          ownerRole: users.role,
        })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.userId))
        .where(visibleTo(bookingId, caller))
        .for('update', { of: bookings });
      if (!row) throw new NotFound(bookingMessages.bookingNotFound);
      // Under the row lock a retry finds what its first attempt did, before any rule could judge it anew.
      if (await earlierReschedule(tx, input)) return false;
      const refusal = clientRescheduleRefusal(row.status, row.startsAt, clock.now, changeNoticeHours);
      if (refusal) throw new Conflict(refusal);
      if (row.startsAt.getTime() === input.startsAt.getTime()) {
        throw invalidField('startsAt', bookingMessages.rescheduleSameSlot);
      }
      // The booked duration (the price snapshot's), on the schedule as it is now.
      const check = checkSlotStart(input.startsAt, {
        durationMinutes: row.durationMinutes,
        ...clock,
        scheduleWithClosures,
      });
      if (!check.ok) throw invalidField('startsAt', check.message);
      const endsAt = new Date(check.slot.ends_at);
      const blockedUntil = heldUntil(endsAt, bufferMinutes);
      // It keeps its consultant unless another is asked for; either must deliver the service and be there then.
      const consultantId = await consultantForMove(
        tx,
        row.serviceId,
        body.consultantId ?? row.consultantId,
        body.consultantId !== undefined,
        check.date,
        check.slot,
      );
      // An administrator moving someone else's booking acts as the firm; on their own booking, as its client.
      const byFirm = row.userId !== caller.id;

      const previous = await findBooking(tx, row.id, clock.timeZone);
      await lockConsultantDays(tx, [consultantId], input.startsAt, clock.timeZone);
      await applyBuffer(tx, bufferMinutes, { consultantIds: [consultantId], startsAt: input.startsAt });
      await tx
        .update(bookings)
        .set({
          startsAt: input.startsAt,
          endsAt,
          blockedUntil,
          consultantId,
          updatedAt: sql`now()`,
        })
        .where(eq(bookings.id, row.id));
      await withdrawReminders(tx, row.id);
      await tx.insert(bookingEvents).values({
        bookingId: row.id,
        ...actorColumns({ kind: byFirm ? 'admin' : 'client', userId: caller.id }),
        type: 'rescheduled',
        fromStatus: row.status,
        toStatus: row.status,
        fromStartsAt: row.startsAt,
        toStartsAt: input.startsAt,
        idempotencyKey: input.idempotencyKey ?? null,
      });
      const booking = await findBooking(tx, row.id, clock.timeZone);
      const history = await calendarHistory(tx, row.id);
      // The letter's promise of further changes follows the notice its reader, the client, is held to.
      const clientNotice = changeNoticeHoursFor(
        row.ownerRole === 'admin' ? 'admin' : 'client',
        settings.changeNoticeHours,
      );
      await enqueueMail(
        tx,
        rescheduledEmail(booking, previous, history, {
          ...settings,
          changeNoticeHours: clientNotice,
          now: clock.now,
          movedBy: byFirm ? 'firm' : 'client',
        }),
      );
      if (!byFirm) await notifyFirm(tx, booking, settings);
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
