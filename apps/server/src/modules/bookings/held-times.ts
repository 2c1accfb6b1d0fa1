// The times active bookings hold, per service, day and buffer, for availability: cached per process, rebuilt when
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
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { versionedCache } from '../../db/versioned-cache.ts';

async function bookingsVersion(db: Database): Promise<number> {
  const [row] = await db.select({ version: sql<string>`last_value` }).from(sql`bookings_version`);
  return Number(row?.version ?? 0);
}

const heldTimes = versionedCache('held-times', async () => new Map<string, Promise<HeldTime[]>>(), {
  version: bookingsVersion,
  maxAgeMs: 1_000,
});

/** Call after a transaction that wrote bookings ends: this process's next availability reads them afresh. */
export function bookingsChanged(db: Database): void {
  heldTimes.forget(db);
}

/** What active bookings of a service hold on a day (in the zone) and in the buffer after it. */
export async function heldTimesOn(
  db: Database,
  serviceId: number,
  date: IsoDate,
  bufferMinutes: number,
  timeZone: string,
): Promise<HeldTime[]> {
  const byDay = heldTimes.peek(db) ?? (await heldTimes.load(db));
  const key = `${serviceId}|${date}|${bufferMinutes}`;
  let held = byDay.get(key);
  if (!held) {
    const dayStart = zonedInstant(date, 0, timeZone) ?? new Date(`${date}T00:00:00Z`);
    const next = addDays(date, 1);
    const dayEnd = zonedInstant(next, 0, timeZone) ?? new Date(`${next}T00:00:00Z`);
    const from = new Date(dayStart.getTime() - bufferMinutes * 60_000);
    const until = new Date(dayEnd.getTime() + bufferMinutes * 60_000);
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
          eq(bookings.serviceId, serviceId),
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

/**
 * Takes, until the transaction ends, the lock of a service's business day: every transaction that puts a booking's
 * time on that day (a booking made, moved or made active again) takes it before writing, so they write one after
 * another. The exclusion constraint then meets only committed rows and refuses at once; without the lock, racing
 * inserts wait for each other's uncommitted rows and deadlock (docs/decisions/015). The constraint still decides.
 */
export async function lockServiceDay(
  tx: Transaction,
  serviceId: number,
  startsAt: Date,
  timeZone: string,
): Promise<void> {
  const key = `booking-day|${serviceId}|${zonedDate(startsAt, timeZone)}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
