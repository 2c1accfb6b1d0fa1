// The firm's summary of a completed consultation (docs/product.md#the-summary): written by an administrator or the
// booking's consultant, read by its client on the booking's page; the client is told once, the first time.
import { type Booking, bookingMessages, meetingTexts } from '@portal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, consultants } from '../../db/schema.ts';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import type { BookingMailOptions } from '../../lib/mail/booking-calendar.ts';
import { summaryReadyEmail } from '../../lib/mail/meeting-emails.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { findBooking, readableBy } from '../bookings/booking-read-model.ts';
import type { BookingCaller } from '../bookings/bookings.service.ts';

export interface SummaryOptions extends Pick<BookingMailOptions, 'appUrl'> {
  /** The business time zone (BUSINESS_TIMEZONE). */
  timeZone: string;
}

/**
 * Writes the booking's summary (the whole text, replacing the last). Whoever may not read the booking gets a 404,
 * as for the booking; its client (or anyone else of the firm) a 403; a booking that is not completed a 409. The
 * first summary tells the client by e-mail in the same transaction: `summary_notified_at` is set by an UPDATE that
 * only finds the row while it is still null, so of two writers at once exactly one sends the letter, and later
 * edits send nothing.
 */
export async function saveSummary(
  db: Database,
  input: { bookingId: number; summary: string; caller: BookingCaller },
  options: SummaryOptions,
): Promise<Booking> {
  const { bookingId, caller } = input;
  const [row] = await db
    .select({ status: bookings.status, consultantUserId: consultants.userId })
    .from(bookings)
    .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
    .where(readableBy(bookingId, caller));
  if (!row) throw new NotFound(bookingMessages.bookingNotFound);
  const firm =
    caller.role === 'admin' || (caller.role === 'consultant' && row.consultantUserId === caller.id);
  if (!firm) throw new Forbidden(meetingTexts.summaryFirmOnly);
  if (row.status !== 'completed') throw new Conflict(meetingTexts.summaryNotCompleted(row.status));
  await db.transaction(async (tx) => {
    // Still completed: a status changed since the read above is judged here, in the same statement.
    const [written] = await tx
      .update(bookings)
      .set({ summary: input.summary, updatedAt: sql`now()` })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'completed')))
      .returning({ id: bookings.id });
    if (!written) throw new Conflict(meetingTexts.summaryNotCompleted(await statusOf(tx, bookingId)));
    const [first] = await tx
      .update(bookings)
      .set({ summaryNotifiedAt: sql`now()` })
      .where(and(eq(bookings.id, bookingId), isNull(bookings.summaryNotifiedAt)))
      .returning({ id: bookings.id });
    if (first)
      await enqueueMail(tx, summaryReadyEmail(await findBooking(tx, bookingId, options.timeZone), options));
  });
  return findBooking(db, bookingId, options.timeZone);
}

async function statusOf(db: Pick<Database, 'select'>, bookingId: number) {
  const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.status ?? 'cancelled';
}
