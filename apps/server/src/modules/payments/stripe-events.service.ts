// What Stripe tells the portal, by signed webhook: each event handled once (its id recorded in the same
// transaction), in any order, each only moving a payment forward (docs/decisions/050).
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { type Database, type Transaction, transactionRetryingDeadlocks } from '../../db/client.ts';
import { bookings, cardPayments, stripeEvents } from '../../db/schema.ts';
import { statusChangeEmail } from '../../lib/mail/booking-emails.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { findBooking } from '../bookings/booking-read-model.ts';
import {
  calendarHistory,
  recordStatusChange,
  type StatusChangeOptions,
} from '../bookings/booking-status.service.ts';
import { bookingsChanged } from '../bookings/held-times.ts';
import { idempotencyKey, setCardStatus } from './card-settlement.ts';
import { callStripe } from './stripe-gateway.ts';

/** The id of a reference Stripe may give expanded or not. */
function idOf(reference: string | { id: string } | null): string | undefined {
  if (reference === null) return undefined;
  return typeof reference === 'string' ? reference : reference.id;
}

async function lockBySession(tx: Transaction, sessionId: string) {
  const [row] = await tx
    .select({
      card: cardPayments,
      booking: { id: bookings.id, status: bookings.status, createdAt: bookings.createdAt },
    })
    .from(cardPayments)
    .innerJoin(bookings, eq(bookings.id, cardPayments.bookingId))
    .where(eq(cardPayments.checkoutSessionId, sessionId))
    .for('update');
  return row;
}

async function lockByIntent(tx: Transaction, paymentIntentId: string) {
  const [row] = await tx
    .select({ bookingId: cardPayments.bookingId, status: cardPayments.status })
    .from(cardPayments)
    .where(eq(cardPayments.paymentIntentId, paymentIntentId))
    .for('update');
  return row;
}

/** The checkout is finished: the card is authorised. A booking cancelled meanwhile has the hold released at once. */
export async function checkoutCompleted(
  tx: Transaction,
  session: Pick<Stripe.Checkout.Session, 'id' | 'payment_intent'>,
  options: StatusChangeOptions,
): Promise<void> {
  const intent = idOf(session.payment_intent);
  const row = await lockBySession(tx, session.id);
  if (!row || !intent || row.card.status !== 'awaiting') return;
  if (row.booking.status !== 'cancelled') {
    await setCardStatus(tx, row.booking.id, 'authorized', intent);
    return;
  }
  const cards = options.cardPayments;
  if (!cards) return;
  await callStripe(() =>
    cards.stripe.paymentIntents.cancel(intent, {}, { idempotencyKey: idempotencyKey(row.booking, 'void') }),
  );
  await setCardStatus(tx, row.booking.id, 'voided', intent);
}

/** The checkout was never finished: the booking is cancelled by the system, its client told, its slot freed. */
export async function checkoutExpired(
  tx: Transaction,
  session: Pick<Stripe.Checkout.Session, 'id'>,
  options: StatusChangeOptions,
): Promise<void> {
  const row = await lockBySession(tx, session.id);
  if (row?.card.status !== 'awaiting') return;
  await setCardStatus(tx, row.booking.id, 'expired');
  if (row.booking.status !== 'pending') return;
  await recordStatusChange(tx, row.booking, 'cancelled', { kind: 'system' }, options);
  const changed = await findBooking(tx, row.booking.id, options.timeZone);
  const letter = statusChangeEmail(
    changed,
    await calendarHistory(tx, row.booking.id),
    options,
    'checkoutExpired',
  );
  if (letter) await enqueueMail(tx, letter);
}

/**
 * Handles one verified event, once: a replayed id changes nothing. Events about money this portal moved itself
 * (a capture, a void, a refund) find the payment already there; those it did not (a refund made in Stripe's
 * dashboard, a call whose answer was lost) bring it up to date.
 */
export async function handleStripeEvent(
  db: Database,
  event: Stripe.Event,
  options: StatusChangeOptions,
): Promise<void> {
  let bookingsMayHaveChanged = false;
  await transactionRetryingDeadlocks(db, async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return;
    switch (event.type) {
      case 'checkout.session.completed':
        return checkoutCompleted(tx, event.data.object, options);
      case 'checkout.session.expired':
        bookingsMayHaveChanged = true;
        return checkoutExpired(tx, event.data.object, options);
      case 'payment_intent.succeeded':
        return moveForward(tx, event.data.object.id, 'authorized', 'paid');
      case 'payment_intent.canceled':
        return moveForward(tx, event.data.object.id, 'authorized', 'voided');
      case 'charge.refunded': {
        const intent = idOf(event.data.object.payment_intent);
        // Only a full refund makes the payment refunded; the portal itself never refunds in part.
        if (intent && event.data.object.refunded) await moveForward(tx, intent, 'paid', 'refunded');
        return;
      }
      default:
        return;
    }
  });
  if (bookingsMayHaveChanged) bookingsChanged(db);
}

/** A payment moved on in Stripe: recorded here when it is still where it was before that move. */
async function moveForward(
  tx: Transaction,
  paymentIntentId: string,
  from: 'authorized' | 'paid',
  to: 'paid' | 'voided' | 'refunded',
): Promise<void> {
  const row = await lockByIntent(tx, paymentIntentId);
  if (!row || row.status !== from) return;
  await setCardStatus(tx, row.bookingId, to);
}
