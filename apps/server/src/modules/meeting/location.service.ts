// Where the firm meets the client instead of the booking's video room (docs/product.md#where-the-meeting-happens):
// an administrator sets a location or clears it. The change, its history entry and, for a confirmed booking, the
// client's letter with the calendar update commit together.
import { type Booking, bookingMessages } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { type Database, transactionRetryingDeadlocks } from '../../db/client.ts';
import { bookingEvents, bookings } from '../../db/schema.ts';
import { NotFound } from '../../lib/errors.ts';
import type { BookingMailOptions } from '../../lib/mail/booking-calendar.ts';
import { locationChangedEmail } from '../../lib/mail/meeting-emails.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { findBooking } from '../bookings/booking-read-model.ts';
import { actorColumns, calendarHistory } from '../bookings/booking-status.service.ts';
import { withdrawReminders } from '../reminders/reminder-records.ts';

export interface LocationChangeOptions extends BookingMailOptions {
  /** The business time zone (BUSINESS_TIMEZONE): the letter's times and the calendar event's zone. */
  timeZone: string;
  /** Called when a confirmed booking's waiting reminders were withdrawn: the next pass writes them anew. */
  remindersWithdrawn?: () => void;
}

/**
 * Sets the booking's location (null: none, its room again), recorded in its history as the firm's. A confirmed
 * booking's client is sent the calendar update (same UID, the next SEQUENCE: the history entry counts) with a short
 * letter, and a reminder still waiting in the outbox is withdrawn so that it is written again with the new place.
 * The location it already has changes, records and sends nothing. An unknown booking is a 404.
 */
export async function setBookingLocation(
  db: Database,
  input: { bookingId: number; location: string | null; actorUserId: string },
  options: LocationChangeOptions,
): Promise<Booking> {
  const withdrawn = await transactionRetryingDeadlocks(db, async (tx) => {
    const [row] = await tx
      .select({ id: bookings.id, status: bookings.status, location: bookings.location })
      .from(bookings)
      .where(eq(bookings.id, input.bookingId))
      .for('update');
    if (!row) throw new NotFound(bookingMessages.bookingNotFound);
    if (row.location === input.location) return 0;
    await tx
      .update(bookings)
      .set({ location: input.location, updatedAt: sql`now()` })
      .where(eq(bookings.id, row.id));
    await tx.insert(bookingEvents).values({
      bookingId: row.id,
      ...actorColumns({ kind: 'admin', userId: input.actorUserId }),
      type: 'location_changed',
      fromStatus: row.status,
      toStatus: row.status,
    });
    // Before it is confirmed the client has no place to be told of: the confirmation will carry it.
    if (row.status !== 'confirmed') return 0;
    const booking = await findBooking(tx, row.id, options.timeZone);
    await enqueueMail(tx, locationChangedEmail(booking, await calendarHistory(tx, row.id), options));
    return withdrawReminders(tx, row.id);
  });
  if (withdrawn > 0) options.remindersWithdrawn?.();
  return findBooking(db, input.bookingId, options.timeZone);
}
