// Mail: requests put messages in the outbox; a worker in this process delivers them over SMTP, or, without
// SMTP_URL outside production, into the dev mailbox (the outbox rows, listed at /dev/mail to loopback callers).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { linksIn, type MailMessage } from '../lib/mail/letter.ts';
import { claimLeaseMs, enqueueMail } from '../lib/mail/outbox.ts';
import { smtpDelivery } from '../lib/mail/smtp.ts';
import { type AttachmentsOf, type Deliver, type MailWorker, startMailWorker } from '../lib/mail/worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /** Stores the message in the outbox and wakes the worker; never waits for SMTP. */
      send(message: MailMessage): Promise<void>;
    };
  }
}

export interface MailOptions {
  /** Poll interval of the worker (default 500 ms). */
  pollIntervalMs?: number;
  /** First retry delay; doubles per failed attempt up to `retryCapMs` (defaults 1 min and 1 h). */
  retryBaseMs?: number;
  retryCapMs?: number;
}

export async function registerMail(
  app: FastifyInstance,
  config: Pick<
    Config,
    'smtpUrl' | 'mailFrom' | 'replyTo' | 'devMailbox' | 'smtpTimeoutMs' | 'mailMaxAttempts'
  >,
  options: MailOptions = {},
  /** The files a letter carries (an invoice's PDF): given by the app, which knows the modules that draw them. */
  attachmentsOf: AttachmentsOf = async () => [],
): Promise<void> {
  let deliver: Deliver | undefined;
  let closeTransport = () => {};
  if (config.smtpUrl !== undefined) {
    const smtp = smtpDelivery({
      url: config.smtpUrl,
      from: config.mailFrom,
      replyTo: config.replyTo,
      timeoutMs: config.smtpTimeoutMs,
      attachmentsOf,
    });
    closeTransport = smtp.close;
    deliver = smtp.deliver;
    if (config.replyTo === undefined) {
      // MAIL_FROM is usually a no-reply mailbox: clients who answer a letter would write into the void.
      app.log.warn(
        "Neither REPLY_TO nor FIRM_EMAIL is set: emails carry no Reply-To, so clients' replies go to MAIL_FROM",
      );
    }
  } else if (config.devMailbox) {
    // The dev mailbox keeps the rows; delivering is showing where to read them. Links sign people in or reset
    // passwords: only a developer's debug log shows them.
    deliver = async (message) => {
      app.log.info({ mailId: message.id }, 'dev mailbox: message stored (read it at /dev/mail)');
      app.log.debug({ mailId: message.id, links: linksIn(message.text) }, 'dev mailbox: the message links');
    };
  } else {
    app.log.warn('SMTP_URL is not set: emails wait in the outbox until an SMTP server is configured');
  }

  let worker: MailWorker | undefined;
  app.decorate('mail', {
    send: async (message: MailMessage) => {
      await enqueueMail(app.db, message);
      worker?.wake();
    },
  });
  if (deliver) {
    const start = deliver;
    app.addHook('onReady', async () => {
      worker = startMailWorker({
        db: app.db,
        deliver: start,
        log: app.log,
        leaseMs: claimLeaseMs(config.smtpTimeoutMs),
        maxAttempts: config.mailMaxAttempts,
        forgetOneTimeLinks: config.smtpUrl !== undefined,
        ...options,
      });
    });
    app.addHook('preClose', async () => {
      await worker?.stop();
      worker = undefined;
      closeTransport();
    });
  }
}
