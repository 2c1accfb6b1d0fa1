// The buffer after each consultation, held by the database (docs/decisions/016): a booking holds its consultant from
// its start to `blocked_until`, its end plus the buffer in force, and the exclusion constraint compares those holds.
// A change of the buffer re-holds every booking not yet over in the same transaction; the writers of holds read the
// buffer under a shared lock, so none writes one with a buffer a change is replacing.
import {
  activeBookingStatuses,
  type BookingsTooClose,
  defaultSchedule,
  scheduleLimits,
} from '@portal/domain';
import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.ts';
import { bookings, firmSchedule } from '../../db/schema.ts';
import { selectBookings, toBooking } from './booking-read-model.ts';

/** The lock a change of the buffer takes alone, and every writer of a hold shares. */
const bufferLock = sql`hashtextextended('firm-buffer', 0)`;

const minutes = (count: number) => sql`make_interval(mins => ${count}::int)`;

/**
 * The buffer in force, for a booking's hold: call it first in a transaction that makes, moves or reactivates a
 * booking (before any row lock, so that it never waits for a change of the buffer while holding what that change
 * needs). Until the transaction ends, the buffer cannot change.
 */
export async function bufferInForce(tx: Transaction): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${bufferLock})`);
  const [row] = await tx.select({ schedule: firmSchedule.schedule }).from(firmSchedule);
  return (row?.schedule ?? defaultSchedule).bufferMinutes;
}

/** Where a booking ending at `endsAt` stops holding its service under `bufferMinutes`. */
export function heldUntil(endsAt: Date, bufferMinutes: number): Date {
  return new Date(endsAt.getTime() + bufferMinutes * 60_000);
}

/**
 * In the transaction that saves the schedule, before it: waits for the writers of holds in flight and keeps new
 * ones waiting until the change commits.
 */
export async function lockBufferForChange(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${bufferLock})`);
}

/**
 * Which bookings `applyBuffer` re-holds: all of them, or those of the consultants whose hold could reach
 * `startsAt` (the booking starting there included).
 */
export type BufferScope = 'all' | { consultantIds: readonly number[]; startsAt: Date };

/**
 * Holds bookings not yet over (their old or new hold reaches past now; cancelled ones too, so that one made active
 * again holds the buffer in force) until their end plus `bufferMinutes`. A lower buffer frees the time at once. A
 * higher one is not applied to an active booking whose new hold would reach another active booking: that one keeps
 * its hold, and the pair is listed by `bookingsTooClose`. Computed before writing, against the holds as they are;
 * no two new holds can meet where neither met an old one.
 *
 * With a scope (a booking about to be made or moved to `startsAt`), the bookings of those consultants whose end plus
 * the buffer reaches it take the buffer where they now can: a pair kept too close loses its later booking, and the
 * earlier one then keeps the buffer free after it.
 */
export async function applyBuffer(tx: Transaction, bufferMinutes: number, scope: BufferScope): Promise<void> {
  if (scope !== 'all' && scope.consultantIds.length === 0) return;
  const newHold = sql`${bookings.endsAt} + ${minutes(bufferMinutes)}`;
  const active = sql`(${sql.join(
    activeBookingStatuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;
  // The stored hold of such a booking ends at or after its end, which is after startsAt - buffer: the exclusion
  // constraint's index finds them.
  const near =
    scope === 'all'
      ? sql`true`
      : sql`${bookings.consultantId} in (${sql.join(
          scope.consultantIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})
          and tstzrange(${bookings.startsAt}, ${bookings.blockedUntil}) && tstzrange(
            ${scope.startsAt.toISOString()}::timestamptz - ${minutes(bufferMinutes)},
            ${scope.startsAt.toISOString()}::timestamptz, '[]')`;
  await tx.execute(sql`
    update ${bookings} set blocked_until = ${newHold}
    where ${near}
      and ${bookings.blockedUntil} <> ${newHold}
      and greatest(${bookings.blockedUntil}, ${newHold}) > now()
      and not (
        ${bookings.status} in ${active}
        and exists (
          select 1 from ${bookings} as other
          where other.consultant_id = ${bookings.consultantId}
            and other.id <> ${bookings.id}
            and other.status in ${active}
            and tstzrange(other.starts_at, other.blocked_until) && tstzrange(${bookings.startsAt}, ${newHold})
        )
      )`);
}

/**
 * Pairs of active bookings of a consultant, the later not yet started, closer together than `bufferMinutes`: the
 * earlier one kept the hold it had when the buffer was raised. The earliest 100.
 */
export async function bookingsTooClose(
  db: Database,
  bufferMinutes: number,
  timeZone: string,
): Promise<BookingsTooClose[]> {
  const later = alias(bookings, 'later');
  const pairs = await db
    .select({ earlier: bookings.id, later: later.id })
    .from(bookings)
    .innerJoin(
      later,
      and(
        eq(later.consultantId, bookings.consultantId),
        ne(later.id, bookings.id),
        inArray(later.status, [...activeBookingStatuses]),
        gt(later.startsAt, sql`now()`),
        sql`${later.startsAt} >= ${bookings.endsAt}`,
        lt(later.startsAt, sql`${bookings.endsAt} + ${minutes(bufferMinutes)}`),
      ),
    )
    .where(inArray(bookings.status, [...activeBookingStatuses]))
    .orderBy(asc(bookings.startsAt), asc(later.startsAt))
    .limit(scheduleLimits.tooClosePairsShown);
  if (pairs.length === 0) return [];
  const ids = [...new Set(pairs.flatMap((pair) => [pair.earlier, pair.later]))];
  const rows = await selectBookings(db).where(inArray(bookings.id, ids));
  const byId = new Map(rows.map((row) => [row.booking.id, toBooking(row, timeZone)]));
  return pairs.flatMap((pair) => {
    const earlier = byId.get(pair.earlier);
    const laterBooking = byId.get(pair.later);
    return earlier && laterBooking ? [{ earlier, later: laterBooking }] : [];
  });
}
