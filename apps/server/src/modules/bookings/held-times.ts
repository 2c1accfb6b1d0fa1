// The times active bookings hold, per consultant, day and buffer, for availability: cached per process, rebuilt when
// `bookings_version` moves (a trigger takes a number with every write to bookings, migration 0012), when this
// process writes a booking, and at least every second. A day's availability then costs no query most of the time.
import {
  activeBookingStatuses,
  addDays,
  type HeldTime,
  type IsoDate,
  zonedDate,
  zonedInstant,
} from '@portal/domain';
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { versionedCache } from '../../db/versioned-cache.ts';
import type { Reader } from './booking-read-model.ts';

async function bookingsVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: sql<string>`last_value` }).from(sql`bookings_version`);
  return Number(row?.version ?? 0);
}

const heldTimes = versionedCache(
  'held-times',
  async () => ({
    held: new Map<string, Promise<HeldTime[]>>(),
    /** Active bookings per consultant and week, for the assignment order. */
    weekLoads: new Map<string, Promise<number>>(),
  }),
  {
    version: bookingsVersion,
    maxAgeMs: 1_000,
  },
);

/** Call after a transaction that wrote bookings ends: this process's next availability reads them afresh. */
export function bookingsChanged(db: Database): void {
  heldTimes.forget(db);
}

/** What active bookings of a consultant, of any service, hold on a day (in the zone) and in the buffer after it. */
export async function heldTimesOn(
  db: Database,
  consultantId: number,
  date: IsoDate,
  bufferMinutes: number,
  timeZone: string,
): Promise<HeldTime[]> {
  const byDay = (heldTimes.peek(db) ?? (await heldTimes.load(db))).held;
  const key = `${consultantId}|${date}|${bufferMinutes}`;
  let held = byDay.get(key);
  if (!held) {
    const from = new Date(dayStart(date, timeZone).getTime() - bufferMinutes * 60_000);
    const until = new Date(dayStart(addDays(date, 1), timeZone).getTime() + bufferMinutes * 60_000);
    // A booking holds at least its end plus the buffer in force, even one that kept a shorter hold when the
    // buffer was raised (docs/decisions/016). Uses the GiST index of the exclusion constraint (same predicate): a
    // hold whose end plus the buffer reaches the day ends after `from`.
    const query = db
      .select({
        startsAt: bookings.startsAt,
        blockedUntil:
          sql<Date>`greatest(${bookings.blockedUntil}, ${bookings.endsAt} + make_interval(mins => ${bufferMinutes}::int))`.mapWith(
            bookings.blockedUntil,
          ),
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.consultantId, consultantId),
          inArray(bookings.status, [...activeBookingStatuses]),
          sql`tstzrange(${bookings.startsAt}, ${bookings.blockedUntil}) && tstzrange(${from.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz)`,
        ),
      )
      .then((rows): HeldTime[] => rows);
    held = query;
    byDay.set(key, query);
    query.catch(() => byDay.delete(key));
  }
  return held;
}

/** Midnight starting a date in the zone (UTC midnight where the zone skips it). */
function dayStart(date: IsoDate, timeZone: string): Date {
  return zonedInstant(date, 0, timeZone) ?? new Date(`${date}T00:00:00Z`);
}

/**
 * How many active bookings each consultant has starting in the week (Monday to Sunday, in the zone) that begins on
 * `weekFirst`: the assignment rule's first key. Read in the caller's transaction, as it stands.
 */
export async function activeBookingsInWeek(
  db: Reader,
  consultantIds: readonly number[],
  weekFirst: IsoDate,
  timeZone: string,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>(consultantIds.map((id) => [id, 0]));
  if (consultantIds.length === 0) return counts;
  const rows = await db
    .select({ consultantId: bookings.consultantId, count: count() })
    .from(bookings)
    .where(
      and(
        inArray(bookings.consultantId, [...consultantIds]),
        inArray(bookings.status, [...activeBookingStatuses]),
        gte(bookings.startsAt, dayStart(weekFirst, timeZone)),
        lt(bookings.startsAt, dayStart(addDays(weekFirst, 7), timeZone)),
      ),
    )
    .groupBy(bookings.consultantId);
  for (const row of rows) counts.set(row.consultantId, Number(row.count));
  return counts;
}

/** `activeBookingsInWeek` of one consultant, cached like the held times (for availability). */
export async function weekLoadOf(
  db: Database,
  consultantId: number,
  weekFirst: IsoDate,
  timeZone: string,
): Promise<number> {
  const loads = (heldTimes.peek(db) ?? (await heldTimes.load(db))).weekLoads;
  const key = `${consultantId}|${weekFirst}`;
  let load = loads.get(key);
  if (!load) {
    const query = activeBookingsInWeek(db, [consultantId], weekFirst, timeZone).then(
      (counts) => counts.get(consultantId) ?? 0,
    );
    load = query;
    loads.set(key, query);
    query.catch(() => loads.delete(key));
  }
  return load;
}

/**
 * Takes, until the transaction ends, the locks of consultants' business days: every transaction that puts a
 * booking's time on a consultant's day (a booking made, moved or made active again) takes it before writing, so
 * they write one after another. The exclusion constraint then meets only committed rows and refuses at once;
 * without the lock, racing inserts wait for each other's uncommitted rows and deadlock (docs/decisions/015, 046).
 * Several consultants (the candidates of a booking left to the firm) are locked in ascending id order, so two
 * transactions wanting some of the same never wait for each other in a circle. The constraint still decides.
 */
export async function lockConsultantDays(
  tx: Transaction,
  consultantIds: readonly number[],
  startsAt: Date,
  timeZone: string,
): Promise<void> {
  const date = zonedDate(startsAt, timeZone);
  for (const consultantId of [...new Set(consultantIds)].sort((a, b) => a - b)) {
    const key = `booking-day|consultant|${consultantId}|${date}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}
