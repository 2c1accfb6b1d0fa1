// Stripe's webhook (PAYMENTS=stripe only): its signature is checked on the body's exact bytes, so this plugin reads
// JSON as bytes rather than through the app's parser.
import { apiErrorBodySchema, apiPaths, billingMessages } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { BadRequest } from '../../lib/errors.ts';
import type { StatusChangeOptions } from '../bookings/booking-status.service.ts';
import { handleStripeEvent } from './stripe-events.service.ts';
import type { CardPayments } from './stripe-gateway.ts';

/** Stripe's events are small; a checkout session with its line items stays well under this. */
const webhookBodyLimitBytes = 256 * 1024;

export async function paymentsRoutes(
  app: FastifyInstance,
  options: Omit<StatusChangeOptions, 'cardPayments'> & { cardPayments: CardPayments },
) {
  const cards = options.cardPayments;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.stripeWebhook,
    {
      bodyLimit: webhookBodyLimitBytes,
      schema: {
        tags: ['billing'],
        summary:
          "Stripe's signed events: a checkout finished or expired, a payment captured, voided or refunded",
        headers: z.object({ 'stripe-signature': z.string().optional() }),
        response: {
          200: z.object({ received: z.literal(true) }),
          400: apiErrorBodySchema.describe(`'${billingMessages.webhookSignatureInvalid}'`),
        },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || signature === undefined) {
        throw new BadRequest(billingMessages.webhookSignatureInvalid);
      }
      let event: Stripe.Event;
      try {
        event = cards.stripe.webhooks.constructEvent(request.body, signature, cards.webhookSecret);
      } catch (error) {
        const forged = error instanceof Stripe.errors.StripeSignatureVerificationError;
        throw new BadRequest(
          forged ? billingMessages.webhookSignatureInvalid : billingMessages.webhookBodyInvalid,
        );
      }
      await handleStripeEvent(app.db, event, options);
      return { received: true as const };
    },
  );
}
