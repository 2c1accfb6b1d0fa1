// Letters gathered in the outbox (docs/decisions/042): news about one thing (a booking's client actions, one side's
// messages in its conversation) makes one letter per recipient while that letter waits unsent, and at most one per
// window once it has gone. The outbox's worker, claim and retries deliver it; the database's clock keeps the
// window, so every server process keeps the same one.
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { MailMessage } from './letter.ts';

/** How long a first letter waits for the news that follows, and how long after a letter the next may go. */
export interface GatheringTimes {
  /** FIRM_NOTICE_DELAY_SECONDS, in milliseconds. */
  firmNoticeDelayMs: number;
  /** FIRM_NOTICE_WINDOW_MINUTES, in milliseconds. */
  firmNoticeWindowMs: number;
}

/** One recipient of a gathered letter, and its letter telling of everything from `since` on. */
export interface GatheredRecipient {
  to: string;
  /** `since`: when the waiting letter began (the news it already told included), or when this news began. */
  letter(since: SQL): Promise<MailMessage>;
}

/**
 * Makes the gathering of `key` one writer at a time until the transaction ends. Taken again by `gatherLetters` (an
 * advisory lock is re-entrant): a caller takes it first when the news it writes must follow the lock's order.
 */
export async function lockGathering(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Gathers the news into each recipient's letter of `key`, in the caller's transaction (which decides whether it is
 * sent). A letter of the key to the recipient still waiting unsent and never tried is written again, telling of
 * everything since it began; otherwise a new one starts at `startedAt` (by default the transaction's start, which
 * the news written in it shares), due `firmNoticeDelayMs` from now and at least `firmNoticeWindowMs` after the
 * previous letter's delivery.
 */
export async function gatherLetters(
  tx: Transaction,
  key: string,
  recipients: readonly GatheredRecipient[],
  times: GatheringTimes,
  startedAt: SQL = sql`now()`,
): Promise<void> {
  if (recipients.length === 0) return;
  await lockGathering(tx, key);
  for (const { to, letter: write } of recipients) {
    const ofThisKey = and(eq(outbox.coalesceKey, key), eq(outbox.to, to));
    // Unsent and never tried: the worker has not claimed it (a claim would skip our lock, or we see it taken).
    const [waiting] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(ofThisKey, eq(outbox.status, 'pending'), eq(outbox.attempts, 0)))
      .orderBy(desc(outbox.createdAt))
      .limit(1)
      .for('update');
    if (waiting) {
      const letter = await write(
        sql`(select ${outbox.createdAt} from ${outbox} where ${outbox.id} = ${waiting.id})`,
      );
      await tx
        .update(outbox)
        .set({
          subject: letter.subject,
          text: letter.text,
          html: letter.html,
          replyTo: letter.replyTo ?? null,
        })
        .where(eq(outbox.id, waiting.id));
      continue;
    }
    const [previous] = await tx
      .select({
        deliveredAt: sql<Date>`coalesce(${outbox.sentAt}, ${outbox.nextAttemptAt})`.mapWith(outbox.sentAt),
      })
      .from(outbox)
      .where(ofThisKey)
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const letter = await write(startedAt);
    const soonest = sql`now() + make_interval(secs => ${times.firmNoticeDelayMs / 1000})`;
    await tx.insert(outbox).values({
      ...letter,
      replyTo: letter.replyTo ?? null,
      icalEvent: null,
      coalesceKey: key,
      createdAt: startedAt,
      nextAttemptAt: previous
        ? sql`greatest(${soonest}, ${previous.deliveredAt.toISOString()}::timestamptz + make_interval(secs => ${times.firmNoticeWindowMs / 1000}))`
        : soonest,
    });
  }
}
