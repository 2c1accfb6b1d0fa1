// The mail worker: polls the outbox (and wakes at once after an insert), delivers, retries with backoff.
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import type { OutboxRow } from '../../db/schema.ts';
import { claimDueMail, markFailed, markSent, retryDelayMs } from './outbox.ts';

/**
 * The nodemailer message of an outbox row. A calendar part goes in `icalEvent`: nodemailer sends it both as a
 * text/calendar alternative with its METHOD (which mail clients turn into an invitation) and as invite.ics.
 */
export function nodemailerMessage(message: OutboxRow, from: string): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.icalEvent
      ? {
          icalEvent: {
            method: message.icalEvent.method,
            filename: 'invite.ics',
            content: message.icalEvent.content,
          },
        }
      : {}),
  };
}

/** Delivers one message; throws when it could not be delivered. */
export type Deliver = (message: OutboxRow) => Promise<void>;

export interface MailWorkerOptions {
  db: Database;
  deliver: Deliver;
  log: FastifyBaseLogger;
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

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, deliver, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  const retryCapMs = options.retryCapMs ?? 5 * 60_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function deliverOne(message: OutboxRow): Promise<void> {
    try {
      await deliver(message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const delay = retryDelayMs(message.attempts, retryBaseMs, retryCapMs);
      log.warn(
        { mailId: message.id, attempts: message.attempts, retryInMs: delay, reason },
        'mail not delivered; will retry',
      );
      await markFailed(db, message.id, reason, delay);
      return;
    }
    await markSent(db, message.id);
  }

  async function poll(): Promise<void> {
    do {
      again = false;
      const due = await claimDueMail(db);
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
