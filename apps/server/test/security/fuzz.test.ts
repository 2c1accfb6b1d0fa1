// A 500 is a bug: every write route gets generated malformed requests (missing fields, wrong types, huge numbers,
// odd strings with NUL, right-to-left marks and lone surrogates, prototype keys, deep nesting, wrong content types)
// and must answer each with a 4xx (or a success), never a 5xx, never a stack trace or a file path.
import { defaultBusinessTimeZone, zonedInstant } from '@portal/domain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../admin/fixtures.ts';
import { dayAllocator, postBooking, signedInClient } from '../bookings/clients.ts';
import { appUrl } from '../helpers/accounts.ts';
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
  const oneOddField = fc
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
  };
});
afterAll(async () => {
  await testApp?.close();
});

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
  return app.inject({
    method: route.method,
    url: route.url(id),
    headers: {
      origin: appUrl,
      cookie: route.cookie(),
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
    'PUT /api/auth/profile',
    'PUT /api/bookings/admin/{id}/status',
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
