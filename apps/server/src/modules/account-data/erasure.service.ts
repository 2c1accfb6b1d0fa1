// The erasure of a client's account (docs/decisions/052): the person's data goes, the firm's records stay. The
// users row stays as 'Deleted client', so that every booking, event and invoice keeps its client and the figures do
// not change; issued invoices and credit notes are not touched (the law's retention; a trigger refuses it anyway).
// Everything happens in one transaction under the user row's lock, so an erasure is whole or not at all, a second
// one at the same time waits and answers 409, and one that failed part-way is simply run again.
import { type DataRequestsResponse, erasedClientName, erasureMessages } from '@portal/domain';
import { and, asc, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Database, type Transaction, transactionRetryingDeadlocks } from '../../db/client.ts';
import {
  accounts,
  bookingFiles,
  bookingMessageReads,
  bookingMessages,
  bookings,
  calendarFeeds,
  consents,
  contactMessages,
  dataRequests,
  outbox,
  rateLimits,
  reviews,
  sessions,
  signInFailures,
  twoFactors,
  userProfiles,
  users,
  verifications,
  writeRateLimits,
} from '../../db/schema.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { mailboxKey } from '../../lib/limit-keys.ts';
import { type FirmNoticeOptions, notifyFirm } from '../../lib/mail/firm-emails.ts';
import { findBooking } from '../bookings/booking-read-model.ts';
import { recordStatusChange, type StatusChangeBilling } from '../bookings/booking-status.service.ts';
import { bookingsChanged } from '../bookings/held-times.ts';
import { recordDataRequest } from './data-requests.ts';

/** Who asks: the client themselves, or an administrator (by their account id). */
export type Eraser = { kind: 'self'; userId: string } | { kind: 'admin'; userId: string };

/** What cancelling the upcoming bookings needs: the money's rules and the firm's notice. */
export interface ErasureOptions extends StatusChangeBilling, FirmNoticeOptions {}

export interface Erasure {
  userId: string;
  erasedAt: Date;
  /** The upcoming bookings it cancelled. */
  cancelled: number;
}

/** The address an erased account keeps: unique, and no mailbox anywhere (RFC 2606's reserved `.invalid`). */
export function erasedAddress(userId: string): string {
  return `erased-${userId}@erased.invalid`;
}

/** Rows whose text mentions one of `terms` (lower case), for the outbox's letters that quote the person. */
function mentions(terms: readonly string[]): SQL | undefined {
  const letter = sql`lower(concat_ws(' ', ${outbox.to}, ${outbox.replyTo}, ${outbox.subject}, ${outbox.text}, ${outbox.html}, ${outbox.icalEvent}::text))`;
  return or(...terms.map((term) => sql`strpos(${letter}, ${term}) > 0`));
}

/**
 * The words that identify the person in a letter: the address, the full name and the phone as the profile held
 * them. A first name alone is not searched: it would take other people's letters with it (the person's own letters
 * go by their address, the firm's notices about their bookings by their key).
 */
function identifyingTerms(person: {
  email: string;
  accountName: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
}): string[] {
  const fullName = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  const terms = [person.email, fullName, person.phone?.trim() ?? ''];
  if (!person.accountName.includes('@')) terms.push(person.accountName.trim());
  return [...new Set(terms.map((term) => term.toLowerCase()).filter((term) => term.length >= 3))];
}

/** The keys of the gathered letters about the bookings: the firm's notices and both sides of each conversation. */
function letterKeys(bookingIds: readonly number[]): string[] {
  return bookingIds.flatMap((id) => [
    `firm-notice|${id}`,
    `conversation|${id}|client`,
    `conversation|${id}|firm`,
  ]);
}

/** The person's data in the account's own tables: the row stays, anonymous, and nothing can sign in with it. */
async function anonymizeAccount(tx: Transaction, userId: string, email: string): Promise<void> {
  await tx
    .update(users)
    .set({
      name: erasedClientName,
      email: erasedAddress(userId),
      // email_verified stays as it was: the firm's new-user figures count verified accounts, and an unverified
      // row is one that housekeeping deletes and a new sign-up may take over (docs/decisions/052).
      image: null,
      banReason: null,
      twoFactorEnabled: false,
      erasedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  for (const table of [accounts, sessions, twoFactors, userProfiles, calendarFeeds, consents]) {
    await tx.delete(table).where(eq(table.userId, userId));
  }
  await tx.delete(writeRateLimits).where(eq(writeRateLimits.userId, userId));
  await tx.delete(signInFailures).where(eq(signInFailures.email, email));
  // Counters keyed by the mailbox (the accounts e-mails' limit): its address is in their key.
  await tx.delete(rateLimits).where(sql`strpos(lower(${rateLimits.key}), ${mailboxKey(email)}) > 0`);
  // Reset links keep the account's id as their value; an address may be in others (a change of address).
  await tx
    .delete(verifications)
    .where(or(eq(verifications.value, userId), sql`strpos(lower(${verifications.value}), ${email}) > 0`));
  await tx.delete(contactMessages).where(eq(sql`lower(${contactMessages.email})`, email));
}

/** What the person wrote around their bookings, and what the firm wrote about them. */
async function eraseWhatTheyWrote(tx: Transaction, userId: string): Promise<number[]> {
  await tx.delete(bookingMessages).where(eq(bookingMessages.authorId, userId));
  await tx.delete(bookingMessageReads).where(eq(bookingMessageReads.userId, userId));
  await tx.delete(bookingFiles).where(eq(bookingFiles.uploadedBy, userId));
  // The rating stays in the firm's figures; the words were the person's.
  await tx.update(reviews).set({ comment: null, updatedAt: sql`now()` }).where(eq(reviews.userId, userId));
  const scrubbed = await tx
    .update(bookings)
    .set({
      projectDescription: '',
      additionalNotes: null,
      // The questions stay (the firm's), the answers go, in their order.
      brief: sql`(select coalesce(jsonb_agg(jsonb_set(entry, '{answer}', 'null'::jsonb) order by position), '[]'::jsonb)
        from jsonb_array_elements(${bookings.brief}) with ordinality as asked(entry, position))`,
      clientAddress: null,
      idempotencyKey: null,
      requestHash: null,
      // Where the firm met this person (a phone number, perhaps) and its summary of them.
      location: null,
      summary: null,
    })
    .where(eq(bookings.userId, userId))
    .returning({ id: bookings.id });
  return scrubbed.map((row) => row.id);
}

/**
 * Cancels the account's bookings still ahead (pending or confirmed), whatever the client's change notice, through
 * the status change every cancellation takes: the slot freed, a card authorisation voided or a payment refunded, a
 * credit note issued. The person's own cancellation tells the firm by its usual notice, which now names 'Deleted
 * client'; an administrator's does not (the firm did it, as with any cancellation of theirs). No letter goes to the
 * person: their address is gone.
 */
async function cancelUpcoming(
  tx: Transaction,
  userId: string,
  eraser: Eraser,
  options: ErasureOptions,
): Promise<number> {
  const upcoming = await tx
    .select({ id: bookings.id, status: bookings.status, createdAt: bookings.createdAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        inArray(bookings.status, ['pending', 'confirmed']),
        gt(bookings.startsAt, sql`now()`),
      ),
    )
    .orderBy(asc(bookings.id))
    .for('update');
  const actor = { kind: eraser.kind === 'self' ? 'client' : 'admin', userId: eraser.userId } as const;
  for (const row of upcoming) {
    await recordStatusChange(tx, row, 'cancelled', actor, options);
    if (eraser.kind === 'self')
      await notifyFirm(tx, await findBooking(tx, row.id, options.timeZone), options);
  }
  return upcoming.length;
}

/**
 * Erases a client's account (docs/decisions/052). 404 for an unknown account; 409 when it is erased already (the
 * loser of two at once too) or belongs to the firm (an administrator or a consultant). Recorded as a data request
 * in the same transaction.
 */
export async function eraseAccount(
  db: Database,
  subjectUserId: string,
  eraser: Eraser,
  options: ErasureOptions,
): Promise<Erasure> {
  try {
    return await transactionRetryingDeadlocks(db, async (tx) => {
      const [person] = await tx
        .select({
          email: users.email,
          accountName: users.name,
          role: users.role,
          erasedAt: users.erasedAt,
          firstName: userProfiles.firstName,
          lastName: userProfiles.lastName,
          phone: userProfiles.phone,
        })
        .from(users)
        .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
        .where(eq(users.id, subjectUserId))
        .for('update', { of: users });
      if (!person) throw new NotFound(erasureMessages.clientNotFound);
      if (person.erasedAt !== null) throw new Conflict(erasureMessages.alreadyErased);
      if (person.role !== 'client') throw new Conflict(erasureMessages.notAClient);
      const email = person.email.toLowerCase();

      // First the person's data, so that what follows (the firm's notice) reads 'Deleted client'.
      await anonymizeAccount(tx, subjectUserId, email);
      const bookingIds = await eraseWhatTheyWrote(tx, subjectUserId);
      // Every letter to them, and every one that quotes them: the firm's old notices and conversation letters.
      const keys = letterKeys(bookingIds);
      await tx
        .delete(outbox)
        .where(
          or(
            mentions(identifyingTerms({ ...person, email })),
            keys.length > 0 ? inArray(outbox.coalesceKey, keys) : undefined,
          ),
        );
      const cancelled = await cancelUpcoming(tx, subjectUserId, eraser, options);
      await recordDataRequest(tx, {
        kind: 'erasure',
        subjectUserId,
        actorUserId: eraser.userId,
        actor: eraser.kind,
      });
      const [erased] = await tx
        .select({ erasedAt: users.erasedAt })
        .from(users)
        .where(eq(users.id, subjectUserId));
      if (!erased?.erasedAt) throw new Error(`Account ${subjectUserId} was not erased`);
      return { userId: subjectUserId, erasedAt: erased.erasedAt, cancelled };
    });
  } finally {
    bookingsChanged(db);
  }
}

// ——— The record, for the administrators ———

const actorAccounts = alias(users, 'actor_accounts');

/** The latest exports and erasures, newest first: whose (the address, unless erased), who asked, when. */
export async function latestDataRequests(db: Database, limit: number): Promise<DataRequestsResponse> {
  const rows = await db
    .select({
      id: dataRequests.id,
      kind: dataRequests.kind,
      subjectUserId: dataRequests.subjectUserId,
      subjectEmail: users.email,
      subjectErasedAt: users.erasedAt,
      actor: dataRequests.actor,
      actorEmail: actorAccounts.email,
      at: dataRequests.at,
    })
    .from(dataRequests)
    .innerJoin(users, eq(users.id, dataRequests.subjectUserId))
    .leftJoin(actorAccounts, eq(actorAccounts.id, dataRequests.actorUserId))
    .orderBy(desc(dataRequests.at), desc(dataRequests.id))
    .limit(limit);
  return {
    data_requests: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      subject_user_id: row.subjectUserId,
      subject_email: row.subjectErasedAt === null ? row.subjectEmail : null,
      actor: row.actor,
      actor_email: row.actor === 'admin' ? (row.actorEmail ?? null) : null,
      at: row.at.toISOString(),
    })),
  };
}
