// Housekeeping starts with the app: every process checks now and then, and the database lets one run per period
// (see claimScheduledRun). Closing the app stops the checks and waits for a run in hand to finish.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { CardPayments } from '../payments/stripe-gateway.ts';
import { runHousekeeping } from './housekeeping.service.ts';

/** How often a process asks whether the period's run is due: often enough that a restart never skips one. */
const checkEveryMs = 60_000;

export function registerHousekeeping(
  app: FastifyInstance,
  config: Pick<
    Config,
    | 'housekeepingIntervalMs'
    | 'pendingExpiryHours'
    | 'businessTimeZone'
    | 'appUrl'
    | 'mailFrom'
    | 'replyTo'
    | 'invoicing'
  >,
  cardPayments: CardPayments | null,
): void {
  const options = {
    intervalMs: config.housekeepingIntervalMs,
    pendingExpiryHours: config.pendingExpiryHours,
    timeZone: config.businessTimeZone,
    appUrl: config.appUrl,
    mailFrom: config.mailFrom,
    replyTo: config.replyTo,
    invoicing: config.invoicing,
    cardPayments,
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function tick(): void {
    if (stopped || running) return;
    running = runHousekeeping(app.db, options)
      .then((outcome) => {
        if (outcome) app.log.info({ housekeeping: outcome }, 'housekeeping done');
      })
      .catch((error: unknown) => {
        if (!stopped) app.log.error({ err: error }, 'housekeeping failed');
      })
      .finally(() => {
        running = undefined;
      });
  }

  app.addHook('onReady', async () => {
    // Not at start-up: the first check comes a minute (or one interval) later, so a crash loop never hammers it.
    timer = setInterval(tick, Math.min(checkEveryMs, config.housekeepingIntervalMs));
    timer.unref();
  });
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}
