// Invoices and credit notes (docs/decisions/049): issued with the status change that calls for them, never
// changed, shown on every booking answer, and downloaded as PDFs whose text is read back with PDF.js (unpdf).
import { apiPaths, type Booking, billingMessages, bookingMessages, todayIn } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceReminders, invoices, userProfiles } from '../../src/db/schema.ts';
import { housekeep } from '../../src/modules/housekeeping/housekeeping.service.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { addConsultant } from '../consultants/fixtures.ts';
import { api, type Caller } from '../helpers/accounts.ts';
import { buildTestApp, defaultBilling, type TestApp } from '../helpers/build-test-app.ts';
import { type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';

let testApp: TestApp;
let mail: MailCapture;
let admin: Client;
let owner: Client;
let stranger: Client;
let consultant: Client;
let otherConsultant: Client;
let consultantId: number;
const year = todayIn('America/Phoenix', new Date()).slice(0, 4);

beforeAll(async () => {
  mail = await startMailCapture();
  testApp = await buildTestApp({
    env: { TAX_RATE_PERCENT: '8.875', INVOICE_DUE_DAYS: '30', SMTP_URL: mail.url },
    mail: { pollIntervalMs: 50 },
  });
  admin = await signedInAdmin(testApp, 'chief@invoices.test');
  owner = await signedInClient(testApp, 'ada@invoices.test', { firstName: 'Ada', lastName: 'Lovelace' });
  stranger = await signedInClient(testApp, 'stranger@invoices.test');
  consultant = await signedInClient(testApp, 'mia@invoices.test', { firstName: 'Mia', lastName: 'Mine' });
  otherConsultant = await signedInClient(testApp, 'otto@invoices.test', { firstName: 'Otto', lastName: 'O' });
  consultantId = (
    await addConsultant(testApp.app, admin, { name: 'Mia Mine', email: consultant.email, serviceIds: [1] })
  ).id;
  await addConsultant(testApp.app, admin, {
    name: 'Otto Other',
    email: otherConsultant.email,
    serviceIds: [1],
  });
});
afterAll(async () => {
  await testApp?.close();
  await mail?.close();
});

/** A pending booking of the owner's with Mia, far ahead; 90 minutes at $175/hour. */
async function pendingBooking(startsAt: string): Promise<number> {
  const [id = 0] = await seedBookings(testApp.app, [
    { userId: owner.id, createdAt: new Date(), consultantId, startsAt: new Date(startsAt) },
  ]);
  await testApp.app.db.execute(
    sql`update bookings set hourly_rate = 175, duration_minutes = 90, total_cost = 263, amount_cents = 26250,
      ends_at = starts_at + interval '90 minutes', blocked_until = starts_at + interval '90 minutes'
      where id = ${id}`,
  );
  return id;
}

async function setStatus(bookingId: number, status: string): Promise<Booking> {
  const response = await api(
    testApp.app,
    'PUT',
    apiPaths.admin.status(bookingId),
    { cookie: admin.cookie },
    { status },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ booking: Booking }>().booking;
}

async function pdfText(caller: Caller, path: string): Promise<string> {
  const response = await api(testApp.app, 'GET', path, caller);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('an invoice for every confirmed consultation', () => {
  it('is issued when the firm confirms, numbered INV-{year}-{0001}, with tax, and shown on the booking', async () => {
    const bookingId = await pendingBooking('2040-05-07T16:00:00Z');
    const pending = await setStatus(bookingId, 'pending');
    expect(pending.invoice).toBeNull();
    expect(pending.payment).toEqual({
      method: 'invoice',
      status: 'not_invoiced',
      amount_cents: 26_250,
      currency: 'usd',
    });
    const missing = await api(testApp.app, 'GET', apiPaths.bookings.invoicePdf(bookingId), {
      cookie: owner.cookie,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(billingMessages.noInvoiceYet);

    const confirmed = await setStatus(bookingId, 'confirmed');
    // $262.50 and 8.875% tax ($23.30): $285.80.
    expect(confirmed.invoice).toEqual({
      id: expect.any(Number),
      number: expect.stringMatching(new RegExp(`^INV-${year}-\\d{4}$`)),
      status: 'open',
      total_cents: 28_580,
      currency: 'usd',
    });
    expect(confirmed.payment).toMatchObject({ method: 'invoice', status: 'open', amount_cents: 26_250 });
    const [row] = await testApp.app.db.select().from(invoices).where(eq(invoices.bookingId, bookingId));
    expect(row).toMatchObject({ subtotalCents: 26_250, taxRate: 8875, taxCents: 2330, totalCents: 28_580 });
    expect(row?.dueOn).toBe(
      new Date(Date.parse(`${row?.issuedOn}T12:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10),
    );

    const text = await pdfText({ cookie: owner.cookie }, apiPaths.bookings.invoicePdf(bookingId));
    expect(text).toContain(confirmed.invoice?.number);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('ada@invoices.test');
    expect(text).toContain('$285.80');
    expect(text).toContain('$262.50');
    expect(text).toContain('Tax (8.875%)');
    expect(text).toContain(confirmed.confirmation_code);

    // The confirmation letter carries it.
    const letter = await mail.waitFor(owner.email, { subject: /confirmed/i });
    const attachment = letter.attachments.find((part) => part.contentType === 'application/pdf');
    expect(attachment?.filename).toBe(`${confirmed.invoice?.number}.pdf`);
    expect(letter.text).toContain(
      `Your invoice ${confirmed.invoice?.number} is attached: please pay it by bank transfer, quoting ${confirmed.confirmation_code} as the reference.`,
    );
    expect(attachment?.content.startsWith('%PDF-')).toBe(true);

    // Confirming again issues nothing more.
    await setStatus(bookingId, 'completed');
    await setStatus(bookingId, 'confirmed');
    expect(await testApp.app.db.$count(invoices, eq(invoices.bookingId, bookingId))).toBe(1);
  });

  it('keeps the buyer as they were at issue, and can be neither changed nor deleted', async () => {
    const bookingId = await pendingBooking('2040-05-08T16:00:00Z');
    const { invoice } = await setStatus(bookingId, 'confirmed');
    await testApp.app.db
      .update(userProfiles)
      .set({ firstName: 'Augusta', lastName: 'King' })
      .where(eq(userProfiles.userId, owner.id));
    const text = await pdfText({ cookie: admin.cookie }, apiPaths.bookings.invoicePdf(bookingId));
    expect(text).toContain('Ada Lovelace');
    expect(text).not.toContain('Augusta');
    await testApp.app.db
      .update(userProfiles)
      .set({ firstName: 'Ada', lastName: 'Lovelace' })
      .where(eq(userProfiles.userId, owner.id));

    const id = invoice?.id ?? 0;
    await expect(
      testApp.app.db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, id)),
    ).rejects.toThrow();
    await expect(testApp.app.db.delete(invoices).where(eq(invoices.id, id))).rejects.toThrow();
    const [row] = await testApp.app.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row?.totalCents).toBe(invoice?.total_cents);
  });

  it('is credited in full when the booking is cancelled, and a new one is issued if it is confirmed again', async () => {
    const bookingId = await pendingBooking('2040-05-09T16:00:00Z');
    const { invoice } = await setStatus(bookingId, 'confirmed');
    const cancelled = await setStatus(bookingId, 'cancelled');
    expect(cancelled.invoice).toMatchObject({ id: invoice?.id, status: 'credited' });
    expect(cancelled.payment.status).toBe('credited');
    const [credit] = await testApp.app.db
      .select()
      .from(invoices)
      .where(eq(invoices.creditsInvoiceId, invoice?.id ?? 0));
    expect(credit).toMatchObject({ kind: 'credit_note', totalCents: -28_580, taxCents: -2330, dueOn: null });
    expect(credit?.number).toMatch(new RegExp(`^CN-${year}-\\d{4}$`));
    const letter = await mail.waitFor(owner.email, { subject: /cancelled/i });
    const attachment = letter.attachments.find((part) => part.contentType === 'application/pdf');
    expect(attachment?.filename).toBe(`${credit?.number}.pdf`);
    const text = await pdfText({ cookie: owner.cookie }, apiPaths.bookings.creditNotePdf(bookingId));
    expect(text).toContain(credit?.number);
    expect(text).toContain(`Credits invoice ${invoice?.number}`);
    expect(text).toContain('-$285.80');

    const again = await setStatus(bookingId, 'confirmed');
    expect(again.invoice?.id).not.toBe(invoice?.id);
    expect(again.invoice?.status).toBe('open');
  });

  it('numbers each kind consecutively from 1 in the year, with no gap', async () => {
    const numbers = await testApp.app.db
      .select({ kind: invoices.kind, year: invoices.year, sequence: invoices.sequence })
      .from(invoices)
      .orderBy(invoices.kind, invoices.sequence);
    for (const kind of ['invoice', 'credit_note'] as const) {
      const sequences = numbers.filter((row) => row.kind === kind).map((row) => row.sequence);
      expect(sequences.length).toBeGreaterThan(0);
      expect(sequences).toEqual(sequences.map((_, index) => index + 1));
    }
  });
});

describe('who may download an invoice', () => {
  it('its client, its consultant and administrators; signed out 401; anyone else 404', async () => {
    const bookingId = await pendingBooking('2040-05-10T16:00:00Z');
    await setStatus(bookingId, 'confirmed');
    const path = apiPaths.bookings.invoicePdf(bookingId);
    for (const caller of [owner, consultant, admin]) {
      expect((await api(testApp.app, 'GET', path, { cookie: caller.cookie })).statusCode).toBe(200);
    }
    expect((await api(testApp.app, 'GET', path, {})).statusCode).toBe(401);
    for (const caller of [stranger, otherConsultant]) {
      const response = await api(testApp.app, 'GET', path, { cookie: caller.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(bookingMessages.bookingNotFound);
    }
    expect(
      (await api(testApp.app, 'GET', apiPaths.bookings.invoicePdf('x'), { cookie: admin.cookie })).statusCode,
    ).toBe(400);
  });
});

describe("the firm's invoices and the payments it records", () => {
  it('lists invoices and credit notes newest first with their status, filtered by status', async () => {
    const bookingId = await pendingBooking('2040-05-14T16:00:00Z');
    const { invoice } = await setStatus(bookingId, 'confirmed');
    const list = await api(testApp.app, 'GET', `${apiPaths.admin.invoices}?limit=100`, {
      cookie: admin.cookie,
    });
    expect(list.statusCode, list.body).toBe(200);
    const { invoices: listed } = list.json<{ invoices: { id: number; status: string; kind: string }[] }>();
    expect(listed[0]).toMatchObject({
      id: invoice?.id,
      number: invoice?.number,
      kind: 'invoice',
      booking_id: bookingId,
      client: { name: 'Ada Lovelace', email: owner.email },
      total_cents: 28_580,
      currency: 'usd',
      due_on: expect.any(String),
      status: 'open',
      paid_cents: 0,
    });
    const ids = listed.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(listed.some((row) => row.kind === 'credit_note' && row.status === 'credited')).toBe(true);
    const credited = await api(testApp.app, 'GET', `${apiPaths.admin.invoices}?status=credited`, {
      cookie: admin.cookie,
    });
    expect(credited.json().invoices.length).toBeGreaterThan(0);
    expect(credited.json().invoices.every((row: { status: string }) => row.status === 'credited')).toBe(true);
    const bad = await api(testApp.app, 'GET', `${apiPaths.admin.invoices}?status=lost`, {
      cookie: admin.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('adds partial payments up to paid, and refuses more than what is open, a future date or a credit note', async () => {
    const bookingId = await pendingBooking('2040-05-15T16:00:00Z');
    const id = (await setStatus(bookingId, 'confirmed')).invoice?.id ?? 0;
    const pay = (body: object) =>
      api(testApp.app, 'POST', apiPaths.admin.invoicePayments(id), { cookie: admin.cookie }, body);
    const first = await pay({ amountCents: 10_000, paidOn: '2026-01-05', reference: 'Transfer 1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().invoice).toMatchObject({ status: 'open', paid_cents: 10_000 });
    const tooMuch = await pay({ amountCents: 18_581, paidOn: '2026-01-06', reference: 'Transfer 2' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual([
      { path: 'amountCents', msg: billingMessages.amountAboveOpen(18_580, 'usd') },
    ]);
    const future = await pay({ amountCents: 100, paidOn: '2099-01-01', reference: 'Transfer 3' });
    expect(future.json().errors).toEqual([{ path: 'paidOn', msg: billingMessages.paidOnInFuture }]);
    const rest = await pay({ amountCents: 18_580, paidOn: '2026-01-07', reference: 'Transfer 2' });
    expect(rest.json().invoice).toMatchObject({ status: 'paid', paid_cents: 28_580 });
    const booking = await api(testApp.app, 'GET', apiPaths.bookings.booking(bookingId), {
      cookie: owner.cookie,
    });
    expect(booking.json().booking.payment.status).toBe('paid');
    const more = await pay({ amountCents: 1, paidOn: '2026-01-07', reference: 'Transfer 4' });
    expect(more.json().errors).toEqual([{ path: 'amountCents', msg: billingMessages.nothingOpen('paid') }]);

    await setStatus(bookingId, 'cancelled');
    const [credit] = await testApp.app.db.select().from(invoices).where(eq(invoices.creditsInvoiceId, id));
    const onCredit = await api(
      testApp.app,
      'POST',
      apiPaths.admin.invoicePayments(credit?.id ?? 0),
      { cookie: admin.cookie },
      { amountCents: 100, paidOn: '2026-01-07', reference: 'Transfer 5' },
    );
    expect(onCredit.json().errors).toEqual([
      { path: 'amountCents', msg: billingMessages.paymentOnCreditNote },
    ]);
    const unknown = await api(
      testApp.app,
      'POST',
      apiPaths.admin.invoicePayments(999_999),
      { cookie: admin.cookie },
      { amountCents: 100, paidOn: '2026-01-07', reference: 'Transfer 6' },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("exports the period's invoices and credit notes as CSV that adds up to what was billed", async () => {
    const today = todayIn('America/Phoenix', new Date());
    const url = `${apiPaths.admin.invoicesExport}?from=${today}&to=${today}`;
    const response = await api(testApp.app, 'GET', url, { cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoices-${today}-${today}.csv"`,
    );
    const [header = '', ...lines] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header.replaceAll('"', '').split(',');
    expect(columns).toEqual([
      'number',
      'kind',
      'issued_on',
      'due_on',
      'status',
      'credits',
      'reference',
      'client_name',
      'client_company',
      'client_tax_id',
      'client_email',
      'currency',
      'subtotal',
      'tax_rate_percent',
      'tax',
      'total',
      'paid',
    ]);
    const rows = lines.map((line) =>
      Object.fromEntries(line.split('","').map((cell, index) => [columns[index], cell.replaceAll('"', '')])),
    );
    const issued = await testApp.app.db.select().from(invoices);
    expect(rows).toHaveLength(issued.length);
    const credit = rows.find((row) => row.kind === 'credit_note');
    expect(credit).toMatchObject({ total: '-285.8', tax: '-23.3', status: 'credited', due_on: '' });
    expect(credit?.credits).toMatch(/^INV-/);
    const sum = rows.reduce((cents, row) => cents + Math.round(Number(row.total) * 100), 0);
    expect(sum).toBe(issued.reduce((cents, row) => cents + row.totalCents, 0));
    const backwards = await api(
      testApp.app,
      'GET',
      `${apiPaths.admin.invoicesExport}?from=${today}&to=2000-01-01`,
      { cookie: admin.cookie },
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([{ path: 'to', msg: billingMessages.periodOutOfOrder }]);
  });

  it('answers administrators only: signed out 401, a client or consultant 403', async () => {
    const body = { amountCents: 100, paidOn: '2026-01-07', reference: 'Transfer' };
    for (const [caller, status] of [
      [{}, 401],
      [{ cookie: owner.cookie }, 403],
      [{ cookie: consultant.cookie }, 403],
    ] as const) {
      expect((await api(testApp.app, 'GET', apiPaths.admin.invoices, caller)).statusCode).toBe(status);
      const today = todayIn('America/Phoenix', new Date());
      const exportUrl = `${apiPaths.admin.invoicesExport}?from=${today}&to=${today}`;
      expect((await api(testApp.app, 'GET', exportUrl, caller)).statusCode).toBe(status);
      expect(
        (await api(testApp.app, 'POST', apiPaths.admin.invoicePayments(1), caller, body)).statusCode,
      ).toBe(status);
    }
  });
});

// Last in the file: housekeeping at a moment weeks ahead also ends the sessions the other tests use.
describe('an overdue invoice', () => {
  it('reminds its client once, with the invoice attached; a paid or credited one is never reminded', async () => {
    const unpaidBooking = await pendingBooking('2040-05-16T16:00:00Z');
    const unpaid = (await setStatus(unpaidBooking, 'confirmed')).invoice;
    const paidBooking = await pendingBooking('2040-05-17T16:00:00Z');
    const paid = (await setStatus(paidBooking, 'confirmed')).invoice;
    const payment = await api(
      testApp.app,
      'POST',
      apiPaths.admin.invoicePayments(paid?.id ?? 0),
      { cookie: admin.cookie },
      { amountCents: paid?.total_cents, paidOn: '2026-01-07', reference: 'Paid in full' },
    );
    expect(payment.statusCode, payment.body).toBe(200);
    // 31 days on: every invoice of this file is past its 30 days.
    const later = new Date(Date.now() + 31 * 86_400_000);
    const options = {
      pendingExpiryHours: 0,
      timeZone: 'America/Phoenix',
      appUrl: 'https://portal.example.com',
      mailFrom: 'OT Consulting <no-reply@ot.test>',
      ...defaultBilling,
    };
    const first = await housekeep(testApp.app.db, options, later);
    const remindedNumbers = (
      await testApp.app.db
        .select({ number: invoices.number })
        .from(invoices)
        .innerJoin(invoiceReminders, eq(invoiceReminders.invoiceId, invoices.id))
    ).map((row) => row.number);
    expect(remindedNumbers).toContain(unpaid?.number);
    expect(remindedNumbers).not.toContain(paid?.number);
    expect(first.overdueInvoices).toBe(remindedNumbers.length);
    const letter = await mail.waitFor(owner.email, {
      subject: new RegExp(`Invoice ${unpaid?.number} is overdue`),
    });
    expect(letter.text).toContain('$285.80');
    expect(letter.attachments.find((part) => part.contentType === 'application/pdf')?.filename).toBe(
      `${unpaid?.number}.pdf`,
    );
    const again = await housekeep(testApp.app.db, options, later);
    expect(again.overdueInvoices).toBe(0);
    await mail.idle();
    const overdueLetters = mail.messages.filter((message) => /is overdue/.test(message.subject));
    expect(overdueLetters).toHaveLength(remindedNumbers.length);
  });
});
