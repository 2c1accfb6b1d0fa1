// Card payments with Stripe (docs/decisions/050), through the official SDK pointed at a local stand-in: the
// checkout opened for the server's amount with the card only authorised, the webhook's signature and replays, the
// capture, void and refund as the booking's status changes, each call with its idempotency key, and a failed
// call leaving the booking as it was.
import { apiPaths, type Booking, billingMessages, moneyText } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { bookingEvents, bookings, cardPayments, invoices, stripeEvents } from '../../src/db/schema.ts';
import { housekeep } from '../../src/modules/housekeeping/housekeeping.service.ts';
import { cardPaymentsOf } from '../../src/modules/payments/stripe-gateway.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import {
  bookAt,
  businessTime,
  type Client,
  dayAllocator,
  postBooking,
  signedInClient,
} from '../bookings/clients.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp, testConfig } from '../helpers/build-test-app.ts';
import { type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';
import { cardPaymentEnv, type StripeStandIn, startStripeStandIn } from '../helpers/stripe-stand-in.ts';

let testApp: TestApp;
let stripe: StripeStandIn;
let mail: MailCapture;
let admin: Client;
let ada: Client;
let env: Record<string, string>;
const nextDay = dayAllocator(3);

beforeAll(async () => {
  stripe = await startStripeStandIn();
  mail = await startMailCapture();
  env = {
    ...cardPaymentEnv(stripe),
    SMTP_URL: mail.url,
    MAX_PENDING_BOOKINGS_PER_CLIENT: '50',
    MAX_PENDING_BOOKINGS_PER_ADDRESS: '50',
  };
  testApp = await buildTestApp({
    env,
    mail: { pollIntervalMs: 50 },
  });
  admin = await signedInAdmin(testApp, 'chief@cards.test');
  ada = await signedInClient(testApp, 'ada@cards.test', { firstName: 'Ada', lastName: 'Lovelace' });
});
afterAll(async () => {
  await testApp?.close();
  await stripe?.close();
  await mail?.close();
});
beforeEach(() => {
  stripe.failing = undefined;
});

/** Stripe's idempotency key of a booking's action, as the portal makes it. */
async function keyOf(bookingId: number, action: string): Promise<string> {
  const [row] = await testApp.app.db
    .select({ createdAt: bookings.createdAt })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return `booking-${bookingId}-${row?.createdAt.getTime()}-${action}`;
}

async function book(): Promise<Booking> {
  return bookAt(testApp.app, ada, businessTime(nextDay(), 10));
}

function sessionOf(booking: Booking) {
  const session = [...stripe.sessions.values()].find((each) => each.bookingId === String(booking.id));
  if (!session) throw new Error(`no checkout for booking ${booking.id}`);
  return session;
}

async function postEvent(payload: string, signature?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: apiPaths.stripeWebhook,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}

/** Stripe tells the portal the client finished the checkout: the card is authorised. */
async function finishCheckout(booking: Booking): Promise<string> {
  const session = sessionOf(booking);
  const event = stripe.signedEvent('checkout.session.completed', {
    id: session.id,
    object: 'checkout.session',
    payment_intent: session.paymentIntent,
    metadata: { booking_id: String(booking.id) },
  });
  const answer = await postEvent(event.payload, event.signature);
  expect(answer.statusCode, answer.body).toBe(200);
  return session.paymentIntent;
}

/** What the app's housekeeping is given, from the same environment. */
function housekeepingOptions() {
  const config = testConfig(env);
  return {
    timeZone: config.businessTimeZone,
    appUrl: config.appUrl,
    mailFrom: config.mailFrom,
    invoicing: config.invoicing,
    cardPayments: cardPaymentsOf(config.payments, config.appUrl),
  };
}

async function setStatus(bookingId: number, status: string) {
  return api(testApp.app, 'PUT', apiPaths.admin.status(bookingId), { cookie: admin.cookie }, { status });
}

async function bookingOf(id: number): Promise<Booking> {
  const answer = await api(testApp.app, 'GET', apiPaths.bookings.booking(id), { cookie: ada.cookie });
  return answer.json<{ booking: Booking }>().booking;
}

async function cardStatus(bookingId: number) {
  const [row] = await testApp.app.db
    .select({ status: cardPayments.status })
    .from(cardPayments)
    .where(eq(cardPayments.bookingId, bookingId));
  return row?.status;
}

describe('the card payments setting', () => {
  it('refuses to start with PAYMENTS=stripe without both secrets', () => {
    expect(() => loadConfig({ PAYMENTS: 'stripe', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      new ConfigError('STRIPE_SECRET_KEY is required with PAYMENTS=stripe'),
    );
    expect(() => loadConfig({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_x' })).toThrow(
      new ConfigError('STRIPE_WEBHOOK_SECRET is required with PAYMENTS=stripe'),
    );
    expect(() => loadConfig({ ...cardPaymentEnv(stripe), CHECKOUT_EXPIRY_MINUTES: '10' })).toThrow(
      ConfigError,
    );
  });
});

describe('booking with a card', () => {
  it('answers the pending booking and a checkout for the server’s amount, the card only authorised', async () => {
    const response = await postBooking(testApp.app, ada, {
      serviceId: 1,
      projectDescription: 'Please review the architecture of our order pipeline.',
      startsAt: businessTime(nextDay(), 11),
      // Not the client's to say: the checkout is for the server's amount.
      amountCents: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    const booked = response.json<{ booking: Booking; checkout_url: string }>();
    const { booking } = booked;
    expect(booking.status).toBe('pending');
    expect(booking.payment).toEqual({
      method: 'card',
      status: 'awaiting',
      amount_cents: booking.payment.amount_cents,
      currency: 'usd',
    });
    expect(booking.payment.amount_cents).toBeGreaterThan(100);
    const session = sessionOf(booking);
    expect(booked.checkout_url).toBe(session.url);
    expect(booking.checkout_url).toBe(session.url);

    const [call] = stripe
      .callsTo(/^\/v1\/checkout\/sessions$/)
      .filter((each) => each.params.get('metadata[booking_id]') === String(booking.id));
    expect(call?.params.get('line_items[0][price_data][unit_amount]')).toBe(
      String(booking.payment.amount_cents),
    );
    expect(call?.params.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(call?.params.get('payment_intent_data[capture_method]')).toBe('manual');
    expect(call?.params.get('payment_intent_data[metadata][booking_id]')).toBe(String(booking.id));
    expect(call?.params.get('customer_email')).toBe(ada.email);
    expect(call?.params.get('success_url')).toBe(
      `http://localhost:3000/booking/${booking.id}?checkout=finished`,
    );
    expect(call?.idempotencyKey).toBe(await keyOf(booking.id, 'checkout'));
    // CHECKOUT_EXPIRY_MINUTES: 30 by default.
    const received = await mail.waitFor(ada.email, {
      subject: new RegExp(`received — ${booking.confirmation_code}`),
    });
    expect(received.text).toContain('authorise your card on the secure payment page');
    const expiresIn = Number(call?.params.get('expires_at')) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(29 * 60);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60);
  });

  it('makes no booking when Stripe cannot be reached', async () => {
    const before = await testApp.app.db.$count(bookings);
    stripe.failing = /^\/v1\/checkout\/sessions$/;
    const response = await postBooking(testApp.app, ada, {
      serviceId: 1,
      projectDescription: 'Please review the architecture of our order pipeline.',
      startsAt: businessTime(nextDay(), 10),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(billingMessages.cardServiceUnavailable);
    expect(await testApp.app.db.$count(bookings)).toBe(before);
  });
});

describe('the webhook', () => {
  it('answers any body or signature it cannot verify with a 400, and records nothing', async () => {
    const before = await testApp.app.db.$count(stripeEvents);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 300 }),
        fc.option(fc.string({ maxLength: 120 })),
        async (body, signature) => {
          const answer = await postEvent(body, signature ?? undefined);
          expect(answer.statusCode).toBe(400);
          expect(answer.json().message).toEqual(expect.any(String));
        },
      ),
      { numRuns: 40 },
    );
    // Signed with the secret but not an event: still a 400, not a 500.
    const signed = stripe.signedEvent('checkout.session.completed', {});
    const notJson = '{"id": "evt_broken", ';
    const header = signed.signature.replace(/v1=[0-9a-f]+/, 'v1=0');
    expect((await postEvent(notJson, header)).statusCode).toBe(400);
    expect(await testApp.app.db.$count(stripeEvents)).toBe(before);
  });

  it('refuses a missing or wrong signature and changes nothing', async () => {
    const booking = await book();
    const session = sessionOf(booking);
    const event = stripe.signedEvent('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      payment_intent: session.paymentIntent,
    });
    const unsigned = await postEvent(event.payload);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe(billingMessages.webhookSignatureInvalid);
    const tampered = await postEvent(
      event.payload.replace(session.paymentIntent, 'pi_forged'),
      event.signature,
    );
    expect(tampered.statusCode).toBe(400);
    const wrongSecret = await postEvent(
      event.payload,
      event.signature.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`),
    );
    expect(wrongSecret.statusCode).toBe(400);
    expect(await cardStatus(booking.id)).toBe('awaiting');
    expect(await testApp.app.db.$count(stripeEvents, eq(stripeEvents.id, event.id))).toBe(0);
  });

  it('authorises on a finished checkout, and handles a replayed event once', async () => {
    const booking = await book();
    const session = sessionOf(booking);
    const event = stripe.signedEvent('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      payment_intent: session.paymentIntent,
    });
    expect((await postEvent(event.payload, event.signature)).statusCode).toBe(200);
    const authorised = await bookingOf(booking.id);
    expect(authorised.payment.status).toBe('authorized');
    expect(authorised.checkout_url).toBeUndefined();
    const replay = await postEvent(event.payload, event.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true });
    expect(await testApp.app.db.$count(stripeEvents, eq(stripeEvents.id, event.id))).toBe(1);
  });

  it('cancels the booking by the system when its checkout expires, tells the client, and frees the slot', async () => {
    const startsAt = businessTime(nextDay(), 14);
    const booking = await bookAt(testApp.app, ada, startsAt);
    const session = sessionOf(booking);
    const event = stripe.signedEvent('checkout.session.expired', {
      id: session.id,
      object: 'checkout.session',
    });
    expect((await postEvent(event.payload, event.signature)).statusCode).toBe(200);
    const cancelled = await bookingOf(booking.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.payment.status).toBe('expired');
    const letter = await mail.waitFor(ada.email, {
      subject: new RegExp(`cancelled — ${cancelled.confirmation_code}`),
    });
    expect(letter.text).toContain('the card payment was not completed in time');
    const [cancellation] = await testApp.app.db
      .select({ actor: bookingEvents.actor })
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.toStatus, 'cancelled')));
    expect(cancellation?.actor).toBe('system');
    // The time is free again.
    const again = await bookAt(testApp.app, ada, startsAt);
    expect(again.status).toBe('pending');
  });

  it('records a refund made in Stripe', async () => {
    const booking = await book();
    const intent = await finishCheckout(booking);
    expect((await setStatus(booking.id, 'confirmed')).statusCode).toBe(200);
    const event = stripe.signedEvent('charge.refunded', {
      id: 'ch_standin_refunded',
      object: 'charge',
      payment_intent: intent,
      refunded: true,
    });
    expect((await postEvent(event.payload, event.signature)).statusCode).toBe(200);
    expect(await cardStatus(booking.id)).toBe('refunded');
  });
});

describe('the firm’s decisions move the money', () => {
  it('captures when the firm confirms, and issues the invoice paid', async () => {
    const booking = await book();
    const intent = await finishCheckout(booking);
    const confirmed = await setStatus(booking.id, 'confirmed');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = confirmed.json<{ booking: Booking }>().booking;
    expect(after.payment.status).toBe('paid');
    expect(after.invoice?.status).toBe('paid');
    const captures = stripe.callsTo(new RegExp(`^/v1/payment_intents/${intent}/capture$`));
    expect(captures).toHaveLength(1);
    expect(captures[0]?.idempotencyKey).toBe(await keyOf(booking.id, 'capture'));
    const letter = await mail.waitFor(ada.email, {
      subject: new RegExp(`confirmed — ${after.confirmation_code}`),
    });
    expect(letter.text).toContain(
      `Your card has been charged ${moneyText(after.invoice?.total_cents ?? 0, 'usd')}.`,
    );
    expect(letter.text).toContain(`Your invoice ${after.invoice?.number}, paid, is attached.`);
    expect(letter.attachments.map((part) => part.filename)).toContain(`${after.invoice?.number}.pdf`);
  });

  it('refuses to confirm before the card is authorised', async () => {
    const booking = await book();
    const response = await setStatus(booking.id, 'confirmed');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(billingMessages.cardNotAuthorized);
    expect((await bookingOf(booking.id)).status).toBe('pending');
  });

  it('leaves the booking as it was when the capture fails, and captures once on the retry', async () => {
    const booking = await book();
    const intent = await finishCheckout(booking);
    stripe.failing = /\/capture$/;
    const failed = await setStatus(booking.id, 'confirmed');
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(billingMessages.cardServiceUnavailable);
    const unchanged = await bookingOf(booking.id);
    expect(unchanged.status).toBe('pending');
    expect(unchanged.payment.status).toBe('authorized');
    expect(unchanged.invoice).toBeNull();
    expect(await testApp.app.db.$count(invoices, eq(invoices.bookingId, booking.id))).toBe(0);

    stripe.failing = undefined;
    expect((await setStatus(booking.id, 'confirmed')).statusCode).toBe(200);
    const captures = stripe.callsTo(new RegExp(`^/v1/payment_intents/${intent}/capture$`));
    // The SDK's own retry and the firm's: every call the same key, so Stripe captures once.
    expect(captures.length).toBeGreaterThanOrEqual(2);
    expect(new Set(captures.map((call) => call.idempotencyKey))).toEqual(
      new Set([await keyOf(booking.id, 'capture')]),
    );
    expect((await bookingOf(booking.id)).payment.status).toBe('paid');
  });

  it('voids the authorisation when the firm declines the booking', async () => {
    const booking = await book();
    const intent = await finishCheckout(booking);
    expect((await setStatus(booking.id, 'cancelled')).statusCode).toBe(200);
    const voids = stripe.callsTo(new RegExp(`^/v1/payment_intents/${intent}/cancel$`));
    expect(voids.map((call) => call.idempotencyKey)).toEqual([await keyOf(booking.id, 'void')]);
    expect((await bookingOf(booking.id)).payment.status).toBe('voided');
    // Released: it cannot be confirmed again without a new payment.
    const again = await setStatus(booking.id, 'confirmed');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(billingMessages.cardReleased);
  });

  it('closes the checkout when the firm cancels a booking not paid yet', async () => {
    const booking = await book();
    const session = sessionOf(booking);
    expect((await setStatus(booking.id, 'cancelled')).statusCode).toBe(200);
    const expiries = stripe.callsTo(new RegExp(`^/v1/checkout/sessions/${session.id}/expire$`));
    expect(expiries.map((call) => call.idempotencyKey)).toEqual([await keyOf(booking.id, 'expire')]);
    expect((await bookingOf(booking.id)).payment.status).toBe('expired');
  });

  it('refunds in full, with a credit note, when the client cancels a paid booking', async () => {
    const booking = await book();
    const intent = await finishCheckout(booking);
    expect((await setStatus(booking.id, 'confirmed')).statusCode).toBe(200);
    const cancelled = await api(
      testApp.app,
      'PUT',
      apiPaths.bookings.booking(booking.id),
      { cookie: ada.cookie },
      { status: 'cancelled' },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refunds = stripe
      .callsTo(/^\/v1\/refunds$/)
      .filter((call) => call.params.get('payment_intent') === intent);
    expect(refunds.map((call) => call.idempotencyKey)).toEqual([await keyOf(booking.id, 'refund')]);
    const after = await bookingOf(booking.id);
    expect(after.payment.status).toBe('refunded');
    expect(after.invoice?.status).toBe('credited');
    expect(await testApp.app.db.$count(invoices, eq(invoices.kind, 'credit_note'))).toBeGreaterThan(0);
  });
});

describe('checkouts Stripe never reported', () => {
  /** Housekeeping as if run well after the checkout's expiry and the grace for Stripe's own event. */
  async function housekeepLater() {
    const later = new Date(Date.now() + 45 * 60_000);
    return housekeep(testApp.app.db, { ...housekeepingOptions(), pendingExpiryHours: 0 }, later);
  }

  it('closes an abandoned checkout and cancels its booking; a finished one is authorised after all', async () => {
    const abandoned = await book();
    const paidUnheard = await book();
    const session = sessionOf(paidUnheard);
    session.state = 'complete';
    const outcome = await housekeepLater();
    expect(outcome.abandonedCheckouts).toBeGreaterThanOrEqual(2);

    const cancelled = await bookingOf(abandoned.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.payment.status).toBe('expired');
    const expiries = stripe.callsTo(new RegExp(`^/v1/checkout/sessions/${sessionOf(abandoned).id}/expire$`));
    expect(expiries.map((call) => call.idempotencyKey)).toEqual([await keyOf(abandoned.id, 'expire')]);

    const authorised = await bookingOf(paidUnheard.id);
    expect(authorised.status).toBe('pending');
    expect(authorised.payment.status).toBe('authorized');
  });

  it('leaves the booking held when Stripe cannot be asked, and settles it on a later run', async () => {
    const booking = await book();
    stripe.failing = new RegExp(`^/v1/checkout/sessions/${sessionOf(booking).id}`);
    await housekeepLater();
    expect((await bookingOf(booking.id)).payment.status).toBe('awaiting');
    stripe.failing = undefined;
    await housekeepLater();
    expect((await bookingOf(booking.id)).status).toBe('cancelled');
  });
});

describe('pending bookings nobody confirmed in time', () => {
  it('have their card released by the expiry, on a later run when Stripe cannot be reached', async () => {
    const booking = await book();
    const intent = await finishCheckout(booking);
    const options = { ...housekeepingOptions(), pendingExpiryHours: 1 };
    const later = new Date(Date.now() + 2 * 3_600_000);
    stripe.failing = /\/cancel$/;
    await housekeep(testApp.app.db, options, later);
    expect((await bookingOf(booking.id)).status).toBe('pending');
    stripe.failing = undefined;
    await housekeep(testApp.app.db, options, later);
    const expired = await bookingOf(booking.id);
    expect(expired.status).toBe('cancelled');
    expect(expired.payment.status).toBe('voided');
    const voids = stripe.callsTo(new RegExp(`^/v1/payment_intents/${intent}/cancel$`));
    expect(new Set(voids.map((call) => call.idempotencyKey))).toEqual(
      new Set([await keyOf(booking.id, 'void')]),
    );
  });
});

describe('with invoices (the default)', () => {
  it('has no webhook', async () => {
    const invoiceApp = await buildTestApp();
    try {
      const response = await invoiceApp.app.inject({
        method: 'POST',
        url: apiPaths.stripeWebhook,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await invoiceApp.close();
    }
  });
});
