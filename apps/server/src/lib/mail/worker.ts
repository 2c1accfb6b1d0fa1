// The mail worker: polls the outbox (and wakes at once after an insert), delivers, retries with backoff.
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import type { OutboxRow } from '../../db/schema.ts';
import {
  buryExhaustedMail,
  type ClaimedMail,
  claimDueMail,
  markFailed,
  markSent,
  retryDelayMs,
} from './outbox.ts';

/**
 * The Message-ID of an outbox message: derived from its id, so every attempt of one message carries the same one
 * and a receiving server or mail client can recognise a repeat. The domain is the sender's.
 */
export function messageIdOf(outboxId: string, from: string): string {
  const domain = /@([^<>@\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${outboxId}@${domain}>`;
}

/**
 * Every e-mail the portal sends is written by a program: `Auto-Submitted` (RFC 3834) keeps autoresponders from
 * answering it, and `X-Auto-Response-Suppress` keeps Exchange's out-of-office and receipts from doing so.
 */
export const automaticMailHeaders = {
  'Auto-Submitted': 'auto-generated',
  'X-Auto-Response-Suppress': 'All',
} as const;

/** Who sends the e-mails and where replies go when a letter names no one of its own. */
export interface Sender {
  /** MAIL_FROM. */
  from: string;
  /** The firm's reply address (REPLY_TO, else the first FIRM_EMAIL); undefined: replies go to `from`. */
  replyTo?: string | undefined;
}

/**
 * The nodemailer message of an outbox row. A letter's own Reply-To (the client, on the firm's notices) wins;
 * every other letter goes to a client, whose answer belongs to the firm, not to a no-reply sender. A calendar part
 * goes in `icalEvent`: nodemailer sends it both as a text/calendar alternative with its METHOD (which mail clients
 * turn into an invitation) and as invite.ics.
 */
export function nodemailerMessage(
  message: OutboxRow,
  sender: Sender,
  attachments: MailAttachment[] = [],
): SendMailOptions {
  const replyTo = message.replyTo ?? sender.replyTo;
  return {
    from: sender.from,
    messageId: messageIdOf(message.id, sender.from),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { ...automaticMailHeaders },
    ...(replyTo ? { replyTo } : {}),
    ...(message.icalEvent
      ? {
          icalEvent: {
            method: message.icalEvent.method,
            filename: 'invite.ics',
            content: message.icalEvent.content,
          },
        }
      : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

/** A file attached to a letter (an invoice's PDF), made when it is sent. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** The files a stored letter carries (its `invoice_id`'s PDF), drawn at sending time. */
export type AttachmentsOf = (message: OutboxRow) => Promise<MailAttachment[]>;

/** Delivers one message; throws when it could not be delivered. */
export type Deliver = (message: OutboxRow) => Promise<void>;

export interface MailWorkerOptions {
  db: Database;
  deliver: Deliver;
  log: FastifyBaseLogger;
  /** How long a claim reserves a message: longer than any one send can take (see `claimLeaseMs`). */
  leaseMs: number;
  /** Attempts before a message is marked dead (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Whether a delivered e-mail's one-time link is forgotten (SMTP: yes; the dev mailbox keeps it to be read). */
  forgetOneTimeLinks?: boolean;
  pollIntervalMs?: number;
  retryBaseMs?: number;
  retryCapMs?: number;
}

export interface MailWorker {
  /** Asks for a poll now (after an insert). */
  wake(): void;
  /** Stops polling and waits for the messages in hand to finish. */
  stop(): Promise<void>;
}

/**
 * An SMTP server's refusal as the log may show it: servers name the recipient ('550 <jane@example.com>: unknown'),
 * and the log keeps no client's address (the outbox row, which administrators see, keeps the whole reply).
 */
function loggableReason(reason: string | null): string | null {
  return reason?.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '[address]') ?? null;
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, deliver, log, leaseMs, maxAttempts } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  // 8 attempts at 1, 2, 4 … 60 minutes apart: about two hours of an unreachable SMTP server before giving up.
  const retryBaseMs = options.retryBaseMs ?? 60_000;
  const retryCapMs = options.retryCapMs ?? 60 * 60_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  function logDead(message: OutboxRow, reason: string | null): void {
    log.error(
      { mailId: message.id, attempts: message.attempts, reason: loggableReason(reason) },
      'mail undeliverable: given up after the last attempt (shown on the admin dashboard)',
    );
  }

  async function deliverOne(message: ClaimedMail): Promise<void> {
    try {
      await deliver(message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const delay = retryDelayMs(message.attempts, retryBaseMs, retryCapMs);
      const outcome = await markFailed(db, message, { error: reason, delayMs: delay, maxAttempts });
      if (outcome === 'dead') logDead(message, reason);
      else if (outcome === 'retry') {
        log.warn(
          {
            mailId: message.id,
            attempts: message.attempts,
            retryInMs: delay,
            reason: loggableReason(reason),
          },
          'mail not delivered; will retry',
        );
      } else
        log.warn(
          { mailId: message.id, reason: loggableReason(reason) },
          'mail not delivered; its claim had already run out',
        );
      return;
    }
    if (!(await markSent(db, message, { forgetOneTimeLinks: options.forgetOneTimeLinks }))) {
      // Sent after the lease ran out: another claim owns the message now and may send it again.
      log.warn({ mailId: message.id }, 'mail delivered after its claim ran out; the newer claim decides');
    }
  }

  async function poll(): Promise<void> {
    do {
      again = false;
      for (const message of await buryExhaustedMail(db, maxAttempts)) logDead(message, message.lastError);
      const due = await claimDueMail(db, { leaseMs, maxAttempts });
      await Promise.all(due.map(deliverOne));
      if (due.length > 0) again = true;
    } while (again && !stopped);
  }

  function schedule(delay: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = poll()
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error }, 'mail worker poll failed');
      })
      .finally(() => {
        running = undefined;
        schedule(pollIntervalMs);
      });
  }

  schedule(0);
  return {
    wake: () => {
      if (running) again = true;
      else schedule(0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
