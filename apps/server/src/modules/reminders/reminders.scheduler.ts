// The reminder worker: one per process, a pass at start-up and then every minute. Every process may pass at the
// same time: the database decides who sends each reminder (reminders.service.ts). Closing the app stops the passes
// and waits for the one in hand to finish its batch.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { sendDueReminders } from './reminders.service.ts';

export interface ReminderWorkerOptions {
  /** Time between passes (default a minute: reminders are due by the hour; tests pass less). */
  pollIntervalMs?: number;
}

const defaultPollIntervalMs = 60_000;

export function registerReminders(
  app: FastifyInstance,
  config: Pick<Config, 'reminderHours' | 'businessTimeZone' | 'appUrl' | 'mailFrom'>,
  workerOptions: ReminderWorkerOptions = {},
): void {
  const options = {
    reminderHours: config.reminderHours,
    timeZone: config.businessTimeZone,
    appUrl: config.appUrl,
    mailFrom: config.mailFrom,
  };
  const pollIntervalMs = workerOptions.pollIntervalMs ?? defaultPollIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function pass(): void {
    if (stopped) return;
    running = sendDueReminders(app.db, options, new Date(), () => stopped)
      .then((sent) => {
        if (sent > 0) app.log.info({ reminders: sent }, 'reminders enqueued');
      })
      .catch((error: unknown) => {
        if (!stopped) app.log.error({ err: error }, 'reminder pass failed');
      })
      .finally(() => {
        running = undefined;
        if (stopped) return;
        timer = setTimeout(pass, pollIntervalMs);
        timer.unref();
      });
  }

  app.addHook('onReady', async () => {
    // At once: a restart catches up on what fell due while no process was running.
    timer = setTimeout(pass, 0);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
