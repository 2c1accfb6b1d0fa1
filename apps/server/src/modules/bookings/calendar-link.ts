// A booking's calendar file behind a signed, expiring link (the reminder's): a phone opening the e-mail has no
// session, so the link itself is the credential. It names the booking and when it ends, signed with HMAC-SHA256
// under a key derived from the server's secret for this purpose alone; a new AUTH_SECRET ends every link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { apiPaths } from '@portal/domain';
import { derivedKey } from '../../lib/accounts/secret.ts';

/** The key calendar links are signed with. */
export function calendarLinkKey(secret: string): Buffer {
  return derivedKey(secret, 'booking-calendar-link');
}

function signature(key: Buffer, bookingId: number, expires: number): string {
  return createHmac('sha256', key).update(`booking-calendar:${bookingId}:${expires}`).digest('base64url');
}

/** The link's query: its end (Unix seconds) and its signature. */
export interface CalendarLinkQuery {
  expires: number;
  signature: string;
}

/** The booking's calendar file on APP_URL, usable without a session until `expiresAt` (to the second). */
export function signedCalendarUrl(appUrl: string, key: Buffer, bookingId: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const url = new URL(apiPaths.bookings.calendar(bookingId), appUrl);
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('signature', signature(key, bookingId, expires));
  return url.toString();
}

/** Whether a link's query is one this key signed for this booking, and not expired at `now`. */
export function isValidCalendarLink(
  key: Buffer,
  bookingId: number,
  query: CalendarLinkQuery,
  now: Date,
): boolean {
  if (!Number.isSafeInteger(query.expires) || query.expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(key, bookingId, query.expires));
  const given = Buffer.from(query.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
