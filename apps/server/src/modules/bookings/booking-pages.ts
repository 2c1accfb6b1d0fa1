// Keyset paging of booking lists, newest first by the moment booked (created_at, then id): the administrators'
// list and its export, and the client's My Bookings. A cursor names the last booking of a page; the admin list's
// also carries how many bookings matched when its first page was read, so that later pages need not count again.
import { bookingMessages, maxPathId } from '@portal/domain';
import { desc, type SQL, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema.ts';
import { invalidField } from '../../lib/errors.ts';

const cursorPrefix = 'b1:';
const cursorPattern = /^b1:([1-9]\d{0,9})(?::(\d{1,15}))?$/;

/** The cursor after a booking: opaque to clients; the id of the last booking of the page, and perhaps a total. */
export function encodeCursor(bookingId: number, total?: number): string {
  const text = `${cursorPrefix}${bookingId}${total === undefined ? '' : `:${total}`}`;
  return Buffer.from(text).toString('base64url');
}

/** What a cursor holds; a 400 for anything a list did not give. */
export function readCursor(cursor: string): { id: number; total: number | undefined } {
  const match = /^[\w-]+$/.test(cursor)
    ? cursorPattern.exec(Buffer.from(cursor, 'base64url').toString())
    : null;
  const id = match ? Number(match[1]) : Number.NaN;
  if (!(id <= maxPathId)) throw invalidField('cursor', bookingMessages.cursorInvalid);
  return { id, total: match?.[2] === undefined ? undefined : Number(match[2]) };
}

/** The booking id a cursor names; a 400 for anything a list did not give. */
export function decodeCursor(cursor: string): number {
  return readCursor(cursor).id;
}

/**
 * Bookings after the cursor's one in the list's order (created_at desc, id desc). Its created_at is read in the
 * same query (at full precision, which a JavaScript Date would truncate), so the comparison uses the index. With
 * `ownerId`, only that user's booking can be the cursor's (another's gives an empty page, revealing nothing).
 */
export function after(bookingId: number, ownerId?: string): SQL {
  const owned = ownerId === undefined ? sql`` : sql` and b.user_id = ${ownerId}`;
  return sql`(${bookings.createdAt}, ${bookings.id}) < ((select b.created_at from bookings b where b.id = ${bookingId}${owned}), ${bookingId})`;
}

export const newestFirst = [desc(bookings.createdAt), desc(bookings.id)];

/**
 * A page of `limit` from rows read with `limit + 1`, and the cursor of the next page (null on the last), carrying
 * `total` when given.
 */
export function pageOf<Row extends { booking: { id: number } }>(
  rows: Row[],
  limit: number,
  total?: number,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(last.booking.id, total) : null };
}
