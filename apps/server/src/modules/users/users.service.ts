import {
  type DateRange,
  previousRange,
  type Role,
  rangeInstants,
  type UserStatsResponse,
} from '@portal/domain';
import { and, count, countDistinct, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, users } from '../../db/schema.ts';
import { NotFound } from '../errors.ts';

export function noAccountMessage(email: string): string {
  return `No account with the e-mail address ${email}`;
}

/** Gives the account with this e-mail (any case) the role; NotFound when there is no such account. */
export async function setRole(
  db: Database,
  email: string,
  role: Role,
): Promise<{ email: string; role: Role }> {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ email: users.email });
  if (!row) throw new NotFound(noAccountMessage(email.trim()));
  return { email: row.email, role };
}

// ——— The administrators' user figures (activeUserDefinition, in the domain) ———

async function userFigures(db: Database, range: Partial<DateRange>, timeZone: string) {
  const { from, until } = rangeInstants(range, timeZone);
  const bookedWithin = [
    ...(from ? [gte(bookings.createdAt, from)] : []),
    ...(until ? [lt(bookings.createdAt, until)] : []),
  ];
  const createdWithin = [
    eq(users.emailVerified, true),
    ...(from ? [gte(users.createdAt, from)] : []),
    ...(until ? [lt(users.createdAt, until)] : []),
  ];
  const [[active], [created]] = await Promise.all([
    db
      .select({ count: countDistinct(bookings.userId) })
      .from(bookings)
      .where(and(...bookedWithin)),
    db
      .select({ count: count() })
      .from(users)
      .where(and(...createdWithin)),
  ]);
  return { activeUsers: Number(active?.count ?? 0), newUsers: Number(created?.count ?? 0) };
}

/**
 * Active users (distinct accounts with a booking made in the range) and new users (verified accounts created
 * in it); for a closed range also the range of equal length before it.
 */
export async function userStatistics(
  db: Database,
  range: Partial<DateRange>,
  timeZone: string,
): Promise<UserStatsResponse> {
  const closed =
    range.startDate && range.endDate ? { startDate: range.startDate, endDate: range.endDate } : null;
  const [stats, previous] = await Promise.all([
    userFigures(db, range, timeZone),
    closed ? userFigures(db, previousRange(closed), timeZone) : null,
  ]);
  return { stats, previous };
}
