// What the old password could reach, ended when the password changes (docs/decisions/040): the account's other
// reset links and its calendar feed URL. Its other sessions are better-auth's to end (revokeSessionsOnPasswordReset).
import { createHash } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { calendarFeeds, verifications } from '../../db/schema.ts';

/** How a verification identifier is stored: a mark no identifier in clear starts with, then the kind, then a hash. */
const hashedMark = 'sha256:';
/** better-auth's identifier of a reset link is `reset-password:<token>`, its value the account's id. */
const storedResetLinkPrefix = `${hashedMark}reset-password:`;

/**
 * How better-auth stores a verification identifier (its `verification.storeIdentifier`): the kind before the
 * first colon as it is, so that an account's reset links can still be found, and the token after it only as its
 * SHA-256. The tokens are 24 random characters of 62: a hash cannot be turned back into one. The mark in front
 * matters: better-auth, not finding a hashed identifier, looks the identifier up in clear as well, and without it
 * a stored `reset-password:<hash>` would be the clear identifier of the token `<hash>`.
 */
export async function storedVerificationIdentifier(identifier: string): Promise<string> {
  const colon = identifier.indexOf(':');
  const kind = colon < 0 ? '' : identifier.slice(0, colon + 1);
  return `${hashedMark}${kind}${createHash('sha256').update(identifier).digest('base64url')}`;
}

/** Every outstanding reset link of the account stops working. */
export async function endResetLinks(db: Pick<Database, 'delete'>, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, `${storedResetLinkPrefix}%`), eq(verifications.value, userId)));
}

/**
 * The account's calendar feed moves to its next generation: the current URL answers 404 from this statement on,
 * and the owner's next read of it issues the new one (calendar-feed.service.ts).
 */
export async function rotateCalendarFeed(db: Pick<Database, 'update'>, userId: string): Promise<void> {
  await db
    .update(calendarFeeds)
    .set({
      generation: sql`${calendarFeeds.generation} + 1`,
      tokenHash: null,
      token: null,
      updatedAt: sql`now()`,
    })
    .where(eq(calendarFeeds.userId, userId));
}

/** After a password reset (or any change of password): what the old password could still reach is ended. */
export async function endWhatTheOldPasswordReached(db: Database, userId: string): Promise<void> {
  await endResetLinks(db, userId);
  await rotateCalendarFeed(db, userId);
}
