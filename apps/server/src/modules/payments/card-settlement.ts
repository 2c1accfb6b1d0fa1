// A card booking's money follows its status, in the transaction that changes it: the checkout opened as it is made,
// the authorisation captured as the firm confirms it, voided or refunded as it is cancelled (docs/decisions/050).
// The Stripe call comes before the commit, so a failed call leaves the booking as it was.
import {
  type BookingStatus,
  billingMessages,
  type CardPaymentStatus,
  type CheckoutReturn,
  checkoutReturnParam,
  grossCents,
  paths,
  type TaxRate,
  todayIn,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { cardPayments, invoicePayments, invoices } from '../../db/schema.ts';
import { Conflict, ServiceUnavailable } from '../../lib/errors.ts';
import { paidCents } from '../billing/admin-invoices.service.ts';
import { type CardAction, type CardPayments, callStripe } from './stripe-gateway.ts';

/** A booking as its payment's calls name it: the id and creation make each call's idempotency key. */
export interface PaidBooking {
  id: number;
  createdAt: Date;
}

/**
 * `booking-42-1795000000000-capture`: the booking and the action. The creation time keeps two databases' booking 42
 * (a development reset) from sharing a key with Stripe.
 */
export function idempotencyKey(booking: PaidBooking, action: CardAction): string {
  return `booking-${booking.id}-${booking.createdAt.getTime()}-${action}`;
}

/** What the checkout of a new booking shows and charges. */
export interface CheckoutRequest {
  booking: PaidBooking;
  serviceName: string;
  amountCents: number;
  currency: string;
  taxRate: TaxRate;
  email: string;
}

/**
 * Opens the Checkout Session of a booking just made, for the server's amount (and its tax), the card only
 * authorised, the booking's id in its metadata.
 */
export async function openCheckout(
  tx: Transaction,
  cards: CardPayments,
  request: CheckoutRequest,
): Promise<void> {
  const { booking } = request;
  const bookingId = String(booking.id);
  const back = `${cards.appUrl}${paths.booking(booking.id)}`;
  const session = await callStripe(() =>
    cards.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: grossCents(request.amountCents, request.taxRate),
              product_data: { name: `${request.serviceName} consultation` },
            },
          },
        ],
        payment_intent_data: { capture_method: 'manual', metadata: { booking_id: bookingId } },
        metadata: { booking_id: bookingId },
        client_reference_id: bookingId,
        customer_email: request.email,
        expires_at: Math.floor(Date.now() / 1000) + cards.checkoutExpiryMinutes * 60,
        success_url: `${back}?${checkoutReturnParam}=${'finished' satisfies CheckoutReturn}`,
        cancel_url: `${back}?${checkoutReturnParam}=${'left' satisfies CheckoutReturn}`,
      },
      { idempotencyKey: idempotencyKey(booking, 'checkout') },
    ),
  );
  if (!session.url) throw new ServiceUnavailable(billingMessages.cardServiceUnavailable);
  await tx.insert(cardPayments).values({
    bookingId: booking.id,
    checkoutSessionId: session.id,
    checkoutUrl: session.url,
    checkoutExpiresAt: new Date(session.expires_at * 1000),
  });
}

/** The card payment of a booking, locked until the transaction ends; undefined for a booking paid by invoice. */
export async function lockCardPayment(tx: Transaction, bookingId: number) {
  const [card] = await tx
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.bookingId, bookingId))
    .for('update');
  return card;
}

export async function setCardStatus(
  tx: Transaction,
  bookingId: number,
  status: CardPaymentStatus,
  paymentIntentId?: string,
): Promise<void> {
  await tx
    .update(cardPayments)
    .set({ status, updatedAt: sql`now()`, ...(paymentIntentId === undefined ? {} : { paymentIntentId }) })
    .where(eq(cardPayments.bookingId, bookingId));
}

/** Whether the booking's money was taken by card, with the PaymentIntent that took it (the payment's reference). */
export type CardSettlement = { paidBy: string } | undefined;

/**
 * Moves a card booking's money with its status: confirmed → the authorisation captured (refused while the checkout
 * is unfinished, or once the card was released); cancelled → the authorisation voided, the payment refunded in
 * full, or an unfinished checkout closed. Nothing for a booking paid by invoice.
 */
export async function settleCardPayment(
  tx: Transaction,
  cards: CardPayments | null,
  booking: PaidBooking,
  to: BookingStatus,
): Promise<CardSettlement> {
  const card = await lockCardPayment(tx, booking.id);
  if (!card || (to !== 'confirmed' && to !== 'cancelled')) return undefined;
  const intent = card.paymentIntentId;
  const stripe = () => {
    // A booking paid by card after the firm turned cards off: its money still has to move.
    if (!cards) throw new ServiceUnavailable(billingMessages.cardServiceUnavailable);
    return cards.stripe;
  };
  const key = (action: CardAction) => ({ idempotencyKey: idempotencyKey(booking, action) });
  if (to === 'confirmed') {
    if (card.status === 'awaiting') throw new Conflict(billingMessages.cardNotAuthorized);
    if (card.status !== 'authorized' && card.status !== 'paid')
      throw new Conflict(billingMessages.cardReleased);
    if (!intent) throw new Error(`Card payment of booking ${booking.id} has no PaymentIntent`);
    if (card.status === 'authorized') {
      await callStripe(() => stripe().paymentIntents.capture(intent, {}, key('capture')));
      await setCardStatus(tx, booking.id, 'paid');
    }
    return { paidBy: intent };
  }
  if (card.status === 'awaiting') {
    await callStripe(() => stripe().checkout.sessions.expire(card.checkoutSessionId, {}, key('expire')));
    await setCardStatus(tx, booking.id, 'expired');
  } else if (card.status === 'authorized' && intent) {
    await callStripe(() => stripe().paymentIntents.cancel(intent, {}, key('void')));
    await setCardStatus(tx, booking.id, 'voided');
  } else if (card.status === 'paid' && intent) {
    await callStripe(() => stripe().refunds.create({ payment_intent: intent }, key('refund')));
    await setCardStatus(tx, booking.id, 'refunded');
  }
  return undefined;
}

/** A card booking's invoice is issued paid: what is open on it is recorded as paid by the captured card today. */
export async function recordCardPaymentOf(
  tx: Transaction,
  invoiceId: number,
  settlement: { paidBy: string },
  timeZone: string,
): Promise<void> {
  const [invoice] = await tx
    .select({
      totalCents: invoices.totalCents,
      paidCents,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  const open = invoice ? invoice.totalCents - Number(invoice.paidCents) : 0;
  if (open <= 0) return;
  await tx.insert(invoicePayments).values({
    invoiceId,
    amountCents: open,
    paidOn: todayIn(timeZone, new Date()),
    reference: settlement.paidBy,
  });
}
