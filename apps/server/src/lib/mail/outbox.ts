// The mail outbox: requests insert, the worker claims due messages, sends them, and records the outcome.
import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type OutboxRow, outbox } from '../../db/schema.ts';
import type { MailMessage } from './letter.ts';

/** A database handle or an open transaction: mail enqueued in a transaction is sent only if it commits. */
type Writer = Pick<Database, 'insert'>;

/** How long a claimed message stays reserved before another worker may take it over (a crash mid-send). */
const claimLeaseMs = 60_000;

export async function enqueueMail(db: Writer, message: MailMessage): Promise<OutboxRow> {
  const [row] = await db
    .insert(outbox)
    .values({ ...message, icalEvent: message.icalEvent ?? null })
    .returning();
  if (!row) throw new Error('The outbox insert returned no row');
  return row;
}

/**
 * Claims up to `limit` due messages: pending ones whose time has come, and ones whose claim lease ran out.
 * `FOR UPDATE SKIP LOCKED` lets several server processes poll the same table without taking the same message.
 */
export async function claimDueMail(db: Database, limit = 10): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(ne(outbox.status, 'sent'), lte(outbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${claimLeaseMs / 1000})`,
    })
    .where(inArray(outbox.id, due))
    .returning();
  // In the order they were written (an UPDATE … RETURNING has no order of its own).
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export async function markSent(db: Database, id: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

/** Puts a message back to pending, due after `delayMs`, with the error that stopped it. */
export async function markFailed(db: Database, id: string, error: string, delayMs: number): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: 'pending',
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

/** Exponential backoff after the n-th failed attempt (1-based), capped. */
export function retryDelayMs(attempts: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** The newest messages first (the dev mailbox), optionally only those to one address. */
export async function listMail(db: Database, options: { to?: string; limit?: number } = {}) {
  return db
    .select()
    .from(outbox)
    .where(options.to ? eq(sql`lower(${outbox.to})`, options.to.toLowerCase()) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(options.limit ?? 100);
}
