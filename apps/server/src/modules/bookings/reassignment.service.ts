// The firm moves a booking to another consultant (docs/product.md#administration): the same time, another person.
// The move, its history entry and the letters (the client's, and one to each consultant) commit together.
import { type Booking, bookingMessages, reassignRefusal, zonedDate, zonedTime } from '@portal/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Database, transactionRetryingDeadlocks } from '../../db/client.ts';
import { isExclusionViolation } from '../../db/errors.ts';
import { bookingEvents, bookings, consultants } from '../../db/schema.ts';
import { Conflict, invalidField, NotFound } from '../../lib/errors.ts';
import { reassignedEmail } from '../../lib/mail/booking-emails.ts';
import { consultantReassignmentEmail } from '../../lib/mail/firm-emails.ts';
import { receivesMail } from '../../lib/mail/firm-recipients.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { consultantForMove } from './assignment.ts';
import { clockNow } from './availability.service.ts';
import { findBooking } from './booking-read-model.ts';
import { actorColumns, calendarHistory, type StatusChangeOptions } from './booking-status.service.ts';
import { applyBuffer, bufferInForce, heldUntil } from './buffer.ts';
import { bookingsChanged, lockConsultantDays } from './held-times.ts';

/**
 * Moves a pending or confirmed booking that has not started to another consultant of its service, at the same
 * time, in one transaction under both consultants' day locks (ascending id, as every booking's writer takes them).
 * The new consultant must deliver the service and be active (400 naming `consultantId`), be there then and free,
 * buffer included (409 'This time slot is no longer available'; the exclusion constraint decides). The same
 * consultant is a 400; another status or a start already past a 409. The history records both names, and the
 * client and both consultants are written to.
 */
export async function reassignBooking(
  db: Database,
  input: { bookingId: number; consultantId: number; actorUserId: string },
  options: StatusChangeOptions,
): Promise<Booking> {
  const clock = clockNow(options.timeZone);
  try {
    await transactionRetryingDeadlocks(db, async (tx) => {
      const bufferMinutes = await bufferInForce(tx);
      const [row] = await tx
        .select({
          id: bookings.id,
          status: bookings.status,
          startsAt: bookings.startsAt,
          endsAt: bookings.endsAt,
          serviceId: bookings.serviceId,
          consultantId: bookings.consultantId,
        })
        .from(bookings)
        .where(eq(bookings.id, input.bookingId))
        .for('update');
      if (!row) throw new NotFound(bookingMessages.bookingNotFound);
      const refusal = reassignRefusal(row.status, row.startsAt, clock.now);
      if (refusal) throw new Conflict(refusal);
      if (row.consultantId === input.consultantId) {
        throw invalidField('consultantId', bookingMessages.reassignSameConsultant);
      }
      const start = zonedTime(row.startsAt, clock.timeZone);
      const end = zonedTime(row.endsAt, clock.timeZone);
      const slot = {
        start_time: start,
        end_time: end,
        label: `${start} - ${end}`,
        starts_at: row.startsAt.toISOString(),
        ends_at: row.endsAt.toISOString(),
      };
      const consultantId = await consultantForMove(
        tx,
        row.serviceId,
        input.consultantId,
        true,
        zonedDate(row.startsAt, clock.timeZone),
        slot,
      );
      // Both days (one date): the leaving consultant's too, so their schedule is read whole by its other writers.
      await lockConsultantDays(tx, [row.consultantId, consultantId], row.startsAt, clock.timeZone);
      await applyBuffer(tx, bufferMinutes, { consultantIds: [consultantId], startsAt: row.startsAt });
      const people = await tx
        .select({ id: consultants.id, name: consultants.name, email: consultants.email })
        .from(consultants)
        .where(inArray(consultants.id, [row.consultantId, consultantId]));
      const from = people.find((person) => person.id === row.consultantId);
      const to = people.find((person) => person.id === consultantId);
      if (!from || !to) throw new Error(`Consultants of booking ${row.id} vanished`);
      await tx
        .update(bookings)
        .set({ consultantId, blockedUntil: heldUntil(row.endsAt, bufferMinutes), updatedAt: sql`now()` })
        .where(eq(bookings.id, row.id));
      const history = await calendarHistory(tx, row.id);
      await tx.insert(bookingEvents).values({
        bookingId: row.id,
        ...actorColumns({ kind: 'admin', userId: input.actorUserId }),
        type: 'reassigned',
        fromStatus: row.status,
        toStatus: row.status,
        fromConsultantName: from.name,
        toConsultantName: to.name,
      });
      const booking = await findBooking(tx, row.id, clock.timeZone);
      const revision = await calendarHistory(tx, row.id);
      const letters = [
        reassignedEmail(
          booking,
          from.name,
          to.name,
          history.invited ? { history: revision, options } : undefined,
        ),
        ...(receivesMail(from.email) ? [consultantReassignmentEmail(booking, 'left', from, to.name)] : []),
        ...(receivesMail(to.email) ? [consultantReassignmentEmail(booking, 'joined', to, from.name)] : []),
      ];
      for (const letter of letters) {
        await enqueueMail(tx, letter);
      }
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw new Conflict(bookingMessages.slotTaken);
    throw error;
  } finally {
    bookingsChanged(db);
  }
  return findBooking(db, input.bookingId, clock.timeZone);
}
