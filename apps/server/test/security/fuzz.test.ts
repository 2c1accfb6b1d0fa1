// A 500 is a bug: every write route gets generated malformed requests (missing fields, wrong types, huge numbers,
// odd strings with NUL, right-to-left marks and lone surrogates, prototype keys, deep nesting, wrong content types)
// and must answer each with a 4xx (or a success), never a 5xx, never a stack trace or a file path.
import { defaultBusinessTimeZone, identityPaths, zonedInstant } from '@portal/domain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { dayAllocator, postBooking, signedInClient } from '../bookings/clients.ts';
import { appUrl, freshIp } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

/** How many generated requests each route gets. */
const runsPerRoute = 300;

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'text with a NUL\u0000 inside',
  '\u202eevil\u202c',
  '\u200f\u05e9\u05dc\u05d5\u05dd',
  '\ud800',
  'half an emoji \ud83d',
  '\udc00 low first',
  '\r\n\t',
  '__proto__',
  'constructor',
  '2030-01-07T16:00:00Z',
  '9999-12-31T23:59:59Z',
  'x'.repeat(70_000),
  '{jndi:ldap://x}',
  "'; drop table bookings; --",
);
const oddNumbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, Number.MAX_VALUE, -Number.MAX_VALUE, 1e308),
);
const oddValue = fc.oneof(
  { weight: 4, arbitrary: oddStrings },
  fc.string({ unit: 'binary', maxLength: 40 }),
  oddNumbers,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(oddStrings, oddNumbers), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), oddStrings, { maxKeys: 3 }),
);

/**
 * A JSON text for a route: a valid body with some fields given odd values (so that the odd value reaches as deep
 * as it can: the rules, the database), its fields alone with odd values, any JSON at all, or a hostile text.
 */
function jsonPayload(valid: Record<string, unknown>) {
  const fields = Object.keys(valid);
  const oddFields = fc.record(Object.fromEntries(fields.map((field) => [field, oddValue])), {
    requiredKeys: [],
  });
  // A route without fields (sign-out) gets odd bodies of its own instead.
  const oneOddField =
    fields.length === 0
      ? oddFields.map((body) => JSON.stringify(body))
      : fc
          .constantFrom(...fields)
          .chain((field) => oddValue.map((value) => JSON.stringify({ ...valid, [field]: value })));
  return fc.oneof(
    { weight: 6, arbitrary: oneOddField },
    { weight: 2, arbitrary: oddFields.map((odd) => JSON.stringify({ ...valid, ...odd })) },
    oddFields.map((body) => JSON.stringify(body)),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.constantFrom(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
      '{"serviceId": 1,',
      '\ufeff{"firstName":"Ada","lastName":"Lovelace"}',
      'null',
      '',
    ),
  );
}

const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    undefined,
  ),
);

interface WriteRoute {
  method: 'POST' | 'PUT';
  url: (id: string) => string;
  /** A body the route accepts: the fuzz starts from it. */
  valid: Record<string, unknown>;
  cookie: () => string;
}

let testApp: TestApp;
let routes: Record<string, WriteRoute>;
let bookingId = '';

beforeAll(async () => {
  // Limits of fair use would answer before the rules and the database are reached.
  testApp = await buildTestApp({
    env: { WRITE_RATE_LIMIT_PER_MINUTE: '1000000', MAX_PENDING_BOOKINGS_PER_CLIENT: '1000000' },
  });
  const client = await signedInClient(testApp, 'fuzz@security.test');
  const admin = await signedInAdmin(testApp, 'fuzz-admin@security.test');
  // Its own session: the fuzzed sign-outs may end it.
  const leaving = await signedInClient(testApp, 'fuzz-sign-out@security.test');
  const validBooking = {
    serviceId: 1,
    projectDescription: 'A real booking the fuzzed requests aim at.',
    startsAt: zonedInstant(dayAllocator(2)(), 9 * 60, defaultBusinessTimeZone)?.toISOString(),
    urgency: 'normal',
    preferredContact: 'email',
    additionalNotes: 'Notes',
  };
  const booked = await postBooking(testApp.app, client, validBooking);
  if (booked.statusCode !== 201) throw new Error(booked.body);
  bookingId = String(booked.json().booking.id);
  // A completed booking of the client, so that fuzzed reviews reach the rules and the database (the first valid
  // one is stored; later ones meet the one-review rule), and the admin route has a review to aim at.
  const [completed] = await seedBookings(testApp.app, [
    { userId: client.id, status: 'completed', createdAt: new Date() },
  ]);
  const reviewed = await testApp.app.inject({
    method: 'POST',
    url: `/api/bookings/${completed}/review`,
    headers: { origin: appUrl, cookie: client.cookie },
    payload: { rating: 5 },
  });
  if (reviewed.statusCode !== 201) throw new Error(reviewed.body);
  const [review] = (
    await testApp.app.inject({ url: '/api/admin/reviews', headers: { cookie: admin.cookie } })
  ).json().reviews;
  // A contact-form message for the admin route to aim at.
  const contacted = await testApp.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { origin: appUrl },
    payload: {
      name: 'Grace',
      email: 'fuzz-message@security.test',
      subject: 'Hello',
      message: 'A message for the administrators to mark.',
    },
  });
  if (contacted.statusCode !== 200) throw new Error(contacted.body);
  const [contactMessage] = (
    await testApp.app.inject({ url: '/api/admin/messages', headers: { cookie: admin.cookie } })
  ).json().messages;
  /** The path id: the real one in place of the fuzz's booking id. */
  const aimAt = (real: number) => (id: string) => (id === bookingId ? String(real) : id);
  const reviewBookingId = aimAt(completed ?? 0);
  const reviewId = aimAt(review.id);
  routes = {
    'POST /api/bookings': {
      method: 'POST',
      url: () => '/api/bookings',
      valid: validBooking,
      cookie: () => client.cookie,
    },
    'PUT /api/bookings/{id}': {
      method: 'PUT',
      url: (id) => `/api/bookings/${id}`,
      valid: { status: 'cancelled' },
      cookie: () => client.cookie,
    },
    'POST /api/bookings/{id}/reschedule': {
      method: 'POST',
      url: (id) => `/api/bookings/${id}/reschedule`,
      valid: { startsAt: zonedInstant(dayAllocator(3)(), 10 * 60, defaultBusinessTimeZone)?.toISOString() },
      cookie: () => client.cookie,
    },
    'PUT /api/auth/profile': {
      method: 'PUT',
      url: () => '/api/auth/profile',
      valid: { firstName: 'Ada', lastName: 'Lovelace', phone: '+1 555 0100', company: 'Analytical' },
      cookie: () => client.cookie,
    },
    'PUT /api/bookings/admin/{id}/status': {
      method: 'PUT',
      url: (id) => `/api/bookings/admin/${id}/status`,
      valid: { status: 'confirmed' },
      cookie: () => admin.cookie,
    },
    'POST /api/bookings/{id}/review': {
      method: 'POST',
      url: (id) => `/api/bookings/${reviewBookingId(id)}/review`,
      valid: { rating: 4, comment: 'Useful.\nThank you.' },
      cookie: () => client.cookie,
    },
    'PUT /api/admin/reviews/{id}': {
      method: 'PUT',
      url: (id) => `/api/admin/reviews/${reviewId(id)}`,
      valid: { hidden: true },
      cookie: () => admin.cookie,
    },
    'POST /api/auth/calendar-feed/reset': {
      method: 'POST',
      url: () => '/api/auth/calendar-feed/reset',
      valid: {},
      cookie: () => client.cookie,
    },
    // Signed out, as most senders are. After three valid ones the per-e-mail limit answers 429 (still no 5xx).
    'POST /api/contact': {
      method: 'POST',
      url: () => '/api/contact',
      valid: {
        name: 'Ada Lovelace',
        email: 'fuzz-contact@security.test',
        subject: 'A question',
        message: 'A message long enough for the form.',
        serviceId: 1,
        website: '',
      },
      cookie: () => '',
    },
    'PUT /api/admin/messages/{id}': {
      method: 'PUT',
      url: (id) => `/api/admin/messages/${aimAt(contactMessage.id)(id)}`,
      valid: { answered: true },
      cookie: () => admin.cookie,
    },
    ...identityRoutes(client.cookie, leaving.cookie),
  };
});
afterAll(async () => {
  await testApp?.close();
});

/** The accounts service's write endpoints the portal uses, each with a body it accepts. */
function identityRoutes(clientCookie: string, leavingCookie: string): Record<string, WriteRoute> {
  const signedOut = () => '';
  const credentials = { email: 'fuzz@security.test', password: 'booking-tests-password' };
  const post = (path: string, valid: Record<string, unknown>, cookie = signedOut): WriteRoute => ({
    method: 'POST',
    url: () => path,
    valid,
    cookie,
  });
  return {
    'POST sign-up': post(identityPaths.signUp, { ...credentials, email: 'fuzz-new@security.test', name: '' }),
    'POST sign-in': post(identityPaths.signIn, credentials),
    'POST request-password-reset': post(identityPaths.requestPasswordReset, {
      email: credentials.email,
      redirectTo: '/reset-password',
    }),
    'POST reset-password': post(identityPaths.resetPassword, {
      newPassword: 'another-Correct-horse-2026',
      token: 'not-a-real-token',
    }),
    'POST send-verification-email': post(
      identityPaths.sendVerificationEmail,
      { email: credentials.email, callbackURL: '/login' },
      () => clientCookie,
    ),
    'POST sign-out': post(identityPaths.signOut, {}, () => leavingCookie),
  };
}

/** The id part of a path: the real booking, another number, or something that is no id at all. */
const pathIds = fc
  .oneof(
    fc.constant(() => bookingId),
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '99999999999999999999',
      'abc',
      '%00',
      '%E0%A4%A',
      '..%2F..',
      '__proto__',
    ),
    fc.integer().map((id) => String(id)),
  )
  .map((id) => (typeof id === 'function' ? id() : id));

async function send(
  app: FastifyInstance,
  route: WriteRoute,
  id: string,
  payload: string,
  type: string | undefined,
) {
  const cookie = route.cookie();
  return app.inject({
    method: route.method,
    url: route.url(id),
    // A fresh address each time: the accounts service's per-address limits would otherwise answer first.
    remoteAddress: freshIp(),
    headers: {
      origin: appUrl,
      ...(cookie ? { cookie } : {}),
      ...(type === undefined ? {} : { 'content-type': type }),
    },
    payload,
  });
}

/** No 5xx, and nothing of the server's insides in the answer. */
function expectHarmless(statusCode: number, body: string): void {
  expect(statusCode, body.slice(0, 300)).toBeLessThan(500);
  expect(body).not.toMatch(/\n\s+at |node_modules|\/src\/|\.ts:\d/);
}

describe('every write route under generated malformed requests', () => {
  it.each([
    'POST /api/bookings',
    'PUT /api/bookings/{id}',
    'POST /api/bookings/{id}/reschedule',
    'PUT /api/auth/profile',
    'PUT /api/bookings/admin/{id}/status',
    'POST /api/bookings/{id}/review',
    'PUT /api/admin/reviews/{id}',
    'POST /api/auth/calendar-feed/reset',
    'POST /api/contact',
    'PUT /api/admin/messages/{id}',
    'POST sign-up',
    'POST sign-in',
    'POST request-password-reset',
    'POST reset-password',
    'POST send-verification-email',
    'POST sign-out',
  ])('%s never answers 5xx', async (name) => {
    const route = routes[name];
    if (!route) throw new Error(name);
    await fc.assert(
      fc.asyncProperty(pathIds, jsonPayload(route.valid), contentTypes, async (id, payload, type) => {
        const response = await send(testApp.app, route, id, payload, type);
        expectHarmless(response.statusCode, response.body);
      }),
      { numRuns: runsPerRoute },
    );
    // No body reached an object's prototype.
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  });
});
