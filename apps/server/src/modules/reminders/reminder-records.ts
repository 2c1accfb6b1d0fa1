// Taking back reminders a booking no longer needs: called in every transaction that cancels, moves or otherwise
// takes a booking out of confirmed (docs/decisions/021).
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookingReminders, outbox } from '../../db/schema.ts';

/**
 * Withdraws the booking's reminders whose e-mail is still waiting in the outbox: the e-mail and its record go, so
 * a later confirmation at the same time arms the reminder again. The e-mails are locked first, and the mail
 * worker's claim skips locked rows, so none is both withdrawn and sent; one already in the worker's hands
 * ('sending') or sent stays, and so does its record. How many e-mails were withdrawn.
 */
export async function withdrawReminders(
  tx: Pick<Database, 'select' | 'delete'>,
  bookingId: number,
): Promise<number> {
  const waiting = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .innerJoin(bookingReminders, eq(bookingReminders.outboxId, outbox.id))
    .where(and(eq(bookingReminders.bookingId, bookingId), eq(outbox.status, 'pending')))
    .for('update', { of: outbox });
  const ids = [...new Set(waiting.map((row) => row.id))];
  if (ids.length === 0) return 0;
  await tx.delete(bookingReminders).where(inArray(bookingReminders.outboxId, ids));
  await tx.delete(outbox).where(inArray(outbox.id, ids));
  return ids.length;
}
