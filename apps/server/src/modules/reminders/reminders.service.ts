// Reminders before confirmed consultations, exactly once across every server process (docs/decisions/021): due
// from the booking's stored start, claimed by locking the booking's row, and recorded in the transaction that puts
// the e-mail in the outbox (docs/decisions/021). A process killed mid-way rolls back: nothing recorded, nothing
// sent, due again.
import { dueReminders, reminderStartBounds, reminderToSend } from '@portal/domain';
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { type Database, transactionRetryingDeadlocks } from '../../db/client.ts';
import { bookingReminders, bookings } from '../../db/schema.ts';
import type { BookingMailOptions } from '../../lib/mail/booking-calendar.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { reminderEmail } from '../../lib/mail/reminder-email.ts';
import { findBooking } from '../bookings/booking-read-model.ts';
import { signedCalendarUrl } from '../bookings/calendar-link.ts';

export interface ReminderOptions extends BookingMailOptions {
  /** REMINDER_HOURS: hours before the start, largest first. */
  reminderHours: number[];
  /** The business time zone: the e-mail's times and the calendar event's zone. */
  timeZone: string;
  /** The key of the reminder's signed calendar link (calendarLinkKey). */
  calendarLinkKey: Buffer;
}

/** Bookings one query looks at; a pass queries again while it finds a full batch. */
const batchSize = 100;

/**
 * Confirmed bookings with a reminder due at `now` and not recorded for their current start, soonest first: the
 * same rule as `dueReminders`, as a query on the index of active bookings by start (`bookings_upcoming_idx`).
 */
export function bookingsWithDueReminders(
  db: Database,
  now: Date,
  reminderHours: readonly number[],
  limit = batchSize,
) {
  const bounds = reminderStartBounds(now, reminderHours);
  const at = sql`${now.toISOString()}::timestamptz`;
  // No reminder hours: a list of none matches nothing (`values` needs a row).
  const hours = sql.join(
    (reminderHours.length > 0 ? reminderHours : [0]).map((value) => sql`(${value}::int)`),
    sql`, `,
  );
  return db
    .select({ id: bookings.id, startsAt: bookings.startsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gt(bookings.startsAt, bounds.after),
        lte(bookings.startsAt, bounds.until),
        sql`exists (select 1 from (values ${hours}) as reminder(hours)
          where ${bookings.startsAt} - make_interval(hours => reminder.hours) <= ${at}
          and not exists (select 1 from ${bookingReminders}
            where ${bookingReminders.bookingId} = ${bookings.id}
            and ${bookingReminders.startsAt} = ${bookings.startsAt}
            and ${bookingReminders.hours} = reminder.hours))`,
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(limit);
}

/**
 * Sends the booking's due reminder, if it still has one, in one transaction: lock the booking's row (skipping it
 * when another process holds it: that process is sending it, or changing the booking), judge it again, record
 * every due reminder hours for this start (one e-mail covers several due at once), and enqueue the e-mail. True
 * when an e-mail was enqueued.
 */
export async function sendDueReminder(
  db: Database,
  bookingId: number,
  now: Date,
  options: ReminderOptions,
): Promise<boolean> {
  return transactionRetryingDeadlocks(db, async (tx) => {
    const [row] = await tx
      .select({ id: bookings.id, status: bookings.status, startsAt: bookings.startsAt })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update', { skipLocked: true });
    if (!row) return false;
    const sent = await tx
      .select({ startsAt: bookingReminders.startsAt, hours: bookingReminders.hours })
      .from(bookingReminders)
      .where(and(eq(bookingReminders.bookingId, row.id), eq(bookingReminders.startsAt, row.startsAt)));
    const due = dueReminders(row, now, options.reminderHours, sent);
    if (reminderToSend(due) === undefined) return false;
    const recorded = await tx
      .insert(bookingReminders)
      .values(due.map((hours) => ({ bookingId: row.id, startsAt: row.startsAt, hours })))
      .onConflictDoNothing()
      .returning({ hours: bookingReminders.hours });
    // Under the row lock nobody else can record them; if someone did, sending would be a second reminder.
    if (recorded.length !== due.length) throw new Error(`Reminder of booking ${row.id} recorded meanwhile`);
    const booking = await findBooking(tx, row.id, options.timeZone);
    // The calendar file's link works without a session (a phone), until the consultation ends.
    const calendarUrl = signedCalendarUrl(
      options.appUrl,
      options.calendarLinkKey,
      row.id,
      new Date(booking.ends_at),
    );
    const mail = await enqueueMail(tx, reminderEmail(booking, { ...options, calendarUrl }));
    await tx
      .update(bookingReminders)
      .set({ outboxId: mail.id })
      .where(
        and(
          eq(bookingReminders.bookingId, row.id),
          eq(bookingReminders.startsAt, row.startsAt),
          inArray(bookingReminders.hours, due),
          isNull(bookingReminders.outboxId),
        ),
      );
    return true;
  });
}

/**
 * One pass: every booking with a due reminder at `now` gets it, each in its own transaction. Stops between
 * batches when `stopping` says so (a shutdown). How many reminders were enqueued.
 */
export async function sendDueReminders(
  db: Database,
  options: ReminderOptions,
  now = new Date(),
  stopping: () => boolean = () => false,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await bookingsWithDueReminders(db, now, options.reminderHours);
    let sentNow = 0;
    for (const booking of due) {
      if (await sendDueReminder(db, booking.id, now, options)) sentNow += 1;
    }
    sent += sentNow;
    // A short batch was the last; a batch with nothing sent is held by other processes (their rows are locked).
    if (due.length < batchSize || sentNow === 0 || stopping()) return sent;
  }
}
