// The reminder worker: one per process, a pass at start-up, a minute after each pass, and at once when this process
// confirms a booking. Every process may pass at the same time: the database decides who sends each reminder
// (reminders.service.ts). Closing the app stops the passes and waits for the one in hand to finish its batch.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { sendDueReminders } from './reminders.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reminders: {
      /** Asks for a pass now (a booking was just confirmed: its reminder may already be due). */
      wake(): void;
    };
  }
}

export interface ReminderWorkerOptions {
  /** Time between passes (default a minute: reminders are due by the hour; tests pass less). */
  pollIntervalMs?: number;
}

const defaultPollIntervalMs = 60_000;

export function registerReminders(
  app: FastifyInstance,
  config: Pick<Config, 'reminderHours' | 'businessTimeZone' | 'appUrl' | 'mailFrom' | 'replyTo'> & {
    /** The key of the reminder's signed calendar link (calendarLinkKey). */
    calendarLinkKey: Buffer;
  },
  workerOptions: ReminderWorkerOptions = {},
): void {
  const options = {
    reminderHours: config.reminderHours,
    timeZone: config.businessTimeZone,
    appUrl: config.appUrl,
    mailFrom: config.mailFrom,
    replyTo: config.replyTo,
    calendarLinkKey: config.calendarLinkKey,
  };
  const pollIntervalMs = workerOptions.pollIntervalMs ?? defaultPollIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;
  let stopped = false;
  let again = false;

  function schedule(delay: number): void {
    if (!started || stopped) return;
    clearTimeout(timer);
    timer = setTimeout(pass, delay);
    timer.unref();
  }

  function pass(): void {
    if (stopped || running) return;
    again = false;
    running = sendDueReminders(app.db, options, new Date(), () => stopped)
      .then((sent) => {
        if (sent > 0) app.log.info({ reminders: sent }, 'reminders enqueued');
      })
      .catch((error: unknown) => {
        if (!stopped) app.log.error({ err: error }, 'reminder pass failed');
      })
      .finally(() => {
        running = undefined;
        schedule(again ? 0 : pollIntervalMs);
      });
  }

  app.decorate('reminders', {
    wake: () => {
      if (running) again = true;
      else schedule(0);
    },
  });
  app.addHook('onReady', async () => {
    started = true;
    // At once: a restart catches up on what fell due while no process was running.
    schedule(0);
  });
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
