// The calendar feed (docs/decisions/023, 040): each account's private subscription URL, and the iCalendar text it
// answers with. The token is the only credential (calendar apps fetch without a session), so it is long and
// unguessable: an HMAC of the account and its feed's generation under a key derived from the server's secret. The
// database keeps only the generation and the token's hash, found by which; a reset (or a password reset) moves to
// the next generation, after which the old URL is simply unknown.
import { createHash, createHmac } from 'node:crypto';
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
import { and, asc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, calendarFeeds, users } from '../../db/schema.ts';
import { rotateCalendarFeed } from '../../lib/accounts/credentials.ts';
import { derivedKey } from '../../lib/accounts/secret.ts';
import { NotFound } from '../../lib/errors.ts';
import { type BookingMailOptions, consultationsFeed } from '../../lib/mail/booking-calendar.ts';
import { ofConsultantAccount, selectBookings, toBooking } from '../bookings/booking-read-model.ts';
import { calendarHistories, noCalendarHistory } from '../bookings/booking-status.service.ts';

/** The key feed tokens are derived with: the accounts secret's own key for the feed. */
export function calendarFeedKey(secret: string): Buffer {
  return derivedKey(secret, 'calendar-feed');
}

/** The account's token of a generation: 256 bits, URL-safe (base64url: 43 characters, as random ones were). */
function feedToken(key: Buffer, userId: string, generation: number): string {
  return createHmac('sha256', key).update(`${userId}:${generation}`).digest('base64url');
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The feed's absolute URL (APP_URL's origin). */
export function calendarFeedUrl(appUrl: string, token: string): string {
  return new URL(apiPaths.calendarFeed(token), appUrl).toString();
}

/**
 * The account's current feed token: the feed is made on first use, and the hash of a new generation (after a
 * reset) is stored on the first read after it. Two reads at once agree: they derive the same token; a rotation
 * between reading the generation and storing its hash is met by reading again.
 */
export async function calendarFeedToken(db: Database, key: Buffer, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const feed = (await currentFeed(db, userId)) ?? (await newFeed(db, userId));
    const token = feedToken(key, userId, feed.generation);
    const hash = tokenHash(token);
    if (feed.tokenHash === hash && feed.clearToken === null) return token;
    // A new generation, a new secret, or a row the previous release wrote: this generation's hash replaces
    // whatever was kept.
    const stored = await db
      .update(calendarFeeds)
      .set({ tokenHash: hash, token: null })
      .where(and(eq(calendarFeeds.userId, userId), eq(calendarFeeds.generation, feed.generation)))
      .returning({ userId: calendarFeeds.userId });
    if (stored.length > 0) return token;
  }
  throw new Error('The calendar feed kept changing while its token was read');
}

async function currentFeed(db: Database, userId: string) {
  const [feed] = await db
    .select({
      generation: calendarFeeds.generation,
      tokenHash: calendarFeeds.tokenHash,
      clearToken: calendarFeeds.token,
    })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return feed;
}

async function newFeed(db: Database, userId: string) {
  await db.insert(calendarFeeds).values({ userId }).onConflictDoNothing({ target: calendarFeeds.userId });
  const feed = await currentFeed(db, userId);
  if (!feed) throw new Error('The calendar feed insert left no row');
  return feed;
}

/** Replaces the account's token: from the rotation on, the old one finds nothing. */
export async function resetCalendarFeed(db: Database, key: Buffer, userId: string): Promise<string> {
  await rotateCalendarFeed(db, userId);
  return calendarFeedToken(db, key, userId);
}

export interface CalendarFeedFileOptions extends BookingMailOptions {
  timeZone: string;
  now: Date;
}

/**
 * The feed whose token this is: the owner's active consultations (a consultant's: theirs to give as well), or for
 * an administrator every client's, from
 * those that ended `calendarFeedPastDays` ago on, soonest first, at most `maxCalendarFeedEvents`. Any token that is
 * not a current one — unknown, replaced, malformed or empty — is the same 404 as a route that does not exist,
 * reached by the same hash and lookup.
 */
export async function calendarFeedFile(
  db: Database,
  key: Buffer,
  token: string,
  options: CalendarFeedFileOptions,
): Promise<string> {
  const [owner] = await db
    .select({ userId: calendarFeeds.userId, generation: calendarFeeds.generation, role: users.role })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    // A token kept in clear (written before tokens were derived) is never a current one.
    .where(and(eq(calendarFeeds.tokenHash, tokenHash(token)), isNull(calendarFeeds.token)));
  // Nor is one derived with another secret: a new AUTH_SECRET ends every feed URL at once.
  if (!owner || feedToken(key, owner.userId, owner.generation) !== token)
    throw new NotFound(messages.routeNotFound);
  const rows = await selectBookings(db)
    .where(
      and(
        inArray(bookings.status, activeBookingStatuses),
        gte(bookings.endsAt, calendarFeedWindowStart(options.now)),
        owner.role === 'admin'
          ? undefined
          : owner.role === 'consultant'
            ? // Their consultations as the firm's consultant, and any they booked themselves (docs/decisions/048).
              or(eq(bookings.userId, owner.userId), ofConsultantAccount(owner.userId))
            : eq(bookings.userId, owner.userId),
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
