// The times active bookings hold, per service, day and buffer, for availability: cached per process, rebuilt when
// `bookings_version` moves (a trigger takes a number with every write to bookings, migration 0012), when this
// process writes a booking, and at least every second. A day's availability then costs no query most of the time.
import { activeBookingStatuses, addDays, type HeldTime, type IsoDate, zonedInstant } from '@portal/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
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
    const until = new Date(dayEnd.getTime() + bufferMinutes * 60_000);
    // Uses the GiST index of the exclusion constraint (same predicate).
    const query = db
      .select({ startsAt: bookings.startsAt, blockedUntil: bookings.blockedUntil })
      .from(bookings)
      .where(
        and(
          eq(bookings.serviceId, serviceId),
          inArray(bookings.status, [...activeBookingStatuses]),
          sql`tstzrange(${bookings.startsAt}, ${bookings.blockedUntil}) && tstzrange(${dayStart.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz)`,
        ),
      )
      .then((rows): HeldTime[] => rows);
    held = query;
    byDay.set(key, query);
    query.catch(() => byDay.delete(key));
  }
  return held;
}
