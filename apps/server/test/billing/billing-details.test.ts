// Billing details: the firm's at /api/admin/settings (administrators only, every save recorded) and a client's in
// their profile, both copied onto each invoice as it is issued and never changed on an invoice issued before.
import {
  accountMessages,
  apiPaths,
  type Booking,
  billingMessages,
  type FirmBilling,
  productName,
} from '@portal/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminChanges, firmBilling, invoices, userProfiles } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { addConsultant } from '../consultants/fixtures.ts';
import { api, type Caller, cookieHeader, identity } from '../helpers/accounts.ts';
import { buildTestApp, secondApp, type TestApp } from '../helpers/build-test-app.ts';

let testApp: TestApp;
let admin: Client;
let client: Client;
let consultant: Client;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signedInAdmin(testApp, 'chief@billing-details.test');
  client = await signedInClient(testApp, 'grace@billing-details.test', {
    firstName: 'Grace',
    lastName: 'Hopper',
  });
  consultant = await signedInClient(testApp, 'carl@billing-details.test', {
    firstName: 'Carl',
    lastName: 'C',
  });
  await addConsultant(testApp.app, admin, {
    name: 'Carl Consultant',
    email: consultant.email,
    serviceIds: [1],
  });
});
afterAll(async () => {
  await testApp?.close();
});

const settings = apiPaths.admin.settings;

const firmDetails: FirmBilling = {
  legalName: 'OT Consulting LLC',
  address: '100 Harbour Street\nSuite 4\nPhoenix, AZ 85004',
  taxId: 'EIN 12-3456789',
  bankDetails: 'First Desert Bank\nAccount 000123456789\nRouting 122000661',
  footer: 'OT Consulting LLC, registered in Arizona, file 23-0001.',
};

function saveSettings(billing: object, caller: Caller = { cookie: admin.cookie }) {
  return api(testApp.app, 'PUT', settings, caller, { billing });
}

async function storedBilling(): Promise<FirmBilling | undefined> {
  const [row] = await testApp.app.db.select({ billing: firmBilling.billing }).from(firmBilling);
  return row?.billing;
}

function billingChanges() {
  return testApp.app.db
    .select()
    .from(adminChanges)
    .where(eq(adminChanges.subject, 'firm_billing'))
    .orderBy(desc(adminChanges.id));
}

describe("the firm's billing details", () => {
  it('are for administrators only: signed out 401, a client or a consultant 403', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { billing: firmDetails }],
    ] as const) {
      const signedOut = await api(testApp.app, method, settings, {}, body);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ message: accountMessages.noActiveSession });
      for (const caller of [client, consultant]) {
        const refused = await api(testApp.app, method, settings, { cookie: caller.cookie }, body);
        expect(refused.statusCode, `${method} as ${caller.email}`).toBe(403);
        expect(refused.json()).toEqual({ message: accountMessages.adminRequired });
      }
    }
    // Nothing of theirs was saved.
    expect(await storedBilling()).toBeUndefined();
    expect(await billingChanges()).toEqual([]);
  });

  it("are the firm's name and nothing else until an administrator saves them", async () => {
    const read = await api(testApp.app, 'GET', settings, { cookie: admin.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      billing: { legalName: productName, address: '', taxId: '', bankDetails: '', footer: '' },
    });
  });

  it('are saved, read back and recorded with who, when, before and after; a field left out keeps its value', async () => {
    const saved = await saveSettings({
      ...firmDetails,
      address: '  100 Harbour Street\r\nSuite 4\r\nPhoenix, AZ 85004 ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Line breaks written one way, trimmed.
    expect(saved.json()).toEqual({ billing: firmDetails });
    expect((await api(testApp.app, 'GET', settings, { cookie: admin.cookie })).json()).toEqual({
      billing: firmDetails,
    });
    const [first] = await billingChanges();
    expect(first).toMatchObject({
      actorUserId: admin.id,
      actorEmail: admin.email,
      subject: 'firm_billing',
      subjectId: null,
      action: 'updated',
      before: { legalName: productName, address: '', taxId: '', bankDetails: '', footer: '' },
      after: firmDetails,
    });
    expect(Date.now() - (first?.at.getTime() ?? 0)).toBeLessThan(60_000);

    const renamed = await saveSettings({ legalName: 'OT Consulting Group LLC', footer: '' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = { ...firmDetails, legalName: 'OT Consulting Group LLC', footer: '' };
    expect(renamed.json()).toEqual({ billing: after });
    const [second] = await billingChanges();
    expect(second).toMatchObject({ action: 'updated', before: firmDetails, after });

    expect((await saveSettings(firmDetails)).statusCode).toBe(200);
    expect(await billingChanges()).toHaveLength(3);
  });

  it('refuses a field that breaks a rule with 400 naming it, and saves nothing', async () => {
    const before = await storedBilling();
    const changes = (await billingChanges()).length;
    const cases: [object, string, string][] = [
      [{ ...firmDetails, legalName: '  ' }, 'billing.legalName', billingMessages.legalNameRequired],
      [
        { ...firmDetails, legalName: 'L'.repeat(201) },
        'billing.legalName',
        'Legal name must be at most 200 characters',
      ],
      [{ address: firmDetails.address }, 'billing.legalName', billingMessages.legalNameRequired],
      [
        { ...firmDetails, address: Array.from({ length: 9 }, (_, line) => `Line ${line + 1}`).join('\n') },
        'billing.address',
        'Address must be at most 8 lines',
      ],
      [
        { ...firmDetails, address: 'A'.repeat(301) },
        'billing.address',
        'Address must be at most 300 characters',
      ],
      [{ ...firmDetails, taxId: 'T'.repeat(51) }, 'billing.taxId', 'Tax ID must be at most 50 characters'],
      [
        { ...firmDetails, taxId: 'EIN\n12' },
        'billing.taxId',
        'Tax ID must not contain control characters or line breaks',
      ],
      [
        { ...firmDetails, bankDetails: 'Bank\u0000Account' },
        'billing.bankDetails',
        'Bank details must not contain control characters other than tabs and line breaks',
      ],
      [
        { ...firmDetails, footer: 'F'.repeat(301) },
        'billing.footer',
        'Footer must be at most 300 characters',
      ],
      [
        { ...firmDetails, footer: 'Registered\nin Arizona' },
        'billing.footer',
        'Footer must not contain control characters or line breaks',
      ],
      [{ ...firmDetails, iban: 'DE00' }, 'billing.iban', billingMessages.unknownField('iban')],
    ];
    for (const [billing, path, msg] of cases) {
      const response = await saveSettings(billing);
      expect(response.statusCode, msg).toBe(400);
      expect(response.json()).toEqual({ message: msg, errors: [{ path, msg }] });
    }
    const notWrapped = await api(testApp.app, 'PUT', settings, { cookie: admin.cookie }, firmDetails);
    expect(notWrapped.statusCode).toBe(400);
    expect(notWrapped.json().errors.map((error: { path: string }) => error.path)).toContain('billing');
    expect(await storedBilling()).toEqual(before);
    expect(await billingChanges()).toHaveLength(changes);
  });

  it('are read at once by every server on the database: nothing caches them', async () => {
    expect((await saveSettings(firmDetails)).statusCode).toBe(200);
    // This server has read them: a copy it kept would now be served.
    expect((await api(testApp.app, 'GET', settings, { cookie: admin.cookie })).json()).toEqual({
      billing: firmDetails,
    });
    const other = await secondApp(testApp);
    try {
      // A session of the other server's own (each signs its cookies with its own secret).
      const signIn = await identity(other.app, 'POST', '/sign-in/email', {
        email: admin.email,
        password: 'booking-tests-password',
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const moved = { ...firmDetails, address: '200 Desert Road\nTempe, AZ 85281' };
      const saved = await api(
        other.app,
        'PUT',
        settings,
        { cookie: cookieHeader(signIn) },
        { billing: moved },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await api(testApp.app, 'GET', settings, { cookie: admin.cookie })).json()).toEqual({
        billing: moved,
      });
    } finally {
      await other.close();
    }
    expect((await saveSettings(firmDetails)).statusCode).toBe(200);
  });

  it('saved by several administrators at once keep what each changed', async () => {
    expect((await saveSettings(firmDetails)).statusCode).toBe(200);
    const deputy = await signedInAdmin(testApp, 'deputy@billing-details.test');
    const changed: Omit<FirmBilling, 'legalName'> = {
      address: '300 Mesa Drive\nScottsdale, AZ 85251',
      taxId: 'EIN 98-7654321',
      bankDetails: 'Canyon Credit Union\nAccount 000987654321',
      footer: 'Thank you for your business.',
    };
    const saves = await Promise.all(
      Object.entries(changed).map(([field, value], index) =>
        saveSettings(
          { legalName: firmDetails.legalName, [field]: value },
          {
            cookie: index % 2 === 0 ? admin.cookie : deputy.cookie,
          },
        ),
      ),
    );
    expect(saves.map((save) => save.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await storedBilling()).toEqual({ legalName: firmDetails.legalName, ...changed });
    // Each recorded what the one before it had left.
    const records = (await billingChanges()).slice(0, 4).reverse();
    for (const [index, record] of records.entries()) {
      if (index > 0) expect(record.before).toEqual(records[index - 1]?.after);
    }
    expect((await saveSettings(firmDetails)).statusCode).toBe(200);
  });
});

// ——— A client's billing details ———

const profilePath = apiPaths.accounts.profile;

function saveProfile(body: object, caller: Client = client) {
  return api(testApp.app, 'PUT', profilePath, { cookie: caller.cookie }, body);
}

describe("a client's billing details in their profile", () => {
  const names = { first_name: 'Grace', last_name: 'Hopper' };

  it('are saved with the profile and read back; left out they are kept, empty or null they are cleared', async () => {
    const fresh = await api(testApp.app, 'GET', profilePath, { cookie: client.cookie });
    expect(fresh.json().user).toMatchObject({ billing_address: null, tax_id: null });

    const saved = await saveProfile({
      ...names,
      company: 'Remington Rand',
      billing_address: ' 1 Computer Lane\r\nPhiladelphia, PA 19103 ',
      tax_id: 'US 23-1234567',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const billed = {
      company: 'Remington Rand',
      billing_address: '1 Computer Lane\nPhiladelphia, PA 19103',
      tax_id: 'US 23-1234567',
    };
    expect(saved.json().user).toMatchObject(billed);
    expect((await api(testApp.app, 'GET', profilePath, { cookie: client.cookie })).json().user).toMatchObject(
      billed,
    );

    // The complete-profile page's body (camelCase, no billing details) keeps them.
    const renamed = await saveProfile({ firstName: 'Grace', lastName: 'Hopper', company: 'Remington Rand' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().user).toMatchObject(billed);

    const noTaxId = await saveProfile({ ...names, company: 'Remington Rand', tax_id: '' });
    expect(noTaxId.json().user).toMatchObject({ billing_address: billed.billing_address, tax_id: null });
    const noAddress = await saveProfile({ ...names, company: 'Remington Rand', billing_address: null });
    expect(noAddress.json().user).toMatchObject({ billing_address: null, tax_id: null });
    const [row] = await testApp.app.db
      .select({ billingAddress: userProfiles.billingAddress, taxId: userProfiles.taxId })
      .from(userProfiles)
      .where(eq(userProfiles.userId, client.id));
    expect(row).toEqual({ billingAddress: null, taxId: null });
  });

  it('refuses a billing detail that breaks a rule with 400 naming it, and keeps the profile', async () => {
    const kept = { ...names, company: 'Remington Rand', billing_address: '1 Computer Lane', tax_id: 'US 1' };
    expect((await saveProfile(kept)).statusCode).toBe(200);
    const cases: [object, string, string][] = [
      [
        { billing_address: Array.from({ length: 9 }, (_, line) => `Line ${line + 1}`).join('\n') },
        'billing_address',
        'Billing address must be at most 8 lines',
      ],
      [
        { billing_address: 'B'.repeat(301) },
        'billing_address',
        'Billing address must be at most 300 characters',
      ],
      [
        { billing_address: 'Lane \ud800' },
        'billing_address',
        'Billing address contains characters that are not valid text',
      ],
      [{ tax_id: 'T'.repeat(51) }, 'tax_id', 'Tax ID must be at most 50 characters'],
      [{ tax_id: 'US\u00001' }, 'tax_id', 'Tax ID must not contain control characters or line breaks'],
      [{ tax_id: 42 }, 'tax_id', 'Invalid input: expected string, received number'],
    ];
    for (const [change, path, msg] of cases) {
      const response = await saveProfile({ ...kept, billing_address: 'Another Lane', ...change });
      expect(response.statusCode, msg).toBe(400);
      expect(response.json()).toEqual({ message: msg, errors: [{ path, msg }] });
    }
    const read = await api(testApp.app, 'GET', profilePath, { cookie: client.cookie });
    expect(read.json().user).toMatchObject({ billing_address: '1 Computer Lane', tax_id: 'US 1' });
  });
});

// ——— On the invoice ———

async function confirmedBooking(): Promise<Booking> {
  const [id = 0] = await seedBookings(testApp.app, [{ userId: client.id, createdAt: new Date() }]);
  const response = await api(
    testApp.app,
    'PUT',
    apiPaths.admin.status(id),
    { cookie: admin.cookie },
    { status: 'confirmed' },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ booking: Booking }>().booking;
}

async function invoiceText(bookingId: number): Promise<string> {
  const response = await api(testApp.app, 'GET', apiPaths.bookings.invoicePdf(bookingId), {
    cookie: client.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('billing details on invoices', () => {
  it('are printed as they were at issue: an invoice issued before an edit keeps the old details', async () => {
    expect((await saveSettings(firmDetails)).statusCode).toBe(200);
    const buyerBefore = {
      first_name: 'Grace',
      last_name: 'Hopper',
      company: 'Remington Rand',
      billing_address: '1 Computer Lane\nPhiladelphia, PA 19103',
      tax_id: 'US 23-1234567',
    };
    expect((await saveProfile(buyerBefore)).statusCode).toBe(200);
    const earlier = await confirmedBooking();

    const firmAfter: FirmBilling = {
      legalName: 'OT Consulting Group LLC',
      address: '200 Desert Road\nTempe, AZ 85281',
      taxId: 'EIN 98-7654321',
      bankDetails: 'Canyon Credit Union\nAccount 000987654321',
      footer: 'Thank you for your business.',
    };
    expect((await saveSettings(firmAfter)).statusCode).toBe(200);
    const buyerAfter = {
      ...buyerBefore,
      company: 'Sperry Corporation',
      billing_address: '2 Univac Plaza\nBlue Bell, PA 19422',
      tax_id: 'US 98-7654321',
    };
    expect((await saveProfile(buyerAfter)).statusCode).toBe(200);
    const later = await confirmedBooking();

    const first = await invoiceText(earlier.id);
    for (const line of [
      earlier.invoice?.number ?? 'no invoice',
      'OT Consulting LLC',
      '100 Harbour Street',
      'Suite 4',
      'Phoenix, AZ 85004',
      'Tax ID: EIN 12-3456789',
      // The payment instructions, then where the transfer goes.
      `by bank transfer, with the reference ${earlier.confirmation_code}`,
      'First Desert Bank',
      'Account 000123456789',
      'Routing 122000661',
      firmDetails.footer,
      'Grace Hopper',
      'Remington Rand',
      '1 Computer Lane',
      'Philadelphia, PA 19103',
      'Tax ID: US 23-1234567',
    ])
      expect(first).toContain(line);
    for (const line of ['Group', 'Desert Road', 'Canyon', 'Thank you', 'Sperry', 'Univac', '98-7654321'])
      expect(first).not.toContain(line);

    const second = await invoiceText(later.id);
    for (const line of [
      later.invoice?.number ?? 'no invoice',
      'OT Consulting Group LLC',
      '200 Desert Road',
      'Tempe, AZ 85281',
      'Tax ID: EIN 98-7654321',
      'Canyon Credit Union',
      'Account 000987654321',
      'Thank you for your business.',
      'Sperry Corporation',
      '2 Univac Plaza',
      'Blue Bell, PA 19422',
      'Tax ID: US 98-7654321',
    ])
      expect(second).toContain(line);
    for (const line of ['Harbour', 'First Desert', 'Remington', 'Computer Lane'])
      expect(second).not.toContain(line);

    // Each invoice's row holds the parties as they were at its issue.
    const rows = await testApp.app.db
      .select({ id: invoices.id, seller: invoices.seller, buyer: invoices.buyer })
      .from(invoices)
      .where(inArray(invoices.id, [earlier.invoice?.id ?? 0, later.invoice?.id ?? 0]))
      .orderBy(invoices.id);
    expect(rows.map((row) => row.seller)).toEqual([firmDetails, firmAfter]);
    expect(rows.map((row) => row.buyer)).toEqual([
      {
        name: 'Grace Hopper',
        email: client.email,
        company: 'Remington Rand',
        address: buyerBefore.billing_address,
        taxId: buyerBefore.tax_id,
      },
      {
        name: 'Grace Hopper',
        email: client.email,
        company: 'Sperry Corporation',
        address: buyerAfter.billing_address,
        taxId: buyerAfter.tax_id,
      },
    ]);
  });
});
