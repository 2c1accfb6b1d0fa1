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
import { and, count, gte, inArray, lt, sql } from 'drizzle-orm';
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

/**
 * Reads what the cache lacks in one query and files each consultant's part under their key: a day's availability
 * asks for all its candidates at once, so a rebuilt cache costs one query, not one per consultant.
 */
async function cachedPerConsultant<T>(
  cache: Map<string, Promise<T>>,
  consultantIds: readonly number[],
  keyOf: (consultantId: number) => string,
  read: (missing: number[]) => Promise<Map<number, T>>,
  none: T,
): Promise<Map<number, T>> {
  const missing = consultantIds.filter((id) => !cache.has(keyOf(id)));
  if (missing.length > 0) {
    const query = read(missing);
    for (const id of missing) {
      const key = keyOf(id);
      const part = query.then((found) => found.get(id) ?? none);
      cache.set(key, part);
      part.catch(() => cache.delete(key));
    }
  }
  const values = await Promise.all(consultantIds.map((id) => cache.get(keyOf(id)) as Promise<T>));
  return new Map(consultantIds.map((id, index) => [id, values[index] as T]));
}

/**
 * What active bookings of each consultant, of any service, hold on a day (in the zone) and in the buffer after it.
 */
export async function heldTimesOf(
  db: Database,
  consultantIds: readonly number[],
  date: IsoDate,
  bufferMinutes: number,
  timeZone: string,
): Promise<Map<number, HeldTime[]>> {
  const { held } = heldTimes.peek(db) ?? (await heldTimes.load(db));
  return cachedPerConsultant(
    held,
    consultantIds,
    (consultantId) => `${consultantId}|${date}|${bufferMinutes}`,
    async (missing) => {
      const from = new Date(dayStart(date, timeZone).getTime() - bufferMinutes * 60_000);
      const until = new Date(dayStart(addDays(date, 1), timeZone).getTime() + bufferMinutes * 60_000);
      // A booking holds at least its end plus the buffer in force, even one that kept a shorter hold when the
      // buffer was raised (docs/decisions/016). Uses the GiST index of the exclusion constraint (same predicate): a
      // hold whose end plus the buffer reaches the day ends after `from`.
      const rows = await db
        .select({
          consultantId: bookings.consultantId,
          startsAt: bookings.startsAt,
          blockedUntil:
            sql<Date>`greatest(${bookings.blockedUntil}, ${bookings.endsAt} + make_interval(mins => ${bufferMinutes}::int))`.mapWith(
              bookings.blockedUntil,
            ),
        })
        .from(bookings)
        .where(
          and(
            inArray(bookings.consultantId, missing),
            inArray(bookings.status, [...activeBookingStatuses]),
            sql`tstzrange(${bookings.startsAt}, ${bookings.blockedUntil}) && tstzrange(${from.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz)`,
          ),
        );
      const byConsultant = new Map<number, HeldTime[]>();
      for (const { consultantId, ...hold } of rows) {
        byConsultant.set(consultantId, [...(byConsultant.get(consultantId) ?? []), hold]);
      }
      return byConsultant;
    },
    [],
  );
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

/** `activeBookingsInWeek`, cached like the held times (for availability). */
export async function weekLoadsOf(
  db: Database,
  consultantIds: readonly number[],
  weekFirst: IsoDate,
  timeZone: string,
): Promise<Map<number, number>> {
  const { weekLoads } = heldTimes.peek(db) ?? (await heldTimes.load(db));
  return cachedPerConsultant(
    weekLoads,
    consultantIds,
    (consultantId) => `${consultantId}|${weekFirst}`,
    (missing) => activeBookingsInWeek(db, missing, weekFirst, timeZone),
    0,
  );
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
