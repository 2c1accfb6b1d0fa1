// The erasure of a client's account (docs/product.md#your-data, docs/decisions/052), on PGlite and on PostgreSQL:
// no trace of the person's name, address or phone left in any text column of any table but the invoices (kept as
// issued, byte for byte, with their PDFs); the firm's figures unchanged; the upcoming booking cancelled with its slot
// freed and the firm told; sessions refused at once; sign-in refused; the address free to register again; the card
// authorisation voided; every erasure recorded; the role matrix; two erasures at once.
import {
  type AdminBooking,
  type AvailabilityResponse,
  accountErrorCodes,
  accountMessages,
  apiPaths,
  type Booking,
  erasedClientName,
  erasureMessages,
} from '@portal/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingFiles,
  bookingMessages,
  bookings,
  cardPayments,
  dataRequests,
  invoices,
  outbox,
  reviews,
  userProfiles,
  users,
} from '../../src/db/schema.ts';
import { setRole } from '../../src/modules/accounts/roles.service.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import {
  bookAt,
  businessTime,
  type Client,
  dayAllocator,
  pastWeekday,
  postBooking,
  signedInClient,
} from '../bookings/clients.ts';
import { api, appUrl, identity } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp, testDriver } from '../helpers/build-test-app.ts';
import { type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';
import { minimalPdf, multipartBody } from '../helpers/multipart.ts';
import { cardPaymentEnv, type StripeStandIn, startStripeStandIn } from '../helpers/stripe-stand-in.ts';

/** signedInClient's password. */
const password = 'booking-tests-password';
const office = 'office@erasure.test';
const nextDay = dayAllocator(3);

let testApp: TestApp;
let capture: MailCapture;
let admin: Client;

beforeAll(async () => {
  capture = await startMailCapture();
  testApp = await buildTestApp({
    env: {
      SMTP_URL: capture.url,
      FIRM_EMAIL: office,
      FIRM_NOTICE_DELAY_SECONDS: '0',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      MAX_PENDING_BOOKINGS_PER_CLIENT: '100',
      MAX_PENDING_BOOKINGS_PER_ADDRESS: '100',
    },
    mail: { pollIntervalMs: 20 },
  });
  admin = await signedInAdmin(testApp, 'chief@erasure.test');
  // Service 1 asks a question, so that bookings carry a brief whose answers are the client's words.
  const asked = await api(
    testApp.app,
    'PUT',
    apiPaths.catalogue.adminServiceQuestions(1),
    { cookie: admin.cookie },
    { questions: [{ id: 'who', label: 'Who leads the project?', type: 'text', required: false }] },
  );
  expect(asked.statusCode, asked.body).toBe(200);
});
afterAll(async () => {
  await testApp?.close();
  await capture?.close();
});

function erase(client: Pick<Client, 'cookie'>, body: object = { password }) {
  return api(testApp.app, 'POST', apiPaths.accounts.erasure, { cookie: client.cookie }, body);
}

function eraseAsAdmin(by: Pick<Client, 'cookie'>, userId: string, body: object = { password }) {
  return api(testApp.app, 'POST', apiPaths.admin.clientErasure(userId), { cookie: by.cookie }, body);
}

async function setStatus(bookingId: number, status: string): Promise<Booking> {
  const answer = await api(
    testApp.app,
    'PUT',
    apiPaths.admin.status(bookingId),
    { cookie: admin.cookie },
    { status },
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ booking: Booking }>().booking;
}

/** A client with a distinctive name, address and phone, a complete profile with billing details. */
async function person(tag: string) {
  const firstName = 'Zebedee';
  const lastName = `Quillfeather${tag}`;
  const email = `zebedee.quillfeather.${tag.toLowerCase()}@erasure.test`;
  const phone = `+1 555 01${tag.length}${tag.charCodeAt(0)} 77`;
  const client = await signedInClient(testApp, email, { firstName, lastName });
  const profile = await api(
    testApp.app,
    'PUT',
    '/api/auth/profile',
    { cookie: client.cookie },
    {
      first_name: firstName,
      last_name: lastName,
      phone,
      company: `${lastName} Widgets LLC`,
      billing_address: `1 ${lastName} Street\nSpringfield`,
      tax_id: 'US-12-3456789',
    },
  );
  expect(profile.statusCode, profile.body).toBe(200);
  return { client, fullName: `${firstName} ${lastName}`, lastName, email, phone };
}

interface Found {
  table: string;
  column: string;
}

/**
 * Where any of `needles` occurs (case-insensitively) in any text, varchar, json, jsonb, array or bytea column of any
 * table of the public schema, read from the catalogue, so that a table added later is searched too.
 */
async function searchEverywhere(needles: readonly string[]): Promise<Found[]> {
  const { db } = testApp.app;
  const columns = (await db.execute(sql`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = 'public'
      and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')
      and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY')
    order by table_name, column_name`)) as unknown as {
    rows: { table_name: string; column_name: string; data_type: string }[];
  };
  const found: Found[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns.rows) {
    const cell = sql.raw(`"${table}"."${column}"`);
    for (const needle of needles) {
      const lower = needle.toLowerCase();
      const matches =
        type === 'bytea'
          ? sql`position(convert_to(${needle}, 'UTF8') in ${cell}) > 0`
          : sql`strpos(lower(${cell}::text), ${lower}) > 0`;
      const hits = (await db.execute(
        sql`select count(*)::int as n from ${sql.raw(`"${table}"`)} where ${matches}`,
      )) as unknown as { rows: { n: number }[] };
      if (Number(hits.rows[0]?.n) > 0) found.push({ table, column });
    }
  }
  return found;
}

function tablesOf(found: readonly Found[]): string[] {
  return [...new Set(found.map((entry) => entry.table))].sort();
}

async function invoicesOf(bookingIds: number[]) {
  return testApp.app.db
    .select()
    .from(invoices)
    .where(inArray(invoices.bookingId, bookingIds))
    .orderBy(asc(invoices.id));
}

async function pdf(bookingId: number, kind: 'invoicePdf' | 'creditNotePdf' = 'invoicePdf') {
  const answer = await testApp.app.inject({
    url: apiPaths.bookings[kind](bookingId),
    headers: { cookie: admin.cookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.rawPayload;
}

async function adminBookingsOf(userId: string): Promise<AdminBooking[]> {
  const answer = await api(testApp.app, 'GET', `${apiPaths.admin.all}?clientId=${userId}`, {
    cookie: admin.cookie,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ bookings: AdminBooking[] }>().bookings;
}

describe('a client deleting their own account', () => {
  it('leaves no trace of their name, address or phone but in the invoices, kept byte for byte', async () => {
    const { client, fullName, lastName, email, phone } = await person('Nine');
    const { app } = testApp;
    const needles = [fullName, lastName, email, phone];

    // A past consultation, invoiced, paid and completed, with a review in the client's words.
    const pastDay = pastWeekday();
    const [pastId = 0] = await seedBookings(app, [
      {
        userId: client.id,
        createdAt: new Date(Date.now() - 20 * 86_400_000),
        startsAt: new Date(businessTime(pastDay, 13)),
        projectDescription: `${fullName} asks about the ledger (call ${phone}).`,
        additionalNotes: `Write to ${email}.`,
      },
    ]);
    const pastInvoice = (await setStatus(pastId, 'confirmed')).invoice;
    const paid = await api(
      app,
      'POST',
      apiPaths.admin.invoicePayments(pastInvoice?.id ?? 0),
      { cookie: admin.cookie },
      { amountCents: 5_000, paidOn: pastDay, reference: 'Transfer 1' },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    await setStatus(pastId, 'completed');
    const reviewed = await api(
      app,
      'POST',
      apiPaths.reviews.review(pastId),
      { cookie: client.cookie },
      { rating: 4, comment: `${fullName} liked it; ring ${phone}.` },
    );
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    const pastSummary = await api(
      app,
      'PUT',
      apiPaths.bookings.summary(pastId),
      { cookie: admin.cookie },
      { summary: `We met ${fullName}.` },
    );
    expect(pastSummary.statusCode, pastSummary.body).toBe(200);

    // A consultation ahead, confirmed (so invoiced), with a brief, messages and a document.
    const futureStart = businessTime(nextDay(), 10);
    const booked = await postBooking(app, client, {
      serviceId: 1,
      projectDescription: `${fullName} wants the order pipeline reviewed.`,
      additionalNotes: `Phone ${phone}`,
      startsAt: futureStart,
      answers: { who: `${fullName} (${email})` },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const futureId = booked.json<{ booking: Booking }>().booking.id;
    await setStatus(futureId, 'confirmed');
    const wrote = await api(
      app,
      'POST',
      apiPaths.bookings.messages(futureId),
      { cookie: client.cookie },
      { body: `Hello, ${fullName} here; call ${phone}.` },
    );
    expect(wrote.statusCode, wrote.body).toBe(201);
    const answered = await api(
      app,
      'POST',
      apiPaths.bookings.messages(futureId),
      { cookie: admin.cookie },
      { body: 'Thank you, we will call.' },
    );
    expect(answered.statusCode, answered.body).toBe(201);
    const document = multipartBody([
      { name: 'file', filename: `${lastName}-brief.pdf`, content: minimalPdf },
    ]);
    const attached = await app.inject({
      method: 'POST',
      url: apiPaths.bookings.files(futureId),
      headers: { origin: appUrl, cookie: client.cookie, 'content-type': document.type },
      payload: document.body,
    });
    expect(attached.statusCode, attached.body).toBe(201);
    // A message with the contact form, and the letters all this wrote.
    const contacted = await api(
      app,
      'POST',
      apiPaths.contact.send,
      {},
      {
        name: fullName,
        email,
        subject: 'A question',
        message: `Please call ${phone}.`,
      },
    );
    expect(contacted.statusCode, contacted.body).toBe(200);
    await capture.waitFor(office, { subject: /received|new booking/i });

    // The search finds the person where the portal holds them, first.
    const before = tablesOf(await searchEverywhere(needles));
    for (const table of [
      'booking_files',
      'booking_messages',
      'bookings',
      'contact_messages',
      'invoices',
      'outbox',
      'reviews',
      'user_profiles',
      'users',
    ]) {
      expect(before).toContain(table);
    }
    const keptInvoices = await invoicesOf([pastId, futureId]);
    expect(keptInvoices.map((row) => row.kind)).toEqual(['invoice', 'invoice']);
    const keptPdf = await pdf(pastId);

    const erased = await erase(client);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ user_id: client.id, cancelled_bookings: 1 });
    expect(erased.headers['set-cookie']).toMatch(/portal\.session_token=;.*Max-Age=0/);

    // Nowhere but the invoices.
    const after = await searchEverywhere(needles);
    expect(tablesOf(after)).toEqual(['invoices']);
    const afterInvoices = await invoicesOf([pastId, futureId]);
    // Kept exactly as issued; the cancellation added its credit note, with the buyer as the invoice named them.
    expect(afterInvoices.slice(0, 2)).toEqual(keptInvoices);
    expect(afterInvoices.slice(2).map((row) => [row.kind, row.creditsInvoiceId])).toEqual([
      ['credit_note', keptInvoices[1]?.id],
    ]);
    expect(afterInvoices[2]?.buyer).toEqual(keptInvoices[1]?.buyer);
    expect(Buffer.compare(await pdf(pastId), keptPdf)).toBe(0);

    // The account stays as 'Deleted client'; its bookings read so, without an address.
    const [row] = await app.db.select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({ name: erasedClientName, email: `erased-${client.id}@erased.invalid` });
    expect(row?.erasedAt).toBeInstanceOf(Date);
    const listed = await adminBookingsOf(client.id);
    expect(listed.map((booking) => [booking.id, booking.status])).toEqual([
      [futureId, 'cancelled'],
      [pastId, 'completed'],
    ]);
    for (const booking of listed) {
      expect(booking.user_profiles).toEqual({ first_name: erasedClientName, last_name: null, email: '' });
      expect(booking.project_description).toBe('');
      expect(booking.additional_notes).toBeNull();
      expect(booking.brief.every((entry) => entry.answer === null)).toBe(true);
    }
    const past = listed.find((booking) => booking.id === pastId);
    expect(past?.review).toEqual({ rating: 4, comment: null });
    expect(past?.summary).toBeNull();
    const csv = await app.inject({ url: apiPaths.admin.export, headers: { cookie: admin.cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(erasedClientName);

    // The slot is free again, and the firm was told, naming 'Deleted client'; nothing went to the person.
    const day = futureStart.slice(0, 10);
    const availability = await app.inject({ url: `${apiPaths.bookings.availability(1)}?date=${day}` });
    const slot = availability
      .json<AvailabilityResponse>()
      .slots.find((each) => each.starts_at === new Date(futureStart).toISOString());
    expect(slot?.available).toBe(true);
    const notice = await capture.waitFor(office, { subject: /cancelled by the client/ });
    expect(notice.text).toContain(erasedClientName);
    expect(notice.text).not.toContain(lastName);
    // An answer goes to the firm's own reply address: the person has none any more.
    expect(notice.replyTo).not.toMatch(/erased|quillfeather/i);
    const letters = await app.db
      .select({ to: outbox.to })
      .from(outbox)
      .where(sql`lower(${outbox.to}) like ${'%erased%'}`);
    expect(letters).toEqual([]);

    // Signed out everywhere, at once; the old password opens nothing.
    const profile = await api(app, 'GET', '/api/auth/profile', { cookie: client.cookie });
    expect(profile.statusCode).toBe(401);
    const signIn = await identity(app, 'POST', '/sign-in/email', { email, password });
    expect(signIn.statusCode).toBe(401);

    // Recorded: the person's own erasure.
    const records = await app.db.select().from(dataRequests).where(eq(dataRequests.subjectUserId, client.id));
    expect(records).toMatchObject([{ kind: 'erasure', actor: 'self', actorUserId: client.id }]);

    // The address may register again, as a new account.
    const again = await identity(app, 'POST', '/sign-up/email', { email, password: 'a-new-password-1' });
    expect(again.statusCode, again.body).toBe(200);
    const [fresh] = await app.db.select().from(users).where(eq(users.email, email));
    expect(fresh?.id).toBeDefined();
    expect(fresh?.id).not.toBe(client.id);
    expect(fresh?.erasedAt).toBeNull();
  });

  it('refuses a wrong password (counted as a failed sign-in), a missing one, and the firm’s accounts', async () => {
    const { client } = await person('Wrong');
    const wrong = await erase(client, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      message: accountMessages.passwordIncorrect,
      code: accountErrorCodes.invalidPassword,
    });
    expect((await erase(client, {})).statusCode).toBe(400);
    // Still there, still signed in.
    expect((await api(testApp.app, 'GET', '/api/auth/profile', { cookie: client.cookie })).statusCode).toBe(
      200,
    );

    const signedOut = await api(testApp.app, 'POST', apiPaths.accounts.erasure, {}, { password });
    expect(signedOut.statusCode).toBe(401);
    const byAdmin = await erase(admin);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(erasureMessages.staffAccount);
    const consultant = await signedInClient(testApp, 'consultant@erasure.test');
    await setRole(testApp.app.db, consultant.email, 'consultant');
    const byConsultant = await erase(consultant);
    expect(byConsultant.statusCode).toBe(403);
    expect(byConsultant.json().message).toBe(erasureMessages.staffAccount);
  });
});

describe('an administrator deleting a client', () => {
  it('keeps the dashboard’s figures, records the administrator, and refuses a second time', async () => {
    const { client } = await person('Figures');
    const { app } = testApp;
    const pastDay = pastWeekday();
    const [completed = 0, cancelled = 0] = await seedBookings(app, [
      {
        userId: client.id,
        createdAt: new Date(Date.now() - 30 * 86_400_000),
        startsAt: new Date(businessTime(pastDay, 15)),
      },
      { userId: client.id, createdAt: new Date(Date.now() - 29 * 86_400_000), status: 'cancelled' },
    ]);
    const invoice = (await setStatus(completed, 'confirmed')).invoice;
    const paid = await api(
      app,
      'POST',
      apiPaths.admin.invoicePayments(invoice?.id ?? 0),
      { cookie: admin.cookie },
      { amountCents: 2_000, paidOn: pastDay, reference: 'Transfer 2' },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    await setStatus(completed, 'completed');
    const figures = async () => {
      const stats = await api(app, 'GET', apiPaths.admin.stats, { cookie: admin.cookie });
      const people = await api(app, 'GET', apiPaths.accounts.userStats, { cookie: admin.cookie });
      expect(stats.statusCode, stats.body).toBe(200);
      return { stats: stats.json(), people: people.json() };
    };
    const before = await figures();

    const wrong = await eraseAsAdmin(admin, client.id, { password: 'not-mine' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe(accountErrorCodes.invalidPassword);
    const erased = await eraseAsAdmin(admin, client.id);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ user_id: client.id, cancelled_bookings: 0 });
    // The administrator stays signed in.
    expect((await api(app, 'GET', '/api/auth/profile', { cookie: admin.cookie })).statusCode).toBe(200);

    expect(await figures()).toEqual(before);
    const statuses = await app.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(inArray(bookings.id, [completed, cancelled]))
      .orderBy(asc(bookings.id));
    expect(statuses.map((row) => row.status)).toEqual(['completed', 'cancelled']);

    const [adminRow] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
    const records = await app.db.select().from(dataRequests).where(eq(dataRequests.subjectUserId, client.id));
    expect(records).toMatchObject([{ kind: 'erasure', actor: 'admin', actorUserId: adminRow?.id }]);
    const listed = await api(app, 'GET', apiPaths.admin.dataRequests, { cookie: admin.cookie });
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .data_requests.find((entry: { subject_user_id: string }) => entry.subject_user_id === client.id),
    ).toMatchObject({ kind: 'erasure', actor: 'admin', actor_email: admin.email, subject_email: null });

    const twice = await eraseAsAdmin(admin, client.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(erasureMessages.alreadyErased);
  });

  it('answers the role matrix: administrators only, a client account only', async () => {
    const { client } = await person('Matrix');
    const consultant = await signedInClient(testApp, 'consultant-matrix@erasure.test');
    await setRole(testApp.app.db, consultant.email, 'consultant');
    const [adminRow] = await testApp.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, admin.email));

    expect((await eraseAsAdmin({ cookie: '' }, client.id)).statusCode).toBe(401);
    expect((await eraseAsAdmin(client, client.id)).statusCode).toBe(403);
    expect((await eraseAsAdmin(consultant, client.id)).statusCode).toBe(403);
    const unknown = await eraseAsAdmin(admin, 'no-such-account');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(erasureMessages.clientNotFound);
    const firms = await eraseAsAdmin(admin, adminRow?.id ?? '');
    expect(firms.statusCode).toBe(409);
    expect(firms.json().message).toBe(erasureMessages.notAClient);
    expect((await eraseAsAdmin(admin, client.id, {})).statusCode).toBe(400);

    const list = (who: Pick<Client, 'cookie'>) =>
      api(testApp.app, 'GET', apiPaths.admin.dataRequests, { cookie: who.cookie });
    expect((await list({ cookie: '' })).statusCode).toBe(401);
    expect((await list(client)).statusCode).toBe(403);
    expect((await list(consultant)).statusCode).toBe(403);
    expect((await list(admin)).statusCode).toBe(200);
  });

  it('lets one of two erasures at once win; the other answers 409, never a 500', async () => {
    const { client } = await person('Race');
    await bookAt(testApp.app, client, businessTime(nextDay(), 11));
    const second = await signedInAdmin(testApp, 'second-chief@erasure.test');
    const answers = await Promise.all([eraseAsAdmin(admin, client.id), eraseAsAdmin(second, client.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const records = await testApp.app.db
      .select()
      .from(dataRequests)
      .where(eq(dataRequests.subjectUserId, client.id));
    expect(records).toHaveLength(1);
  });

  // PGlite has one connection: only PostgreSQL can have a write wait on the account while it is erased.
  describe.runIf(testDriver === 'postgres')('a write that waited on the account while it was erased', () => {
    /** What the client sends, on a past consultation of theirs (completed), and what it would leave if let through. */
    const writes: Record<
      string,
      {
        send: (client: Client, bookingId: number) => PromiseLike<InjectResponse>;
        left: (userId: string) => Promise<unknown[]>;
      }
    > = {
      'a booking': {
        send: (client) =>
          postBooking(testApp.app, client, {
            serviceId: 1,
            projectDescription: 'Booked at the moment the account is deleted.',
            startsAt: businessTime(nextDay(), 14),
          }),
        left: (userId) =>
          testApp.app.db
            .select()
            .from(bookings)
            .where(and(eq(bookings.userId, userId), ne(bookings.status, 'completed'))),
      },
      'a profile': {
        send: (client) =>
          api(
            testApp.app,
            'PUT',
            '/api/auth/profile',
            { cookie: client.cookie },
            { first_name: 'Resurrected', last_name: 'Again', phone: '', company: '' },
          ),
        left: async (userId) => [
          ...(await testApp.app.db.select().from(userProfiles).where(eq(userProfiles.userId, userId))),
          ...(await testApp.app.db
            .select()
            .from(users)
            .where(and(eq(users.id, userId), ne(users.name, erasedClientName)))),
        ],
      },
      'a message': {
        send: (client, bookingId) =>
          api(
            testApp.app,
            'POST',
            apiPaths.bookings.messages(bookingId),
            { cookie: client.cookie },
            { body: 'Written at the moment the account is deleted.' },
          ),
        left: (userId) =>
          testApp.app.db.select().from(bookingMessages).where(eq(bookingMessages.authorId, userId)),
      },
      'a document': {
        send: (client, bookingId) => {
          const document = multipartBody([{ name: 'file', filename: 'late.pdf', content: minimalPdf }]);
          return testApp.app.inject({
            method: 'POST',
            url: apiPaths.bookings.files(bookingId),
            headers: { origin: appUrl, cookie: client.cookie, 'content-type': document.type },
            payload: document.body,
          });
        },
        left: (userId) =>
          testApp.app.db.select().from(bookingFiles).where(eq(bookingFiles.uploadedBy, userId)),
      },
      'a review': {
        send: (client, bookingId) =>
          api(
            testApp.app,
            'POST',
            apiPaths.reviews.review(bookingId),
            { cookie: client.cookie },
            { rating: 5, comment: 'Written at the moment the account is deleted.' },
          ),
        left: (userId) => testApp.app.db.select().from(reviews).where(eq(reviews.userId, userId)),
      },
    };

    it.each(Object.keys(writes))('is refused, and leaves nothing: %s', async (name) => {
      const write = writes[name];
      if (!write) throw new Error(name);
      const { client } = await person(`Waiting${name.replaceAll(' ', '')}`);
      const { db } = testApp.app;
      const [pastId = 0] = await seedBookings(testApp.app, [
        {
          userId: client.id,
          createdAt: new Date(Date.now() - 20 * 86_400_000),
          startsAt: new Date(businessTime(pastWeekday(), 9)),
        },
      ]);
      await setStatus(pastId, 'confirmed');
      await setStatus(pastId, 'completed');
      const waiting = async () => {
        const answer = (await db.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        return Number(answer.rows[0]?.n);
      };
      // An injected request starts when it is awaited or resolved, not when it is made.
      let erasure: Promise<InjectResponse> | undefined;
      let sent: Promise<InjectResponse> | undefined;
      // The account's row held here: the erasure queues for it first, the write behind it.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id = ${client.id} for update`);
        erasure = Promise.resolve(eraseAsAdmin(admin, client.id));
        await expect.poll(waiting, { timeout: 20_000 }).toBe(1);
        sent = Promise.resolve(write.send(client, pastId));
        await expect.poll(waiting, { timeout: 20_000 }).toBe(2);
      });
      expect((await erasure)?.statusCode).toBe(200);
      const refused = await sent;
      expect(refused?.statusCode, refused?.body).toBe(401);
      expect(await write.left(client.id)).toEqual([]);
    });
  });
});

describe('with card payments', () => {
  let cards: TestApp;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    cards = await buildTestApp({ env: { ...cardPaymentEnv(stripe), WRITE_RATE_LIMIT_PER_MINUTE: '10000' } });
  });
  afterAll(async () => {
    await cards?.close();
    await stripe?.close();
  });

  it('voids the authorisation of the booking the erasure cancels', async () => {
    const client = await signedInClient(cards, 'card-holder@erasure.test');
    const booking = await bookAt(cards.app, client, businessTime(nextDay(), 14));
    const session = [...stripe.sessions.values()].find((each) => each.bookingId === String(booking.id));
    if (!session) throw new Error('no checkout');
    const event = stripe.signedEvent('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      payment_intent: session.paymentIntent,
      metadata: { booking_id: String(booking.id) },
    });
    const webhook = await cards.app.inject({
      method: 'POST',
      url: apiPaths.stripeWebhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    expect(webhook.statusCode, webhook.body).toBe(200);

    const erased = await api(
      cards.app,
      'POST',
      apiPaths.accounts.erasure,
      { cookie: client.cookie },
      { password },
    );
    expect(erased.statusCode, erased.body).toBe(200);
    expect(stripe.callsTo(new RegExp(`^/v1/payment_intents/${session.paymentIntent}/cancel$`))).toHaveLength(
      1,
    );
    const [card] = await cards.app.db
      .select({ status: cardPayments.status })
      .from(cardPayments)
      .where(eq(cardPayments.bookingId, booking.id));
    expect(card?.status).toBe('voided');
  });
});
