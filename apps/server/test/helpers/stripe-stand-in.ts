// A local HTTP server in Stripe's place: the official SDK is pointed at it with STRIPE_API_URL, it answers the few
// calls the portal makes as Stripe would (a replayed idempotency key gets the first answer), records every call,
// and plays the hosted Checkout page: opening a session's URL "pays", posts the signed webhook and sends the
// browser back. Nothing here calls the internet.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StripeCall {
  method: string;
  path: string;
  /** The form body the SDK sent (`line_items[0][price_data][unit_amount]` and so on). */
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  /** Whether Stripe would have answered from its idempotency cache (nothing done twice). */
  replayed: boolean;
}

interface StandInSession {
  id: string;
  /** Where the checkout stands at Stripe: paid at its page, or expired. */
  state: 'open' | 'complete' | 'expired';
  url: string;
  successUrl: string;
  paymentIntent: string;
  bookingId: string;
  expiresAt: number;
  amount: number;
}

export interface StripeStandIn {
  /** STRIPE_API_URL. */
  url: string;
  calls: StripeCall[];
  sessions: Map<string, StandInSession>;
  /** Calls whose path matches answer 500 (the SDK's own retry too) until this is cleared. */
  failing: RegExp | undefined;
  /** Where the Checkout page posts its webhook (the portal's /api/payments/stripe/webhook), once known. */
  webhookUrl: string | undefined;
  /** A signed event as Stripe would post it: its body and Stripe-Signature header. */
  signedEvent(type: string, object: object): { payload: string; signature: string; id: string };
  /** The calls made on a path (a RegExp). */
  callsTo(path: RegExp): StripeCall[];
  close(): Promise<void>;
}

export const standInSecretKey = 'sk_test_stand_in';
export const standInWebhookSecret = 'whsec_stand_in_secret';

/** The portal's environment for card payments against this stand-in. */
export function cardPaymentEnv(standIn: Pick<StripeStandIn, 'url'>): Record<string, string> {
  return {
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: standInSecretKey,
    STRIPE_WEBHOOK_SECRET: standInWebhookSecret,
    STRIPE_API_URL: standIn.url,
  };
}

const signer = new Stripe(standInSecretKey);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(6).toString('hex')}`,
  });
  response.end(JSON.stringify(body));
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, StandInSession>();
  const answered = new Map<string, { status: number; body: object }>();
  let serial = 0;
  const nextId = (prefix: string) => `${prefix}_standin_${++serial}`;

  function eventFor(type: string, object: object) {
    const id = nextId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    return {
      id,
      payload,
      signature: signer.webhooks.generateTestHeaderString({ payload, secret: standInWebhookSecret }),
    };
  }

  /** Stripe's answer to one API call. */
  function answer(method: string, path: string, params: URLSearchParams): { status: number; body: object } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs_test');
      const session: StandInSession = {
        id,
        state: 'open',
        url: `${standIn.url}/checkout/${id}`,
        successUrl: params.get('success_url') ?? '',
        paymentIntent: nextId('pi'),
        bookingId: params.get('metadata[booking_id]') ?? '',
        expiresAt: Number(params.get('expires_at')),
        amount: Number(params.get('line_items[0][price_data][unit_amount]')),
      };
      sessions.set(id, session);
      return { status: 200, body: sessionObject(session) };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1] ?? '');
      return session ? { status: 200, body: sessionObject(session) } : notFound(path);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessions.get(expire[1] ?? '');
      if (!session) return notFound(path);
      session.state = 'expired';
      return { status: 200, body: sessionObject(session) };
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/.exec(path);
    if (method === 'POST' && intent) {
      const status = intent[2] === 'capture' ? 'succeeded' : 'canceled';
      return {
        status: 200,
        body: { id: intent[1], object: 'payment_intent', status, capture_method: 'manual' },
      };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const body = {
        id: nextId('re'),
        object: 'refund',
        status: 'succeeded',
        payment_intent: params.get('payment_intent'),
      };
      return { status: 200, body };
    }
    return notFound(path);
  }

  const server = createServer((request, response) => {
    void (async () => {
      const method = request.method ?? 'GET';
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const checkout = /^\/checkout\/([^/]+)$/.exec(path);
      if (method === 'GET' && checkout) return payAtCheckout(checkout[1] ?? '', response);
      const params = new URLSearchParams(await readBody(request));
      const header = request.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' ? header : undefined;
      const earlier = idempotencyKey === undefined ? undefined : answered.get(idempotencyKey);
      calls.push({ method, path, params, idempotencyKey, replayed: earlier !== undefined });
      if (standIn.failing?.test(path)) {
        return send(response, 500, {
          error: { type: 'api_error', message: 'The stand-in is failing on purpose' },
        });
      }
      const result = earlier ?? answer(method, path, params);
      if (idempotencyKey !== undefined && result.status < 500) answered.set(idempotencyKey, result);
      send(response, result.status, result.body);
    })();
  });

  /** The hosted Checkout page: the card is authorised, the webhook posted, the browser sent back. */
  async function payAtCheckout(sessionId: string, response: ServerResponse): Promise<void> {
    const session = sessions.get(sessionId);
    if (!session || standIn.webhookUrl === undefined)
      return send(response, 404, { error: 'no such checkout' });
    session.state = 'complete';
    const event = eventFor('checkout.session.completed', sessionObject(session));
    await fetch(standIn.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    });
    response.writeHead(303, { location: session.successUrl });
    response.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: StripeStandIn = {
    url: `http://127.0.0.1:${port}`,
    calls,
    sessions,
    failing: undefined,
    webhookUrl: undefined,
    signedEvent: eventFor,
    callsTo: (path) => calls.filter((call) => path.test(call.path)),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return standIn;
}

function notFound(path: string) {
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `No such route: ${path}` } },
  };
}

/** A Checkout Session as Stripe answers it, with the fields the portal reads. */
export function sessionObject(session: StandInSession) {
  const status = session.state;
  return {
    id: session.id,
    object: 'checkout.session',
    status,
    url: status === 'open' ? session.url : null,
    expires_at: session.expiresAt,
    payment_intent: status === 'complete' ? session.paymentIntent : null,
    payment_status: 'unpaid',
    amount_total: session.amount,
    metadata: { booking_id: session.bookingId },
    client_reference_id: session.bookingId,
  };
}
