// The unread counts of the booking lists (docs/product.md#the-bookings-conversation): for each booking of a page,
// the messages of the other side after the caller's read marker. One query for the whole page, whichever list.
import type { Booking } from '@portal/domain';
import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookingMessageReads, bookingMessages, bookings } from '../../db/schema.ts';

/**
 * The bookings with `unread_messages` filled for the caller: the messages the other side wrote after the caller last
 * read the thread. The other side is the firm for the booking's owner and the client for anyone else (an
 * administrator, the booking's consultant), so the caller's own messages, and their side's, never count.
 */
export async function withUnreadMessages<B extends Booking>(
  db: Pick<Database, 'select'>,
  callerId: string,
  page: readonly B[],
): Promise<B[]> {
  if (page.length === 0) return [];
  const rows = await db
    .select({ bookingId: bookingMessages.bookingId, unread: count() })
    .from(bookingMessages)
    .innerJoin(bookings, eq(bookings.id, bookingMessages.bookingId))
    .leftJoin(
      bookingMessageReads,
      and(
        eq(bookingMessageReads.bookingId, bookingMessages.bookingId),
        eq(bookingMessageReads.userId, callerId),
      ),
    )
    .where(
      and(
        inArray(
          bookingMessages.bookingId,
          page.map((booking) => booking.id),
        ),
        ne(
          bookingMessages.side,
          sql`case when ${bookings.userId} = ${callerId} then 'client' else 'firm' end`,
        ),
        gt(bookingMessages.id, sql`coalesce(${bookingMessageReads.lastReadMessageId}, 0)`),
      ),
    )
    .groupBy(bookingMessages.bookingId);
  const unread = new Map(rows.map((row) => [row.bookingId, Number(row.unread)]));
  return page.map((booking) => ({ ...booking, unread_messages: unread.get(booking.id) ?? 0 }));
}
