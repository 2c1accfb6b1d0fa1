// The calls this portal makes to Stripe, through the official SDK (docs/decisions/050). Every call that moves money
// carries an idempotency key made from the booking and the action, so a retry never charges or refunds twice; a
// failure becomes a 503 or 409 the caller's transaction rolls back on, so the booking stays as it was.
import { billingMessages } from '@portal/domain';
import Stripe from 'stripe';
import type { PaymentSettings, StripeSettings } from '../../config.ts';
import { Conflict, ServiceUnavailable } from '../../lib/errors.ts';

/** What card payments need beyond the database: the SDK client, the webhook secret, the checkout's life. */
export interface CardPayments {
  stripe: Stripe;
  webhookSecret: string;
  checkoutExpiryMinutes: number;
  /** APP_URL: where the checkout sends the client back. */
  appUrl: string;
}

/** Under the 8 s request timeout with one retry: a slow Stripe gets our 503, not the proxy's. */
const stripeTimeoutMs = 3_000;

function stripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl === undefined ? undefined : new URL(settings.apiUrl);
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: stripeTimeoutMs,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** The card payments of PAYMENTS=stripe; null when bookings are paid by invoice. */
export function cardPaymentsOf(settings: PaymentSettings, appUrl: string): CardPayments | null {
  if (settings.mode !== 'stripe') return null;
  return {
    stripe: stripeClient(settings.stripe),
    webhookSecret: settings.stripe.webhookSecret,
    checkoutExpiryMinutes: settings.checkoutExpiryMinutes,
    appUrl,
  };
}

/** The actions on a booking's payment; each booking does each at most once, whatever the retries. */
export type CardAction = 'checkout' | 'capture' | 'void' | 'refund' | 'expire';

/**
 * Runs one call to Stripe. Stripe unreachable or failing on its side → 503 (the client or the housekeeping tries
 * again); Stripe refusing the request → 409. Either way the caller's transaction rolls back.
 */
export async function callStripe<Result>(call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      error instanceof Stripe.errors.StripeCardError
    ) {
      throw new Conflict(billingMessages.cardServiceRefused);
    }
    if (error instanceof Stripe.errors.StripeError) {
      throw new ServiceUnavailable(billingMessages.cardServiceUnavailable);
    }
    throw error;
  }
}
