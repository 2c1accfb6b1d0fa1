// Housekeeping's safety net for a lost webhook: a checkout past its expiry that Stripe never reported is asked
// about, reconciled (finished after all: authorised) or closed, and its booking cancelled and freed. One that
// cannot be settled now stays as it is and is tried again on the next run.
import { and, asc, eq, lt } from 'drizzle-orm';
import { type Database, transactionRetryingDeadlocks } from '../../db/client.ts';
import { bookings, cardPayments } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import type { StatusChangeOptions } from '../bookings/booking-status.service.ts';
import { bookingsChanged } from '../bookings/held-times.ts';
import { idempotencyKey } from './card-settlement.ts';
import { checkoutCompleted, checkoutExpired } from './stripe-events.service.ts';
import { callStripe } from './stripe-gateway.ts';

/** How long after its expiry Stripe's own `checkout.session.expired` event is waited for. */
export const abandonedCheckoutGraceMs = 10 * 60_000;

/** Settles the checkouts abandoned before `now`, oldest first, at most `limit`; how many were settled. */
export async function settleAbandonedCheckouts(
  db: Database,
  options: StatusChangeOptions,
  now: Date,
  limit = 100,
): Promise<number> {
  const cards = options.cardPayments;
  if (!cards) return 0;
  const abandoned = await db
    .select({
      booking: { id: bookings.id, createdAt: bookings.createdAt },
      sessionId: cardPayments.checkoutSessionId,
    })
    .from(cardPayments)
    .innerJoin(bookings, eq(bookings.id, cardPayments.bookingId))
    .where(
      and(
        eq(cardPayments.status, 'awaiting'),
        lt(cardPayments.checkoutExpiresAt, new Date(now.getTime() - abandonedCheckoutGraceMs)),
      ),
    )
    .orderBy(asc(cardPayments.checkoutExpiresAt))
    .limit(limit);
  let settled = 0;
  for (const { booking, sessionId } of abandoned) {
    try {
      await transactionRetryingDeadlocks(db, async (tx) => {
        const session = await callStripe(() => cards.stripe.checkout.sessions.retrieve(sessionId));
        if (session.status === 'complete') return checkoutCompleted(tx, session, options);
        // Still open past its time: closed first, so that it can no longer be paid.
        if (session.status === 'open') {
          const key = { idempotencyKey: idempotencyKey(booking, 'expire') };
          await callStripe(() => cards.stripe.checkout.sessions.expire(sessionId, {}, key));
        }
        return checkoutExpired(tx, session, options);
      });
      settled += 1;
    } catch (error) {
      // Stripe unreachable or refusing: the next run asks again.
      if (!(error instanceof HttpError)) throw error;
    }
  }
  if (settled > 0) bookingsChanged(db);
  return settled;
}
