// "Download my data" (docs/product.md#your-data, docs/decisions/054): one of every kind of record the portal holds
// about a client is found in their export, and nothing of anyone else's; the zip holds their documents byte for
// byte; the password is asked again and counted like a sign-in; every export is recorded; nothing personal is logged.
import { Writable } from 'node:stream';
import {
  accountErrorCodes,
  accountMessages,
  apiPaths,
  type DataExport,
  dataExportJsonName,
  dataExportSchema,
  dataExportTexts,
  legalVersions,
  todayIn,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  bookings,
  calendarFeeds,
  cardPayments,
  consents,
  dataRequests,
  invoices,
  sessions,
} from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { addConsultant } from '../consultants/fixtures.ts';
import { api, appUrl, cookieHeader, identity } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { fileForm, minimalPdf, minimalPng } from '../helpers/multipart.ts';

/** The password signedInClient gives every account. */
const password = 'booking-tests-password';
const timeZone = 'America/Phoenix';

let testApp: TestApp;
let app: FastifyInstance;
let admin: Client;
let owner: Client;
let stranger: Client;
let consultant: Client;
const logged: string[] = [];

/** What the owner's records hold, to be found in the export. */
const ownerPhone = '+1 602 555 0142';
const ownerCompany = 'Robin Data Works';
const ownerAddress = '12 Quay Street\nPhoenix AZ 85004';
const ownerTaxId = 'US-99-1234567';
const ownerMessage = 'Here is the architecture diagram we discussed.';
const firmMessage = 'Thanks, we will read it before the call.';
const ownerReview = 'Clear, practical advice on our data platform.';
const briefAnswer = 'PostgreSQL 16 on three nodes';
const contactText = 'Do you also review data retention policies?';
const strangerMessage = 'A message only the stranger wrote.';
const strangerContact = 'A contact message only the stranger sent.';

let completedBooking: number;
let creditedBooking: number;
let strangerBooking: number;
let pngFileId: number;
let pdfFileId: number;
/** A name kept as sent that Windows would refuse in a path. */
const oddName = 'Q3: plan <v2>|final?.pdf';
const oddArchiveName = 'Q3_ plan _v2__final_.pdf';

function exportOf(who: Client | null, body: object = { password }, query = '') {
  return api(app, 'POST', `${apiPaths.accounts.dataExport}${query}`, who ?? {}, body);
}

async function exported(who: Client): Promise<DataExport> {
  const response = await exportOf(who);
  expect(response.statusCode, response.body).toBe(200);
  return dataExportSchema.parse(response.json());
}

async function ok(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
}

beforeAll(async () => {
  testApp = await buildTestApp({
    env: { LOG_LEVEL: 'info', BUSINESS_TIME_ZONE: timeZone },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    }),
  });
  app = testApp.app;
  admin = await signedInAdmin(testApp, 'chief@export.test');
  owner = await signedInClient(testApp, 'robin@export.test', { firstName: 'Robin', lastName: 'Quayle' });
  stranger = await signedInClient(testApp, 'stranger@export.test', {
    firstName: 'Sam',
    lastName: 'Stranger',
  });
  consultant = await signedInClient(testApp, 'mia@export.test', { firstName: 'Mia', lastName: 'Mine' });
  const consultantId = (
    await addConsultant(app, admin, { name: 'Mia Mine', email: consultant.email, serviceIds: [1] })
  ).id;

  await ok(
    await api(app, 'PUT', apiPaths.accounts.profile, owner, {
      first_name: 'Robin',
      last_name: 'Quayle',
      phone: ownerPhone,
      company: ownerCompany,
      billing_address: ownerAddress,
      tax_id: ownerTaxId,
    }),
  );
  // A second session, from another browser and address.
  const again = await identity(
    app,
    'POST',
    '/sign-in/email',
    { email: owner.email, password },
    { ip: '10.98.0.7' },
  );
  await ok(again);

  [completedBooking = 0, creditedBooking = 0, strangerBooking = 0] = await seedBookings(app, [
    { userId: owner.id, createdAt: new Date(), consultantId },
    { userId: owner.id, createdAt: new Date(), consultantId },
    { userId: stranger.id, createdAt: new Date(), consultantId },
  ]);
  await app.db
    .update(bookings)
    .set({
      brief: [
        {
          question: { id: 'stack', label: 'Which database do you run?', type: 'text', required: false },
          answer: briefAnswer,
        },
      ],
    })
    .where(eq(bookings.id, completedBooking));

  // The first booking: confirmed (an invoice), paid by transfer, met at an office, talked about, a document each
  // way, completed, summed up and reviewed.
  await ok(await api(app, 'PUT', apiPaths.admin.status(completedBooking), admin, { status: 'confirmed' }));
  const [invoice] = await app.db.select().from(invoices).where(eq(invoices.bookingId, completedBooking));
  await ok(
    await api(app, 'POST', apiPaths.admin.invoicePayments(invoice?.id ?? 0), admin, {
      amountCents: 5000,
      paidOn: todayIn(timeZone, new Date()),
      reference: 'Transfer 8812',
    }),
  );
  await ok(
    await api(app, 'PUT', apiPaths.admin.location(completedBooking), admin, {
      location: '1 Office Road, Phoenix',
    }),
  );
  await ok(
    await api(app, 'POST', apiPaths.bookings.messages(completedBooking), owner, { body: ownerMessage }),
    201,
  );
  await ok(
    await api(app, 'POST', apiPaths.bookings.messages(completedBooking), admin, { body: firmMessage }),
    201,
  );
  pngFileId = (await upload(owner, completedBooking, 'diagram.png', minimalPng)).id;
  pdfFileId = (await upload(admin, completedBooking, oddName, minimalPdf)).id;
  await ok(await api(app, 'PUT', apiPaths.admin.status(completedBooking), admin, { status: 'completed' }));
  await ok(
    await api(app, 'PUT', apiPaths.bookings.summary(completedBooking), admin, {
      summary: 'We agreed on a replica per region.',
    }),
  );
  await ok(
    await api(app, 'POST', apiPaths.reviews.review(completedBooking), owner, {
      rating: 5,
      comment: ownerReview,
    }),
    201,
  );

  // The second: confirmed, then cancelled (a credit note), and once paid by card (its status kept).
  await ok(await api(app, 'PUT', apiPaths.admin.status(creditedBooking), admin, { status: 'confirmed' }));
  await ok(await api(app, 'PUT', apiPaths.admin.status(creditedBooking), admin, { status: 'cancelled' }));
  await app.db.insert(cardPayments).values({
    bookingId: creditedBooking,
    status: 'voided',
    checkoutSessionId: 'cs_test_export',
    checkoutUrl: 'https://checkout.example.com/cs_test_export',
    checkoutExpiresAt: new Date(),
  });

  // Sign-up records the versions in force; written here too, in case it did not.
  await app.db
    .insert(consents)
    .values([
      { userId: owner.id, document: 'terms', version: legalVersions.terms },
      { userId: owner.id, document: 'privacy', version: legalVersions.privacy },
    ])
    .onConflictDoNothing();
  // The calendar feed's row is made on the first read of the profile.
  await ok(await api(app, 'GET', apiPaths.accounts.profile, owner));
  // Written from the contact form with the address in capitals.
  await ok(
    await api(
      app,
      'POST',
      apiPaths.contact.send,
      {},
      {
        name: 'Robin Quayle',
        email: 'ROBIN@export.test',
        subject: 'Retention',
        message: contactText,
      },
    ),
  );

  // The stranger's own records, which must never reach the owner's export.
  await ok(
    await api(app, 'POST', apiPaths.bookings.messages(strangerBooking), stranger, { body: strangerMessage }),
    201,
  );
  await ok(
    await api(
      app,
      'POST',
      apiPaths.contact.send,
      {},
      {
        name: 'Sam Stranger',
        email: stranger.email,
        subject: 'Hello',
        message: strangerContact,
      },
    ),
  );
});
afterAll(async () => {
  await testApp?.close();
});

async function upload(who: Client, bookingId: number, filename: string, content: Uint8Array) {
  const form = fileForm(filename, content);
  const response = await app.inject({
    method: 'POST',
    url: apiPaths.bookings.files(bookingId),
    headers: { origin: appUrl, 'content-type': form.type, cookie: who.cookie },
    payload: form.body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ file: { id: number } }>().file;
}

describe('the export', () => {
  it('holds one of every kind of record the portal keeps about the client', async () => {
    const response = await exportOf(owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ot-consulting-data-${todayIn(timeZone, new Date())}.json"`,
    );
    const data = dataExportSchema.parse(response.json());
    expect(data.format_version).toBe(1);
    expect(Math.abs(Date.parse(data.exported_at) - Date.now())).toBeLessThan(60_000);

    expect(data.account).toMatchObject({
      id: owner.id,
      email: owner.email,
      role: 'client',
      email_verified: true,
    });
    expect(data.account.two_factor_enabled).toBe(false);
    expect(data.profile).toMatchObject({
      first_name: 'Robin',
      last_name: 'Quayle',
      phone: ownerPhone,
      company: ownerCompany,
      billing_address: ownerAddress,
      tax_id: ownerTaxId,
    });
    expect(data.consultant).toBeNull();

    expect(data.bookings.map((booking) => booking.id).sort()).toEqual(
      [completedBooking, creditedBooking].sort(),
    );
    const completed = data.bookings.find((booking) => booking.id === completedBooking);
    expect(completed).toMatchObject({
      status: 'completed',
      service: { id: 1 },
      consultant: { name: 'Mia Mine' },
      location: '1 Office Road, Phoenix',
      summary: 'We agreed on a replica per region.',
      brief: [
        { question: { id: 'stack', label: 'Which database do you run?', type: 'text' }, answer: briefAnswer },
      ],
    });
    expect(completed?.confirmation_code).toMatch(/^OT-\d{4}-\d{3,}$/);
    expect(completed?.history.map((event) => [event.type, event.to_status])).toEqual(
      expect.arrayContaining([
        ['status_changed', 'confirmed'],
        ['location_changed', 'confirmed'],
        ['status_changed', 'completed'],
        ['reviewed', 'completed'],
      ]),
    );
    expect(completed?.messages).toEqual([
      expect.objectContaining({ side: 'client', by_you: true, body: ownerMessage }),
      expect.objectContaining({ side: 'firm', by_you: false, body: firmMessage }),
    ]);
    expect(completed?.files).toEqual([
      expect.objectContaining({
        id: pngFileId,
        name: 'diagram.png',
        content_type: 'image/png',
        size: minimalPng.length,
        uploaded_by: 'you',
        archive_path: `files/${completedBooking}/${pngFileId}-diagram.png`,
      }),
      expect.objectContaining({
        id: pdfFileId,
        name: oddName,
        content_type: 'application/pdf',
        uploaded_by: 'firm',
        archive_path: `files/${completedBooking}/${pdfFileId}-${oddArchiveName}`,
      }),
    ]);
    expect(completed?.review).toMatchObject({ rating: 5, comment: ownerReview, hidden: false });
    const [invoice] = completed?.invoices ?? [];
    expect(invoice).toMatchObject({
      kind: 'invoice',
      credits_number: null,
      buyer: { name: 'Robin Quayle', email: owner.email, company: ownerCompany, tax_id: ownerTaxId },
      line: { service_name: expect.any(String), duration_minutes: 60 },
      payments: [{ amount_cents: 5000, reference: 'Transfer 8812' }],
    });
    expect(invoice?.number).toMatch(/^INV-\d{4}-\d{4}$/);

    const credited = data.bookings.find((booking) => booking.id === creditedBooking);
    expect(credited?.status).toBe('cancelled');
    const [first, creditNote] = credited?.invoices ?? [];
    expect(creditNote).toMatchObject({ kind: 'credit_note', credits_number: first?.number, due_on: null });
    expect(creditNote?.total_cents).toBe(-(first?.total_cents ?? 0));
    expect(credited?.card_payment).toMatchObject({ status: 'voided' });
    expect(credited?.review).toBeNull();

    expect(data.sessions.length).toBeGreaterThanOrEqual(2);
    expect(data.sessions.map((session) => session.ip_address)).toContain('10.98.0.7');
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ document: 'terms', version: legalVersions.terms }),
        expect.objectContaining({ document: 'privacy', version: legalVersions.privacy }),
      ]),
    );
    expect(data.data_requests).toEqual([expect.objectContaining({ kind: 'export', actor: 'self' })]);
    expect(data.calendar_feed).toEqual({ created_at: expect.any(String), resets: 0 });
    expect(data.contact_messages).toEqual([
      expect.objectContaining({ email: 'ROBIN@export.test', subject: 'Retention', message: contactText }),
    ]);
    // The letters still in the outbox: the sign-up's verification (its one-time link kept out) and the bookings'.
    expect(data.emails.length).toBeGreaterThan(1);
    expect(data.emails.every((mail) => mail.to.toLowerCase() === owner.email)).toBe(true);
    expect(data.emails.some((mail) => mail.text === null)).toBe(true);
    expect(data.emails.some((mail) => mail.text?.includes('Robin'))).toBe(true);
  });

  it('holds no password hash, session token, calendar token or anyone else’s data', async () => {
    const response = await exportOf(owner);
    expect(response.statusCode).toBe(200);
    const text = response.body;
    const [credential] = await app.db
      .select({ hash: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, owner.id), eq(accounts.providerId, 'credential')));
    const tokens = await app.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, owner.id));
    const [feed] = await app.db
      .select({ hash: calendarFeeds.tokenHash })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, owner.id));
    const secrets = [credential?.hash, ...tokens.map((row) => row.token), feed?.hash, password];
    expect(secrets.filter((secret) => secret == null || secret === '')).toEqual(feed?.hash ? [] : [null]);
    for (const secret of secrets) if (secret) expect(text).not.toContain(secret);
    for (const foreign of [
      stranger.email,
      stranger.id,
      strangerMessage,
      strangerContact,
      'Stranger',
      admin.email,
    ]) {
      expect(text).not.toContain(foreign);
    }
    expect(dataExportSchema.parse(response.json()).bookings.map((booking) => booking.id)).not.toContain(
      strangerBooking,
    );
  });

  it('gives an administrator and a consultant their own data only, never the clients’ they work with', async () => {
    const adminData = await exported(admin);
    expect(adminData.account).toMatchObject({ id: admin.id, email: admin.email, role: 'admin' });
    expect(adminData.bookings).toEqual([]);
    // The firm's notices to them quote clients: listed, without their words.
    expect(adminData.emails.some((mail) => mail.subject.startsWith('New message from the client'))).toBe(
      true,
    );
    expect(adminData.emails.every((mail) => mail.text === null)).toBe(true);
    const adminText = JSON.stringify(adminData);
    for (const foreign of [owner.email, ownerPhone, ownerMessage, firmMessage, strangerMessage, 'Quayle']) {
      expect(adminText).not.toContain(foreign);
    }

    const consultantData = await exported(consultant);
    expect(consultantData.account).toMatchObject({ id: consultant.id, role: 'consultant' });
    expect(consultantData.consultant).toMatchObject({
      name: 'Mia Mine',
      email: consultant.email,
      active: true,
    });
    expect(consultantData.bookings).toEqual([]);
    const consultantText = JSON.stringify(consultantData);
    for (const foreign of [owner.email, ownerMessage, strangerMessage, stranger.email, 'Quayle']) {
      expect(consultantText).not.toContain(foreign);
    }

    const strangerData = await exported(stranger);
    expect(strangerData.bookings.map((booking) => booking.id)).toEqual([strangerBooking]);
    expect(strangerData.bookings[0]?.messages.map((message) => message.body)).toEqual([strangerMessage]);
    expect(JSON.stringify(strangerData)).not.toContain(owner.email);
  });

  it('answers 401 signed out, before reading the body', async () => {
    const response = await exportOf(null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: accountMessages.noActiveSession });
    const noBody = await exportOf(null, {});
    expect(noBody.statusCode).toBe(401);
  });

  it('records every export: whose, by whom, when', async () => {
    const before = await app.db
      .select()
      .from(dataRequests)
      .where(eq(dataRequests.subjectUserId, stranger.id));
    await exported(stranger);
    const after = await app.db.select().from(dataRequests).where(eq(dataRequests.subjectUserId, stranger.id));
    expect(after.length).toBe(before.length + 1);
    const latest = after.at(-1);
    expect(latest).toMatchObject({ kind: 'export', actor: 'self', actorUserId: stranger.id });
    expect(Math.abs((latest?.at.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });
});

describe('the zip', () => {
  it('holds data.json and each document byte for byte under files/{booking}/{file}-{safe name}', async () => {
    const response = await exportOf(owner, { password }, '?format=zip');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ot-consulting-data-${todayIn(timeZone, new Date())}.zip"`,
    );
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(
      [
        dataExportJsonName,
        `files/${completedBooking}/${pngFileId}-diagram.png`,
        `files/${completedBooking}/${pdfFileId}-${oddArchiveName}`,
      ].sort(),
    );
    expect(Buffer.from(entries[`files/${completedBooking}/${pngFileId}-diagram.png`] ?? [])).toEqual(
      minimalPng,
    );
    expect(Buffer.from(entries[`files/${completedBooking}/${pdfFileId}-${oddArchiveName}`] ?? [])).toEqual(
      minimalPdf,
    );
    const data = dataExportSchema.parse(JSON.parse(new TextDecoder().decode(entries[dataExportJsonName])));
    expect(data.account.email).toBe(owner.email);
    expect(data.bookings.flatMap((booking) => booking.files.map((file) => file.archive_path))).toEqual(
      expect.arrayContaining(Object.keys(entries).filter((name) => name !== dataExportJsonName)),
    );
  });

  it('is a zip of data.json alone for an account without documents', async () => {
    const response = await exportOf(stranger, { password }, '?format=zip');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(response.rawPayload)))).toEqual([dataExportJsonName]);
  });

  it('refuses any other format, naming it', async () => {
    const response = await exportOf(owner, { password }, '?format=pdf');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: dataExportTexts.formatUnknown('pdf'),
      errors: [{ path: 'format', msg: dataExportTexts.formatUnknown('pdf') }],
    });
  });
});

describe('the password asked again', () => {
  it('answers 400 without one', async () => {
    for (const body of [{}, { password: '' }, { password: 42 }]) {
      const response = await exportOf(owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(accountMessages.passwordRequired);
    }
  });

  it('answers 401 INVALID_PASSWORD to a wrong one without ending the session, and locks after five', async () => {
    const locked = await signedInClient(testApp, 'lock@export.test');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await exportOf(locked, { password: `not-it-${attempt}` });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        message: accountMessages.passwordIncorrect,
        code: accountErrorCodes.invalidPassword,
      });
    }
    // Still signed in: the session was not touched.
    await ok(await api(app, 'GET', apiPaths.accounts.profile, locked));
    const exportLocked = await exportOf(locked, { password });
    expect(exportLocked.statusCode).toBe(429);
    expect(exportLocked.json().message).toBe(accountMessages.tooManyFailedSignIns);
    const signIn = await identity(app, 'POST', '/sign-in/email', { email: locked.email, password });
    expect(signIn.statusCode).toBe(429);
    expect(cookieHeader(signIn)).toBe('');
    // No export was recorded for the refused attempts.
    const recorded = await app.db
      .select()
      .from(dataRequests)
      .where(eq(dataRequests.subjectUserId, locked.id));
    expect(recorded).toEqual([]);
  });
});

describe('the logs', () => {
  it('carry nothing personal of the exports', () => {
    const text = logged.join('');
    expect(text).toContain(apiPaths.accounts.dataExport);
    for (const personal of [
      owner.email,
      ownerPhone,
      ownerAddress.split('\n')[0] ?? '',
      ownerMessage,
      password,
    ]) {
      expect(text).not.toContain(personal);
    }
  });
});
