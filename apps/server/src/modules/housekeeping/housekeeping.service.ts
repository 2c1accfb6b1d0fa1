// Housekeeping, once per period across every server process: old rows go (sent and undelivered mail, expired
// sessions and tokens, stale counters, accounts never verified, old contact-form messages) on the schedules the
// Privacy Policy states (retentionMs), and pending bookings nobody confirmed in time are cancelled with a letter.
import { retentionMs } from '@portal/domain';
import { and, eq, isNotNull, isNull, lt, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  bookings,
  contactMessages,
  dataRequests,
  outbox,
  rateLimits,
  reviews,
  scheduledJobs,
  sessions,
  signInFailures,
  users,
  verifications,
  writeRateLimits,
} from '../../db/schema.ts';
import { failedSignInWindowMs } from '../../lib/accounts/sign-in-failures.ts';
import { HttpError } from '../../lib/errors.ts';
import { remindOverdueInvoices } from '../billing/overdue.ts';
import {
  duePendingBookings,
  expirePendingBooking,
  type StatusChangeOptions,
} from '../bookings/booking-status.service.ts';
import { settleAbandonedCheckouts } from '../payments/abandoned-checkouts.ts';

/** Sent mail is kept this long (the dev mailbox and support read it), then deleted. */
export const sentMailKeptMs = retentionMs.sentMail;
/** Counters are deleted well after their windows (15 min sign-in lock, 10 min at most for better-auth, 1 min writes). */
const countersKeptMs = retentionMs.counter;

export const housekeepingJob = 'housekeeping';

export interface HousekeepingOptions extends StatusChangeOptions {
  /** PENDING_EXPIRY_HOURS: 0 leaves pending bookings alone. */
  pendingExpiryHours: number;
}

/** What one run did: rows deleted per table, and bookings cancelled as unconfirmed. */
export interface HousekeepingOutcome {
  sentMail: number;
  /** Undelivered (dead) mail, 30 days after it was written. */
  deadMail: number;
  /** Accounts never verified, 7 days after their last sign-up, with everything that was theirs. */
  unverifiedAccounts: number;
  /** Contact-form messages, a year after they arrived. */
  contactMessages: number;
  sessions: number;
  verifications: number;
  signInFailures: number;
  rateLimits: number;
  writeRateLimits: number;
  expiredBookings: number;
  /** Bookings whose client address was cleared (no longer pending, or started). */
  clientAddresses: number;
  /** Clients reminded of an overdue invoice (once each). */
  overdueInvoices: number;
  /** Card checkouts past their expiry that Stripe never reported, settled (docs/decisions/050). */
  abandonedCheckouts: number;
}

/**
 * Claims this period's run of a job: true for exactly one caller per period, whichever process it is in. The row
 * lock makes a concurrent UPDATE wait and then see the moved `next_run_at`.
 */
export async function claimScheduledRun(db: Database, name: string, intervalMs: number): Promise<boolean> {
  await db.insert(scheduledJobs).values({ name }).onConflictDoNothing();
  const claimed = await db
    .update(scheduledJobs)
    .set({
      nextRunAt: sql`now() + make_interval(secs => ${intervalMs / 1000})`,
      lastStartedAt: sql`now()`,
    })
    .where(and(eq(scheduledJobs.name, name), lte(scheduledJobs.nextRunAt, sql`now()`)))
    .returning({ name: scheduledJobs.name });
  return claimed.length > 0;
}

async function deleted(query: PromiseLike<unknown>): Promise<number> {
  // node-postgres answers rowCount, PGlite affectedRows; `returning` would ship every row back.
  const result = (await query) as { rowCount?: number | null; affectedRows?: number | null };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** The work of one run, judged at `now` (tests move it). */
export async function housekeep(
  db: Database,
  options: HousekeepingOptions,
  now = new Date(),
): Promise<HousekeepingOutcome> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const outcome: HousekeepingOutcome = {
    sentMail: await deleted(
      db.delete(outbox).where(and(eq(outbox.status, 'sent'), lt(outbox.sentAt, ago(sentMailKeptMs)))),
    ),
    deadMail: await deleted(
      db
        .delete(outbox)
        .where(and(eq(outbox.status, 'dead'), lt(outbox.createdAt, ago(retentionMs.undeliveredMail)))),
    ),
    unverifiedAccounts: await deleteUnverifiedAccounts(db, ago(retentionMs.unverifiedAccount)),
    contactMessages: await deleted(
      db.delete(contactMessages).where(lt(contactMessages.createdAt, ago(retentionMs.contactMessage))),
    ),
    sessions: await deleted(db.delete(sessions).where(lt(sessions.expiresAt, now))),
    verifications: await deleted(db.delete(verifications).where(lt(verifications.expiresAt, now))),
    signInFailures: await deleted(
      db
        .delete(signInFailures)
        .where(lt(signInFailures.windowStartedAt, ago(Math.max(countersKeptMs, failedSignInWindowMs)))),
    ),
    rateLimits: await deleted(
      db.delete(rateLimits).where(lt(rateLimits.lastRequest, now.getTime() - countersKeptMs)),
    ),
    writeRateLimits: await deleted(
      db.delete(writeRateLimits).where(lt(writeRateLimits.windowStartedAt, ago(countersKeptMs))),
    ),
    expiredBookings: await expirePendingBookings(db, options, now),
    abandonedCheckouts: await settleAbandonedCheckouts(db, options, now),
    // After the cancellations above, so that a booking they cancel loses its address in the same run.
    clientAddresses: await clearClientAddresses(db, now),
    overdueInvoices: await remindOverdueInvoices(db, options, now),
  };
  return outcome;
}

/**
 * Deletes the accounts whose address was never verified, made (or last signed up for again, which hands the
 * account over: library-hooks.ts) before `cutoff`, with all that cascades from them: sessions, credentials, a
 * profile. Never one that has bookings, reviews or a record of a data request, nor an erased account (the firm's
 * records keep those).
 */
export async function deleteUnverifiedAccounts(db: Database, cutoff: Date): Promise<number> {
  return deleted(
    db
      .delete(users)
      .where(
        and(
          eq(users.emailVerified, false),
          isNull(users.erasedAt),
          lt(users.createdAt, cutoff),
          lt(users.updatedAt, cutoff),
          notExists(db.select({ one: sql`1` }).from(bookings).where(eq(bookings.userId, users.id))),
          notExists(db.select({ one: sql`1` }).from(reviews).where(eq(reviews.userId, users.id))),
          notExists(
            db.select({ one: sql`1` }).from(dataRequests).where(eq(dataRequests.subjectUserId, users.id)),
          ),
        ),
      ),
  );
}

/**
 * Forgets the client address of bookings that no longer count towards the pending limit per address (no longer
 * pending, or started): it is personal data, kept only as long as that limit needs it (docs/product.md#housekeeping).
 */
export async function clearClientAddresses(db: Database, now: Date): Promise<number> {
  return deleted(
    db
      .update(bookings)
      .set({ clientAddress: null })
      .where(
        and(
          isNotNull(bookings.clientAddress),
          or(ne(bookings.status, 'pending'), lte(bookings.startsAt, now)),
        ),
      ),
  );
}

/** Cancels the pending bookings nobody confirmed in time, each in its own transaction; how many. */
export async function expirePendingBookings(
  db: Database,
  options: HousekeepingOptions,
  now = new Date(),
): Promise<number> {
  const rule = { now, hours: options.pendingExpiryHours };
  let expired = 0;
  for (const id of await duePendingBookings(db, now, rule.hours)) {
    try {
      if (await expirePendingBooking(db, id, rule, options)) expired += 1;
    } catch (error) {
      // A card hold Stripe could not release now: the booking stays pending and the next run tries again.
      if (!(error instanceof HttpError)) throw error;
    }
  }
  return expired;
}

/**
 * One scheduled run: does the work when this process wins the period's claim, and records what it did.
 * Undefined when another process (or an earlier call) already has this period.
 */
export async function runHousekeeping(
  db: Database,
  options: HousekeepingOptions & { intervalMs: number },
): Promise<HousekeepingOutcome | undefined> {
  if (!(await claimScheduledRun(db, housekeepingJob, options.intervalMs))) return undefined;
  let outcome: HousekeepingOutcome | { error: string } = { error: 'unfinished' };
  try {
    outcome = await housekeep(db, options);
    return outcome;
  } catch (error) {
    outcome = { error: error instanceof Error ? error.message : String(error) };
    throw error;
  } finally {
    await db
      .update(scheduledJobs)
      .set({ lastFinishedAt: sql`now()`, lastOutcome: outcome })
      .where(eq(scheduledJobs.name, housekeepingJob))
      .catch(() => {});
  }
}
