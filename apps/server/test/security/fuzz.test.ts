// A 500 is a bug: every write route gets generated malformed requests (missing fields, wrong types, huge numbers,
// odd strings with NUL, right-to-left marks and lone surrogates, prototype keys, deep nesting, wrong content types)
// and must answer each with a 4xx (or a success), never a 5xx, never a stack trace or a file path. Every
// state-changing route the app registers is on the list: a new one fails this file until it is fuzzed too.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  acceptedFileTypes,
  apiPaths,
  defaultBusinessTimeZone,
  editableServiceFields,
  legalVersions,
  messages,
  zonedInstant,
} from '@portal/domain';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxJsonDepth } from '../../src/lib/json-depth.ts';
import { operatorSecretHeader, readOperatorFile } from '../../src/lib/operator-channel.ts';
import { portalEndpoints } from '../../src/modules/accounts/library.routes.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { dayAllocator, postBooking, signedInClient } from '../bookings/clients.ts';
import { appUrl, freshIp } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp, testDriver } from '../helpers/build-test-app.ts';
import {
  elfProgram,
  type FormPart,
  legacyWordContainer,
  minimalDocx,
  minimalPdf,
  minimalPng,
  multipartBody,
  testBoundary,
} from '../helpers/multipart.ts';

/**
 * How many generated requests each route gets. PGlite is PostgreSQL's own engine, so its run finds what a body
 * does to the queries; the PostgreSQL run adds the driver and the pool, which a few dozen bodies exercise.
 */
const runsPerRoute = testDriver === 'postgres' ? 25 : 60;

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object nested 8,000 levels deep: 48 KB, under every body limit, and past any recursive walk's stack. */
const deepBody = `${'{"a":['.repeat(8000)}${']}'.repeat(8000)}`;

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
  // A field that is an object (the schedule's) gets odd values one level down too, so they reach its own rules.
  const objectFields = Object.entries(valid).flatMap(([field, inner]) =>
    isRecord(inner) && Object.keys(inner).length > 0 ? [{ field, inner }] : [],
  );
  const oneOddInnerField = objectFields.length
    ? fc
        .constantFrom(...objectFields)
        .chain(({ field, inner }) =>
          fc
            .constantFrom(...Object.keys(inner))
            .chain((key) =>
              oddValue.map((value) => JSON.stringify({ ...valid, [field]: { ...inner, [key]: value } })),
            ),
        )
    : oneOddField;
  return fc.oneof(
    { weight: 6, arbitrary: oneOddField },
    { weight: 3, arbitrary: oneOddInnerField },
    { weight: 2, arbitrary: oddFields.map((odd) => JSON.stringify({ ...valid, ...odd })) },
    oddFields.map((body) => JSON.stringify(body)),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.constantFrom(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
      deepBody,
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
  method: 'POST' | 'PUT' | 'DELETE';
  url: (id: string) => string;
  /** A body the route accepts: the fuzz starts from it. */
  valid: Record<string, unknown>;
  /** What the caller authenticates with: a session cookie, the operator's secret, or nothing. */
  headers: () => Record<string, string>;
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every route fuzzed here, by method and path as the app registers it. The accounts library is one wildcard route
 * in the app; its entries are the endpoints it lets through. The operator channel exists on the embedded database.
 */
const fuzzedRoutes = [
  'POST /api/bookings',
  'PUT /api/bookings/:id',
  'POST /api/bookings/:id/reschedule',
  'PUT /api/auth/profile',
  'PUT /api/bookings/admin/:id/status',
  'PUT /api/admin/bookings/:id/consultant',
  'PUT /api/admin/bookings/:id/location',
  `POST ${apiPaths.admin.cancelPending}`,
  'POST /api/bookings/:id/review',
  'PUT /api/bookings/:id/summary',
  // A booking's documents: JSON bodies here, multipart ones in their own block below.
  'POST /api/bookings/:id/files',
  'DELETE /api/bookings/:id/files/:fileId',
  'POST /api/bookings/:id/messages',
  'PUT /api/admin/reviews/:id',
  'POST /api/auth/calendar-feed/reset',
  'DELETE /api/account/sessions/:id',
  'DELETE /api/account/sessions',
  `POST ${apiPaths.accounts.changePassword}`,
  'POST /api/account/consents',
  'POST /api/account/export',
  'POST /api/account/delete',
  'POST /api/admin/clients/:id/delete',
  'POST /api/contact',
  'PUT /api/admin/messages/:id',
  'POST /api/admin/invoices/:id/payments',
  'PUT /api/admin/settings',
  // These change the catalogue and the calendar: after every route that books.
  'POST /api/admin/services',
  'PUT /api/admin/services/:id',
  'PUT /api/admin/services/:id/questions',
  'PUT /api/admin/schedule',
  'POST /api/admin/closures',
  'DELETE /api/admin/closures/:id',
  'POST /api/admin/consultants',
  'PUT /api/admin/consultants/:id',
  'POST /api/admin/consultants/:id/time-off',
  'DELETE /api/admin/consultants/:id/time-off/:timeOffId',
  ...(testDriver === 'pglite' ? [`POST ${apiPaths.operatorSetRole}`] : []),
  `POST ${apiPaths.accounts.signUp}`,
  `POST ${apiPaths.accounts.signIn}`,
  `POST ${apiPaths.accounts.requestPasswordReset}`,
  `POST ${apiPaths.accounts.resetPassword}`,
  `POST ${apiPaths.accounts.sendVerificationEmail}`,
  `POST ${apiPaths.accounts.signOut}`,
  `POST ${apiPaths.accounts.twoFactor.enable}`,
  `POST ${apiPaths.accounts.twoFactor.verifyTotp}`,
  `POST ${apiPaths.accounts.twoFactor.verifyBackupCode}`,
  `POST ${apiPaths.accounts.twoFactor.generateBackupCodes}`,
  `POST ${apiPaths.accounts.twoFactor.disable}`,
];

/** Routes fuzzed once more as another caller, whose rules take another path through them. */
const otherCallers = [
  'POST /api/bookings/:id/reschedule as an administrator',
  'PUT /api/bookings/admin/:id/status as a consultant',
  'POST /api/bookings/:id/messages as an administrator',
];

/** The state-changing routes the app registers, as `METHOD /path`, seen as it registers them. */
const registeredWrites: string[] = [];

function collectWrites(route: RouteOptions): void {
  for (const method of [route.method].flat()) {
    if (!writeMethods.has(method)) continue;
    if (route.url === `${apiPaths.accounts.library}/*`) {
      // The accounts library's wildcard: what it lets through with this method.
      for (const endpoint of portalEndpoints)
        if (endpoint.startsWith(`${method} `)) registeredWrites.push(endpoint);
    } else registeredWrites.push(`${method} ${route.url}`);
  }
}

/** Fastify announces each new app on this channel: the hook sees every route registered after it. */
function watchRoutes(message: unknown): void {
  const app = (message as { fastify?: FastifyInstance }).fastify;
  app?.addHook('onRoute', collectWrites);
}

let testApp: TestApp;
let routes: Record<string, WriteRoute>;
let bookingId = '';
/** The client whose booking the fuzzed uploads aim at. */
let clientCookie = '';
const dataDir = mkdtempSync(join(tmpdir(), 'portal-fuzz-'));

beforeAll(async () => {
  subscribe('fastify.initialization', watchRoutes);
  try {
    testApp = await buildTestApp({
      env: {
        DATA_DIR: dataDir,
        // Limits of fair use would answer before the rules and the database are reached.
        WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
        MAX_PENDING_BOOKINGS_PER_CLIENT: '1000000',
      },
    });
  } finally {
    unsubscribe('fastify.initialization', watchRoutes);
  }
  const client = await signedInClient(testApp, 'fuzz@security.test');
  const admin = await signedInAdmin(testApp, 'fuzz-admin@security.test');
  // Its own session: the fuzzed sign-outs may end it.
  const leaving = await signedInClient(testApp, 'fuzz-sign-out@security.test');
  // Its own account: the fuzzed wrong passwords lock its address, not the one the sign-ins use.
  const exporter = await signedInClient(testApp, 'fuzz-export@security.test');
  // Accounts of their own for the erasures: the first valid request erases one, the rest meet a 401 or a 409.
  const eraser = await signedInClient(testApp, 'fuzz-erase@security.test');
  const erased = await signedInClient(testApp, 'fuzz-erased-by-admin@security.test');
  // Accounts of their own for ending sessions and changing the password (the first valid change ends its session).
  const sessionsOwner = await signedInClient(testApp, 'fuzz-sessions@security.test');
  const passwordChanger = await signedInClient(testApp, 'fuzz-change-password@security.test');
  // Service 1 asks intake questions, so that the fuzzed bookings' answers reach their check.
  const intakeQuestions = [
    {
      id: 'stack',
      label: 'Which stack do you use?',
      type: 'choice',
      options: ['React', 'Vue'],
      required: true,
    },
    { id: 'goals', label: 'What should we look at?', type: 'long_text', required: false },
  ];
  const asked = await testApp.app.inject({
    method: 'PUT',
    url: apiPaths.catalogue.adminServiceQuestions(1),
    headers: { origin: appUrl, cookie: admin.cookie },
    payload: { questions: intakeQuestions },
  });
  if (asked.statusCode !== 200) throw new Error(asked.body);
  const validBooking = {
    serviceId: 1,
    projectDescription: 'A real booking the fuzzed requests aim at.',
    startsAt: zonedInstant(dayAllocator(2)(), 9 * 60, defaultBusinessTimeZone)?.toISOString(),
    urgency: 'normal',
    preferredContact: 'email',
    additionalNotes: 'Notes',
    // The seed's consultant of service 1.
    consultantId: 1,
    answers: { stack: 'Vue', goals: 'Latency.\nCosts.' },
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
  // The catalogue and the calendar as they are: the services' and the schedule's routes start from them.
  const adminGet = async (url: string) =>
    (await testApp.app.inject({ url, headers: { cookie: admin.cookie } })).json();
  const { services } = await adminGet(apiPaths.catalogue.adminServices);
  const lastService: Record<string, unknown> = services.at(-1);
  const { schedule } = await adminGet(apiPaths.schedule.admin);
  const [closedDay, closingDay] = [dayAllocator(8)(), dayAllocator(9)()];
  const closed = await testApp.app.inject({
    method: 'POST',
    url: apiPaths.schedule.closures,
    headers: { origin: appUrl, cookie: admin.cookie },
    payload: { startDate: closedDay, endDate: closedDay, reason: 'A closure the fuzz aims at' },
  });
  if (closed.statusCode !== 201) throw new Error(closed.body);
  // A consultant and a time off of theirs for the consultants' routes to aim at; their account (linked by the
  // email) changes the status of a booking of theirs.
  const consultantAccount = await signedInClient(testApp, 'fuzz-target@security.test');
  const consultant = await testApp.app.inject({
    method: 'POST',
    url: apiPaths.consultants.admin,
    headers: { origin: appUrl, cookie: admin.cookie },
    payload: { name: 'Fuzz Target', email: 'fuzz-target@security.test', serviceIds: [1] },
  });
  if (consultant.statusCode !== 201) throw new Error(consultant.body);
  const consultantId: number = consultant.json().consultant.id;
  const dayOff = await testApp.app.inject({
    method: 'POST',
    url: apiPaths.consultants.timeOff(consultantId),
    headers: { origin: appUrl, cookie: admin.cookie },
    payload: { startDate: closedDay, endDate: closedDay, reason: 'A time off the fuzz aims at' },
  });
  if (dayOff.statusCode !== 201) throw new Error(dayOff.body);
  const [consultantsBooking = 0, invoicedBooking = 0] = await seedBookings(testApp.app, [
    { userId: client.id, createdAt: new Date(), consultantId },
    { userId: client.id, createdAt: new Date(), totalCost: 1_000_000 },
  ]);
  // An invoice for the payments route to aim at (its total far above what the fuzz can pay off).
  const invoiced = await testApp.app.inject({
    method: 'PUT',
    url: apiPaths.admin.status(invoicedBooking),
    headers: { origin: appUrl, cookie: admin.cookie },
    payload: { status: 'confirmed' },
  });
  if (invoiced.statusCode !== 200) throw new Error(invoiced.body);
  const invoiceId: number = invoiced.json().booking.invoice.id;
  // The operator channel's secret, written to DATA_DIR once the app listens.
  let operatorSecret = '';
  if (testDriver === 'pglite') {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    operatorSecret = readOperatorFile(dataDir)?.secret ?? '';
  }
  // A document of the client's booking for the delete route to aim at (the first valid delete takes it).
  const brief = multipartBody([{ name: 'file', filename: 'brief.pdf', content: minimalPdf }]);
  const attachedFile = await testApp.app.inject({
    method: 'POST',
    url: apiPaths.bookings.files(bookingId),
    headers: { origin: appUrl, cookie: client.cookie, 'content-type': brief.type },
    payload: brief.body,
  });
  if (attachedFile.statusCode !== 201) throw new Error(attachedFile.body);
  clientCookie = client.cookie;
  /** The path id: the real one in place of the fuzz's booking id. */
  const aimAt = (real: number) => (id: string) => (id === bookingId ? String(real) : id);
  const reviewBookingId = aimAt(completed ?? 0);
  const reviewId = aimAt(review.id);
  routes = {
    'POST /api/bookings': {
      method: 'POST',
      url: () => '/api/bookings',
      valid: validBooking,
      headers: () => ({ cookie: client.cookie }),
    },
    'PUT /api/bookings/:id': {
      method: 'PUT',
      url: (id) => `/api/bookings/${id}`,
      valid: { status: 'cancelled' },
      headers: () => ({ cookie: client.cookie }),
    },
    'POST /api/bookings/:id/reschedule': {
      method: 'POST',
      url: (id) => `/api/bookings/${id}/reschedule`,
      valid: {
        startsAt: zonedInstant(dayAllocator(3)(), 10 * 60, defaultBusinessTimeZone)?.toISOString(),
        consultantId: 1,
      },
      headers: () => ({ cookie: client.cookie }),
    },
    // An administrator moves any client's booking, without the change notice.
    'POST /api/bookings/:id/reschedule as an administrator': {
      method: 'POST',
      url: (id) => `/api/bookings/${id}/reschedule`,
      valid: {
        startsAt: zonedInstant(dayAllocator(4)(), 10 * 60, defaultBusinessTimeZone)?.toISOString(),
        consultantId: 1,
      },
      headers: () => ({ cookie: admin.cookie }),
    },
    'PUT /api/auth/profile': {
      method: 'PUT',
      url: () => '/api/auth/profile',
      valid: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '+1 555 0100',
        company: 'Analytical',
        billing_address: '12 St James’s Square\nLondon',
        tax_id: 'GB 123 4567 89',
      },
      headers: () => ({ cookie: client.cookie }),
    },
    'PUT /api/bookings/admin/:id/status': {
      method: 'PUT',
      url: (id) => `/api/bookings/admin/${id}/status`,
      valid: { status: 'confirmed' },
      headers: () => ({ cookie: admin.cookie }),
    },
    // To the fuzz's own consultant of service 1 (the booking is with the seed's).
    'PUT /api/admin/bookings/:id/consultant': {
      method: 'PUT',
      url: (id) => apiPaths.admin.consultant(id),
      valid: { consultantId },
      headers: () => ({ cookie: admin.cookie }),
    },
    'PUT /api/admin/bookings/:id/location': {
      method: 'PUT',
      url: (id) => apiPaths.admin.location(id),
      valid: { location: 'Suite 400, 12 Main Street, Phoenix AZ' },
      headers: () => ({ cookie: admin.cookie }),
    },
    'PUT /api/bookings/admin/:id/status as a consultant': {
      method: 'PUT',
      url: (id) => `/api/bookings/admin/${aimAt(consultantsBooking)(id)}/status`,
      valid: { status: 'confirmed' },
      headers: () => ({ cookie: consultantAccount.cookie }),
    },
    [`POST ${apiPaths.admin.cancelPending}`]: {
      method: 'POST',
      url: () => apiPaths.admin.cancelPending,
      // An address nobody booked from: the fuzz's other routes keep their client's bookings.
      valid: { address: '203.0.113.250' },
      headers: () => ({ cookie: admin.cookie }),
    },
    'POST /api/bookings/:id/review': {
      method: 'POST',
      url: (id) => `/api/bookings/${reviewBookingId(id)}/review`,
      valid: { rating: 4, comment: 'Useful.\nThank you.' },
      headers: () => ({ cookie: client.cookie }),
    },
    // The firm writes the summary of the client's completed booking.
    'PUT /api/bookings/:id/summary': {
      method: 'PUT',
      url: (id) => apiPaths.bookings.summary(reviewBookingId(id)),
      valid: { summary: 'We reviewed the pipeline.\n\nNext: a queue.' },
      headers: () => ({ cookie: admin.cookie }),
    },
    'POST /api/bookings/:id/files': {
      method: 'POST',
      url: (id) => apiPaths.bookings.files(id),
      valid: { file: 'JVBERi0xLjQK' },
      headers: () => ({ cookie: client.cookie }),
    },
    'DELETE /api/bookings/:id/files/:fileId': {
      method: 'DELETE',
      url: (id) => apiPaths.bookings.file(bookingId, aimAt(attachedFile.json().file.id)(id)),
      valid: {},
      headers: () => ({ cookie: client.cookie }),
    },
    // The client's messages tell the firm; an administrator's, the client.
    'POST /api/bookings/:id/messages': {
      method: 'POST',
      url: (id) => apiPaths.bookings.messages(id),
      valid: { body: 'Which version of Kubernetes do you run?\nThanks.' },
      headers: () => ({ cookie: client.cookie }),
    },
    'POST /api/bookings/:id/messages as an administrator': {
      method: 'POST',
      url: (id) => apiPaths.bookings.messages(id),
      valid: { body: 'Version 1.31.' },
      headers: () => ({ cookie: admin.cookie }),
    },
    'PUT /api/admin/reviews/:id': {
      method: 'PUT',
      url: (id) => `/api/admin/reviews/${reviewId(id)}`,
      valid: { hidden: true },
      headers: () => ({ cookie: admin.cookie }),
    },
    'POST /api/account/export': {
      method: 'POST',
      url: () => apiPaths.accounts.dataExport,
      valid: { password: 'booking-tests-password' },
      headers: () => ({ cookie: exporter.cookie }),
    },
    'POST /api/account/delete': {
      method: 'POST',
      url: () => apiPaths.accounts.erasure,
      valid: { password: 'booking-tests-password' },
      headers: () => ({ cookie: eraser.cookie }),
    },
    // The administrator's own password, aimed at a client of its own.
    'POST /api/admin/clients/:id/delete': {
      method: 'POST',
      url: (id) => apiPaths.admin.clientErasure(id === bookingId ? erased.id : id),
      valid: { password: 'booking-tests-password' },
      headers: () => ({ cookie: admin.cookie }),
    },
    'POST /api/account/consents': {
      method: 'POST',
      url: () => apiPaths.accounts.consents,
      valid: { terms: legalVersions.terms, privacy: legalVersions.privacy },
      headers: () => ({ cookie: client.cookie }),
    },
    'POST /api/auth/calendar-feed/reset': {
      method: 'POST',
      url: () => '/api/auth/calendar-feed/reset',
      valid: {},
      headers: () => ({ cookie: client.cookie }),
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
      headers: () => ({}),
    },
    'PUT /api/admin/messages/:id': {
      method: 'PUT',
      url: (id) => `/api/admin/messages/${aimAt(contactMessage.id)(id)}`,
      valid: { answered: true },
      headers: () => ({ cookie: admin.cookie }),
    },
    'POST /api/admin/services': {
      method: 'POST',
      url: () => apiPaths.catalogue.adminServices,
      valid: {
        name: 'Fuzzed Service',
        category: 'it-consulting',
        hourly_rate: 120,
        duration: 60,
        description: 'A service the fuzzed requests add.',
        features: ['One feature'],
      },
      headers: () => ({ cookie: admin.cookie }),
    },
    'PUT /api/admin/services/:id': {
      method: 'PUT',
      url: (id) => apiPaths.catalogue.adminService(aimAt(Number(lastService.id))(id)),
      valid: Object.fromEntries(editableServiceFields.map((field) => [field, lastService[field]])),
      headers: () => ({ cookie: admin.cookie }),
    },
    'PUT /api/admin/services/:id/questions': {
      method: 'PUT',
      url: (id) => apiPaths.catalogue.adminServiceQuestions(aimAt(Number(lastService.id))(id)),
      valid: { questions: intakeQuestions },
      headers: () => ({ cookie: admin.cookie }),
    },
    'POST /api/admin/invoices/:id/payments': {
      method: 'POST',
      url: (id) => apiPaths.admin.invoicePayments(aimAt(invoiceId)(id)),
      valid: { amountCents: 100, paidOn: '2026-01-05', reference: 'Transfer 42' },
      headers: () => ({ cookie: admin.cookie }),
    },
    'PUT /api/admin/settings': {
      method: 'PUT',
      url: () => apiPaths.admin.settings,
      valid: {
        billing: {
          legalName: 'OT Consulting LLC',
          address: '100 Harbour Street\nPhoenix, AZ 85004',
          taxId: 'EIN 12-3456789',
          bankDetails: 'First Desert Bank\nAccount 000123456789',
          footer: 'Registered in Arizona.',
        },
      },
      headers: () => ({ cookie: admin.cookie }),
    },
    'PUT /api/admin/schedule': {
      method: 'PUT',
      url: () => apiPaths.schedule.admin,
      valid: { schedule },
      headers: () => ({ cookie: admin.cookie }),
    },
    'POST /api/admin/closures': {
      method: 'POST',
      url: () => apiPaths.schedule.closures,
      valid: { startDate: closingDay, endDate: closingDay, reason: 'Closed for the fuzz' },
      headers: () => ({ cookie: admin.cookie }),
    },
    'DELETE /api/admin/closures/:id': {
      method: 'DELETE',
      url: (id) => apiPaths.schedule.closure(aimAt(closed.json().closure.id)(id)),
      valid: {},
      headers: () => ({ cookie: admin.cookie }),
    },
    'POST /api/admin/consultants': {
      method: 'POST',
      url: () => apiPaths.consultants.admin,
      valid: {
        name: 'Fuzzed Consultant',
        email: 'fuzzed-consultant@security.test',
        title: 'Consultant',
        bio: 'Added by the fuzzed requests.',
        serviceIds: [1, 2],
        weeklyHours: schedule.weeklyHours,
      },
      headers: () => ({ cookie: admin.cookie }),
    },
    'PUT /api/admin/consultants/:id': {
      method: 'PUT',
      url: (id) => apiPaths.consultants.adminConsultant(aimAt(consultantId)(id)),
      valid: {
        name: 'Fuzz Target',
        email: 'fuzz-target@security.test',
        serviceIds: [1],
        weeklyHours: null,
        active: true,
      },
      headers: () => ({ cookie: admin.cookie }),
    },
    'POST /api/admin/consultants/:id/time-off': {
      method: 'POST',
      url: (id) => apiPaths.consultants.timeOff(aimAt(consultantId)(id)),
      valid: { startDate: closingDay, endDate: closingDay, reason: 'Away for the fuzz' },
      headers: () => ({ cookie: admin.cookie }),
    },
    'DELETE /api/admin/consultants/:id/time-off/:timeOffId': {
      method: 'DELETE',
      url: (id) => apiPaths.consultants.timeOffEntry(consultantId, aimAt(dayOff.json().timeOff.id)(id)),
      valid: {},
      headers: () => ({ cookie: admin.cookie }),
    },
    // Its only credential is the secret in DATA_DIR/operator.json; no cookie, no Origin needed.
    [`POST ${apiPaths.operatorSetRole}`]: {
      method: 'POST',
      url: () => apiPaths.operatorSetRole,
      valid: { email: 'fuzz@security.test', role: 'client' },
      headers: () => ({ [operatorSecretHeader]: operatorSecret }),
    },
    'DELETE /api/account/sessions/:id': {
      method: 'DELETE',
      url: (id) => apiPaths.accounts.accountSession(id),
      valid: {},
      headers: () => ({ cookie: sessionsOwner.cookie }),
    },
    'DELETE /api/account/sessions': {
      method: 'DELETE',
      url: () => apiPaths.accounts.sessions,
      valid: {},
      headers: () => ({ cookie: sessionsOwner.cookie }),
    },
    [`POST ${apiPaths.accounts.changePassword}`]: {
      method: 'POST',
      url: () => apiPaths.accounts.changePassword,
      valid: { currentPassword: 'booking-tests-password', newPassword: 'another-Correct-horse-2026' },
      headers: () => ({ cookie: passwordChanger.cookie }),
    },
    ...accountsLibraryRoutes(client.cookie, leaving.cookie),
  };
});
afterAll(async () => {
  await testApp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The accounts library's write endpoints the portal uses, each with a body it accepts. */
function accountsLibraryRoutes(clientCookie: string, leavingCookie: string): Record<string, WriteRoute> {
  const credentials = { email: 'fuzz@security.test', password: 'booking-tests-password' };
  const post = (
    path: string,
    valid: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): [string, WriteRoute] => [
    `POST ${path}`,
    { method: 'POST', url: () => path, valid, headers: () => headers },
  ];
  return Object.fromEntries([
    post(apiPaths.accounts.signUp, { ...credentials, email: 'fuzz-new@security.test', name: '' }),
    post(apiPaths.accounts.signIn, credentials),
    post(apiPaths.accounts.requestPasswordReset, { email: credentials.email, redirectTo: '/reset-password' }),
    post(apiPaths.accounts.resetPassword, {
      newPassword: 'another-Correct-horse-2026',
      token: 'not-a-real-token',
    }),
    post(
      apiPaths.accounts.sendVerificationEmail,
      { email: credentials.email, callbackURL: '/login' },
      { cookie: clientCookie },
    ),
    post(apiPaths.accounts.signOut, {}, { cookie: leavingCookie }),
    // Two-factor sign-in: the password's endpoints as the account that leaves (turning it off renews the session),
    // the codes' as a sign-in's second step would send them.
    post(apiPaths.accounts.twoFactor.enable, { password: credentials.password }, { cookie: leavingCookie }),
    post(apiPaths.accounts.twoFactor.verifyTotp, { code: '123456' }),
    post(apiPaths.accounts.twoFactor.verifyBackupCode, { code: 'abcde-12345' }),
    post(
      apiPaths.accounts.twoFactor.generateBackupCodes,
      { password: credentials.password },
      { cookie: leavingCookie },
    ),
    post(apiPaths.accounts.twoFactor.disable, { password: credentials.password }, { cookie: leavingCookie }),
  ]);
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
  return app.inject({
    method: route.method,
    url: route.url(id),
    // A fresh address each time: the accounts library's per-address limits would otherwise answer first.
    remoteAddress: freshIp(),
    headers: {
      origin: appUrl,
      ...route.headers(),
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
  it('fuzzes every state-changing route the app registers', () => {
    expect(registeredWrites.length).toBeGreaterThan(0);
    expect([...new Set(registeredWrites)].sort()).toEqual([...fuzzedRoutes].sort());
  });

  it.each(fuzzedRoutes)('%s refuses a body nested too deep before reading it', async (name) => {
    const route = routes[name];
    if (!route) throw new Error(name);
    const tooDeep = [
      `{"x":${'['.repeat(maxJsonDepth)}${']'.repeat(maxJsonDepth)}}`,
      // 14 KB: under every route's body limit.
      `${'['.repeat(7000)}${']'.repeat(7000)}`,
      // 48 KB: under the accounts library's limit, the size that overflowed its hooks' stack.
      ...(name.includes(apiPaths.accounts.library) ? [deepBody] : []),
    ];
    for (const body of tooDeep) {
      const response = await send(testApp.app, route, bookingId, body, 'application/json');
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: messages.jsonTooDeep(maxJsonDepth) });
    }
  });

  it.each([...fuzzedRoutes, ...otherCallers])(
    '%s never answers 5xx',
    async (name) => {
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
    },
    // A sign-up hashes each password it takes (scrypt, slow by design): on a busy machine more than 30 s.
    90_000,
  );
});

// ——— The upload's multipart bodies (docs/decisions/051) ———

const oddFileNames = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      '.',
      '..',
      '../../etc/passwd',
      'C:\\fakepath\\quote.pdf',
      'nul\u0000inside.pdf',
      'split\r\nContent-Type: text/html.pdf',
      'name"; filename="evil.exe',
      'invoice\u202efdp.exe',
      'Résumé – 2030.pdf',
      '😀 report.png',
      'half \ud83d.pdf',
      '%00%2e%2e.pdf',
      `${'x'.repeat(5000)}.pdf`,
      '.pdf',
      '__proto__',
      'page.html',
      'logo.svg',
      'figures.csv',
    ),
  },
  fc.string({ unit: 'binary', maxLength: 60 }),
);
const oddPartTypes = fc.constantFrom(
  undefined,
  'application/pdf',
  'application/octet-stream',
  'text/html',
  'image/svg+xml',
  'application/x-msdownload',
  'application/json',
  'multipart/mixed; boundary=inner',
  'text/plain; charset=utf-16',
  '',
  'not a type',
);
const oddContents = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<Uint8Array | string>(
      minimalPdf,
      minimalPng,
      minimalDocx,
      legacyWordContainer,
      elfProgram,
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<!doctype html><script>alert(1)</script>',
      'quarter,revenue\nQ1,1200\n',
      'Plain notes.',
      '{"json": true}',
      '{"json": ',
      '',
    ),
  },
  fc.uint8Array({ maxLength: 3000 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
);
const oddPart = fc.record({
  name: fc.constantFrom(
    'file',
    'file',
    'file',
    'files[]',
    '',
    'note',
    '__proto__',
    'constructor',
    'x'.repeat(300),
  ),
  filename: fc.option(oddFileNames, { nil: undefined }),
  type: oddPartTypes,
  content: oddContents,
});
/** How the form is framed: as a browser sends it, or broken in one of the ways a body can be. */
const framings = fc.constantFrom(
  'as sent',
  'as sent',
  'truncated',
  'bare line feeds',
  'another boundary',
  'no boundary',
  'preamble',
  'quoted boundary',
  'boundary too long',
  'never closed',
);

/** A multipart request: its body and Content-Type, from the parts and a framing. */
function framedForm(parts: FormPart[], framing: string, cut: number): { body: Buffer; type: string } {
  const form = multipartBody(parts);
  switch (framing) {
    case 'truncated':
      return { ...form, body: form.body.subarray(0, cut % (form.body.length + 1)) };
    case 'bare line feeds':
      return { ...form, body: Buffer.from(form.body.toString('latin1').replaceAll('\r\n', '\n'), 'latin1') };
    case 'another boundary':
      return { ...form, type: 'multipart/form-data; boundary=not-the-one-used' };
    case 'no boundary':
      return { ...form, type: 'multipart/form-data' };
    case 'preamble':
      return { ...form, body: Buffer.concat([Buffer.from('junk before the first boundary\r\n'), form.body]) };
    case 'quoted boundary':
      return { ...form, type: `multipart/form-data; boundary="${testBoundary}"` };
    case 'boundary too long':
      return multipartBody(parts, 'b'.repeat(200));
    case 'never closed':
      return { ...form, body: form.body.subarray(0, form.body.length - `--${testBoundary}--\r\n`.length) };
    default:
      return form;
  }
}

describe('the upload route under generated multipart bodies', () => {
  it('POST /api/bookings/:id/files answers every form with a 4xx or keeps a clean document, never a 5xx', async () => {
    const accepted = new Set(Object.values(acceptedFileTypes).map((type) => type.mime));
    await fc.assert(
      fc.asyncProperty(
        fc.array(oddPart, { maxLength: 4 }),
        framings,
        fc.nat(),
        async (parts, framing, cut) => {
          const form = framedForm(parts, framing, cut);
          const response = await testApp.app.inject({
            method: 'POST',
            url: apiPaths.bookings.files(bookingId),
            remoteAddress: freshIp(),
            headers: { origin: appUrl, cookie: clientCookie, 'content-type': form.type },
            payload: form.body,
          });
          expectHarmless(response.statusCode, response.body);
          if (response.statusCode !== 201) return;
          const { file } = response.json();
          expect(accepted).toContain(file.content_type);
          expect(file.name).not.toMatch(/[\p{Cc}\p{Cf}/\\]/u);
          expect([...file.name].length).toBeLessThanOrEqual(200);
          // Room for the next ones: a booking holds 20 documents.
          const removed = await testApp.app.inject({
            method: 'DELETE',
            url: apiPaths.bookings.file(bookingId, file.id),
            headers: { origin: appUrl, cookie: clientCookie },
          });
          expect(removed.statusCode).toBe(204);
        },
      ),
      { numRuns: runsPerRoute * 3 },
    );
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  }, 90_000);
});

// ——— The solved challenge (docs/decisions/041) ———

/** A widget payload: base64 of a JSON text. */
const base64Of = (text: string) => Buffer.from(text).toString('base64');

/** Odd solved challenges: odd values, any JSON in base64, and a challenge's shape with odd values in its fields. */
const oddSolutions = fc.oneof(
  oddValue,
  fc.jsonValue().map((value) => base64Of(JSON.stringify(value))),
  fc
    .record({
      challenge: fc.record({
        parameters: fc.record(
          {
            algorithm: fc.oneof(oddValue, fc.constantFrom('PBKDF2/SHA-256', 'SHA-256', 'ARGON2ID', 'SCRYPT')),
            nonce: oddValue,
            salt: oddValue,
            cost: oddNumbers,
            keyLength: oddNumbers,
            keyPrefix: oddValue,
            keySignature: oddValue,
            expiresAt: oddNumbers,
          },
          { requiredKeys: [] },
        ),
        signature: oddValue,
      }),
      solution: fc.record({ counter: oddNumbers, derivedKey: oddValue }, { requiredKeys: [] }),
    })
    .map((payload) => base64Of(JSON.stringify(payload))),
);

describe('the solved challenge of sign-up and the contact form under generated malformed payloads', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await buildTestApp({ env: { SIGNUP_CHALLENGE: 'on' } });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  it.each([
    [
      apiPaths.contact.send,
      {
        name: 'Ada Lovelace',
        email: 'fuzz-challenge@security.test',
        subject: 'A question',
        message: 'A message long enough for the form.',
      },
    ],
    [
      apiPaths.accounts.signUp,
      { email: 'fuzz-challenge@security.test', password: 'another-Correct-horse-2026' },
    ],
  ])('POST %s refuses each with a 4xx, never 5xx', async (url, valid) => {
    await fc.assert(
      fc.asyncProperty(oddSolutions, async (altcha) => {
        const response = await guarded.app.inject({
          method: 'POST',
          url,
          remoteAddress: freshIp(),
          headers: { origin: appUrl, 'content-type': 'application/json' },
          payload: JSON.stringify({ ...valid, altcha }),
        });
        expectHarmless(response.statusCode, response.body);
        // Refused: a 400 naming a field, or 413 for an oversized one; never taken.
        expect(response.statusCode, response.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: runsPerRoute },
    );
  });
});
