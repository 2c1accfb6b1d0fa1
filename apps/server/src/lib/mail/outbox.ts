// The mail outbox: requests insert, the worker claims due messages, sends them, and records the outcome.
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type OutboxRow, outbox } from '../../db/schema.ts';
import type { MailMessage } from './letter.ts';

/** A database handle or an open transaction: mail enqueued in a transaction is sent only if it commits. */
type Writer = Pick<Database, 'insert'>;

/**
 * How long a claimed message stays reserved before another worker may take it over (a crash mid-send). One send
 * waits at most for the connection, the greeting and about six command replies (EHLO, MAIL, RCPT, DATA, the
 * message, QUIT), each bounded by the SMTP timeout: 8 timeouts. Ten leave room for the database round trips, so a
 * worker that is merely slow has given up on its send before anyone else may start one.
 */
export function claimLeaseMs(smtpTimeoutMs: number): number {
  return 10 * smtpTimeoutMs;
}

/** A message in a worker's hands: `claimId` proves which claim it is. */
export type ClaimedMail = OutboxRow & { claimId: string };

/** The statuses the worker still works on (`sent` and `dead` are final). */
const open = inArray(outbox.status, ['pending', 'sending']);

export async function enqueueMail(db: Writer, message: MailMessage): Promise<OutboxRow> {
  const [row] = await db
    .insert(outbox)
    .values({
      ...message,
      replyTo: message.replyTo ?? null,
      icalEvent: message.icalEvent ?? null,
      oneTimeLink: message.oneTimeLink ?? false,
      invoiceId: message.invoiceId ?? null,
    })
    .returning();
  if (!row) throw new Error('The outbox insert returned no row');
  return row;
}

export interface ClaimOptions {
  leaseMs: number;
  maxAttempts: number;
  limit?: number;
}

/**
 * Claims up to `limit` due messages that have attempts left: pending ones whose time has come, and ones whose
 * claim lease ran out. Each claim gets a new claim id. `FOR UPDATE SKIP LOCKED` lets several server processes poll
 * the same table without taking the same message.
 */
export async function claimDueMail(db: Database, options: ClaimOptions): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(open, lte(outbox.nextAttemptAt, sql`now()`), lt(outbox.attempts, options.maxAttempts)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(options.limit ?? 10)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({
      status: 'sending',
      claimId: sql`gen_random_uuid()`,
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${options.leaseMs / 1000})`,
    })
    .where(inArray(outbox.id, due))
    .returning();
  // In the order they were written (an UPDATE … RETURNING has no order of its own).
  return claimed
    .filter((row): row is ClaimedMail => row.claimId !== null)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Marks dead the messages that have no attempts left but were never given an outcome: their last claim ran out
 * (a worker crashed or stalled on its last attempt), or the limit was lowered since.
 */
export async function buryExhaustedMail(db: Database, maxAttempts: number): Promise<OutboxRow[]> {
  return db
    .update(outbox)
    .set({
      status: 'dead',
      claimId: null,
      lastError: sql`case when ${outbox.status} = 'sending' then 'The last attempt never reported back (its claim ran out)' else ${outbox.lastError} end`,
    })
    .where(and(open, lte(outbox.nextAttemptAt, sql`now()`), gte(outbox.attempts, maxAttempts)))
    .returning();
}

/** What a delivered e-mail with a one-time link keeps instead of its text. */
export const forgottenOneTimeLink =
  'This email carried a one-time link. It was delivered, and the outbox does not keep the link.';

/**
 * Records a delivery; false when this claim is no longer the message's (another worker took it over). With
 * `forgetOneTimeLinks` (a real delivery, not the dev mailbox, whose rows are what developers read) an e-mail with a
 * one-time link keeps only a note in place of its text.
 */
export async function markSent(
  db: Database,
  claim: ClaimedMail,
  options: { forgetOneTimeLinks?: boolean } = {},
): Promise<boolean> {
  const forget = options.forgetOneTimeLinks ? sql`${outbox.oneTimeLink}` : sql`false`;
  const rows = await db
    .update(outbox)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      lastError: null,
      text: sql`case when ${forget} then ${forgottenOneTimeLink} else ${outbox.text} end`,
      html: sql`case when ${forget} then ${`<p>${forgottenOneTimeLink}</p>`} else ${outbox.html} end`,
    })
    .where(and(eq(outbox.id, claim.id), eq(outbox.claimId, claim.claimId), eq(outbox.status, 'sending')))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

export type FailureOutcome = 'retry' | 'dead' | 'lost';

/**
 * Records a failed attempt: back to pending, due after `delayMs`, or dead when it was the last attempt allowed.
 * 'lost' when this claim is no longer the message's: the newer claim's outcome stands.
 */
export async function markFailed(
  db: Database,
  claim: ClaimedMail,
  failure: { error: string; delayMs: number; maxAttempts: number },
): Promise<FailureOutcome> {
  const last = sql`${outbox.attempts} >= ${failure.maxAttempts}`;
  const [row] = await db
    .update(outbox)
    .set({
      status: sql`case when ${last} then 'dead' else 'pending' end`,
      lastError: failure.error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${failure.delayMs / 1000})`,
    })
    .where(and(eq(outbox.id, claim.id), eq(outbox.claimId, claim.claimId), eq(outbox.status, 'sending')))
    .returning({ status: outbox.status });
  if (!row) return 'lost';
  return row.status === 'dead' ? 'dead' : 'retry';
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

/** The e-mails given up on (dead): how many, and the latest few (the administrators' dashboard). */
export async function undeliveredMail(db: Database, limit: number) {
  const dead = eq(outbox.status, 'dead');
  const [total] = await db.select({ count: count() }).from(outbox).where(dead);
  const latest = await db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(dead)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
  return {
    count: Number(total?.count ?? 0),
    latest: latest.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() })),
  };
}
