// The calendar feed (docs/decisions/023): each account's private subscription URL, and the iCalendar text it
// answers with. The token is the only credential (calendar apps fetch without a session), so it is long and random,
// found by its hash, and replaced by a reset, after which the old URL is simply unknown.
import { createHash, randomBytes } from 'node:crypto';
import {
  activeBookingStatuses,
  apiPaths,
  calendarFeedMessages,
  calendarFeedRefreshMinutes,
  calendarFeedWindowStart,
  maxCalendarFeedEvents,
  messages,
  productName,
} from '@portal/domain';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, calendarFeeds, users } from '../../db/schema.ts';
import { NotFound } from '../../lib/errors.ts';
import { type BookingMailOptions, consultationsFeed } from '../../lib/mail/booking-calendar.ts';
import { selectBookings, toBooking } from '../bookings/booking-read-model.ts';
import { calendarHistories, noCalendarHistory } from '../bookings/booking-status.service.ts';

/** 256 random bits, URL-safe (base64url: 43 characters). */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The feed's absolute URL (APP_URL's origin). */
export function calendarFeedUrl(appUrl: string, token: string): string {
  return new URL(apiPaths.calendarFeed(token), appUrl).toString();
}

/** The account's feed token, made on first use (two first reads at once agree on one). */
export async function calendarFeedToken(db: Database, userId: string): Promise<string> {
  const [existing] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  if (existing) return existing.token;
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, token, tokenHash: tokenHash(token) })
    .onConflictDoNothing({ target: calendarFeeds.userId });
  const [stored] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  if (!stored) throw new Error('The calendar feed insert left no row');
  return stored.token;
}

/** Replaces the account's token: from this statement on, the old one finds nothing. */
export async function resetCalendarFeed(db: Database, userId: string): Promise<string> {
  const token = newToken();
  const values = { token, tokenHash: tokenHash(token) };
  await db
    .insert(calendarFeeds)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { ...values, updatedAt: sql`now()` } });
  return token;
}

export interface CalendarFeedFileOptions extends BookingMailOptions {
  timeZone: string;
  now: Date;
}

/**
 * The feed whose token this is: the owner's active consultations, or for an administrator every client's, from
 * those that ended `calendarFeedPastDays` ago on, soonest first, at most `maxCalendarFeedEvents`. Any token that is
 * not a current one — unknown, replaced, malformed or empty — is the same 404 as a route that does not exist,
 * reached by the same hash and lookup.
 */
export async function calendarFeedFile(
  db: Database,
  token: string,
  options: CalendarFeedFileOptions,
): Promise<string> {
  const [owner] = await db
    .select({ userId: calendarFeeds.userId, role: users.role })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash(token)));
  if (!owner) throw new NotFound(messages.routeNotFound);
  const rows = await selectBookings(db)
    .where(
      and(
        inArray(bookings.status, activeBookingStatuses),
        gte(bookings.endsAt, calendarFeedWindowStart(options.now)),
        owner.role === 'admin' ? undefined : eq(bookings.userId, owner.userId),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(maxCalendarFeedEvents);
  const histories = await calendarHistories(
    db,
    rows.map((row) => row.booking.id),
  );
  return consultationsFeed(
    rows.map((row) => ({
      booking: toBooking(row, options.timeZone),
      history: histories.get(row.booking.id) ?? noCalendarHistory,
    })),
    options,
    { name: calendarFeedMessages.calendarName(productName), refreshMinutes: calendarFeedRefreshMinutes },
  );
}
