// Keyset paging of booking lists: the administrators' list and its export newest first by the moment booked
// (created_at, then id); the client's My Bookings upcoming first, by start (below). A cursor names the last booking of a page; the admin list's
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

// ——— My Bookings: upcoming first, soonest first; then the rest, most recent first ———

const myCursorPrefix = 'm1:';
const myCursorPattern = /^m1:(\d{1,15}):([1-9]\d{0,9})$/;

/**
 * The cursor after a booking of My Bookings: the moment the first page was read (so every page splits upcoming from
 * past at the same instant, and a consultation starting meanwhile is neither skipped nor shown twice) and the id of
 * the page's last booking.
 */
export function encodeMyCursor(asOf: Date, bookingId: number): string {
  return Buffer.from(`${myCursorPrefix}${asOf.getTime()}:${bookingId}`).toString('base64url');
}

/** What a My Bookings cursor holds; a 400 for anything the list did not give. */
export function readMyCursor(cursor: string): { asOf: Date; id: number } {
  const match = /^[\w-]+$/.test(cursor)
    ? myCursorPattern.exec(Buffer.from(cursor, 'base64url').toString())
    : null;
  const id = match ? Number(match[2]) : Number.NaN;
  if (!(id <= maxPathId)) throw invalidField('cursor', bookingMessages.cursorInvalid);
  return { asOf: new Date(Number(match?.[1])), id };
}

/**
 * A booking's place in My Bookings as three ascending numbers, for the table `alias`: upcoming (pending or confirmed,
 * not started at `asOf`) before the rest; upcoming ones by start, soonest first; the rest by start, most recent first;
 * then by id the same way. One ascending key makes the keyset a plain row comparison.
 */
function mySortKey(alias: string, asOf: Date): [SQL, SQL, SQL] {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const upcoming = sql`(${column('status')} in ('pending', 'confirmed') and ${column('starts_at')} > ${asOf.toISOString()}::timestamptz)`;
  const sign = sql`(case when ${upcoming} then 1 else -1 end)`;
  return [
    sql`(case when ${upcoming} then 0 else 1 end)`,
    sql`(${sign} * extract(epoch from ${column('starts_at')}))`,
    sql`(${sign} * ${column('id')})`,
  ];
}

/** My Bookings' order at `asOf`. */
export function myBookingsOrder(asOf: Date): SQL[] {
  return mySortKey('bookings', asOf).map((key) => sql`${key} asc`);
}

/** My Bookings after the cursor's booking, which must be `ownerId`'s (another's gives an empty page). */
export function afterMine(cursor: { asOf: Date; id: number }, ownerId: string): SQL {
  const [group, start, id] = mySortKey('bookings', cursor.asOf);
  const [cGroup, cStart, cId] = mySortKey('b', cursor.asOf);
  const of = sql`from bookings b where b.id = ${cursor.id} and b.user_id = ${ownerId}`;
  return sql`(${group}, ${start}, ${id}) > ((select ${cGroup} ${of}), (select ${cStart} ${of}), (select ${cId} ${of}))`;
}
