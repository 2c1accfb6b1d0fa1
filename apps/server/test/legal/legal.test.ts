// The legal pages' settings and consents (docs/product.md#privacy-and-cookies): GET /api/legal states the firm as
// saved at /admin/settings (at once, in every process), the retention housekeeping applies, the processors the
// configuration really uses; sign-up records the versions in force; GET and POST /api/account/consents.
import {
  apiPaths,
  type ConsentsResponse,
  consentMessages,
  type LegalResponse,
  legalVersions,
  productName,
  retention,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, users } from '../../src/db/schema.ts';
import { setRole } from '../../src/modules/accounts/roles.service.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api, freshIp, identity } from '../helpers/accounts.ts';
import { buildTestApp, secondApp, type TestApp } from '../helpers/build-test-app.ts';

async function legal(testApp: TestApp): Promise<LegalResponse> {
  const response = await testApp.app.inject({ method: 'GET', url: apiPaths.legal });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LegalResponse>();
}

describe('GET /api/legal', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('states the versions, the retention housekeeping applies, the cookies, and no processor without SMTP_URL', async () => {
    const body = await legal(testApp);
    expect(body.versions).toEqual(legalVersions);
    expect(body.retention).toEqual({
      unverified_account_days: retention.unverifiedAccountDays,
      session_days: retention.sessionDays,
      session_max_days: retention.sessionMaxDays,
      sent_mail_days: retention.sentMailDays,
      undelivered_mail_days: retention.undeliveredMailDays,
      contact_message_days: retention.contactMessageDays,
      counter_hours: retention.counterHours,
    });
    expect(body.retention.unverified_account_days).toBe(7);
    expect(body.payments).toBe('invoice');
    // Mail stays on this server (the dev mailbox): nobody else receives it.
    expect(body.processors).toEqual([]);
    expect(body.cookies.map((cookie) => cookie.name)).toEqual([
      'portal.session_token',
      'portal.two_factor',
      'portal.dont_remember',
    ]);
    expect(body.cookies.every((cookie) => cookie.http_only)).toBe(true);
    // Until the firm saves its details: its name, nothing it has not said.
    expect(body.firm).toEqual({ name: productName, address: '', email: null, tax_id: '' });
  });

  it("shows the firm's details saved at /admin/settings at once, in this process and in another", async () => {
    const admin = await signedInAdmin(testApp, 'admin@legal-firm.test');
    const other = await secondApp(testApp);
    try {
      expect((await legal(testApp)).firm.name).toBe(productName);
      const saved = await api(testApp.app, 'PUT', apiPaths.admin.settings, admin, {
        billing: {
          legalName: 'OT Consulting Group LLC',
          address: '2850 E Camelback Rd, Suite 210\nPhoenix, AZ 85016',
          taxId: 'EIN 12-3456789',
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const expected = {
        name: 'OT Consulting Group LLC',
        address: '2850 E Camelback Rd, Suite 210\nPhoenix, AZ 85016',
        email: null,
        tax_id: 'EIN 12-3456789',
      };
      expect((await legal(testApp)).firm).toEqual(expected);
      const fromOther = await other.app.inject({ method: 'GET', url: apiPaths.legal });
      expect(fromOther.json<LegalResponse>().firm).toEqual(expected);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/legal with card payments, a mail server and https', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      env: {
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_legal',
        STRIPE_WEBHOOK_SECRET: 'whsec_legal',
        SMTP_URL: 'smtp://mailer:s3cret-pass@mail.legal-host.test:587',
        REPLY_TO: 'privacy@otconsulting.test',
        APP_URL: 'https://portal.legal.test',
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it("lists Stripe and the firm's email provider, never the mail server's host or credentials", async () => {
    const body = await legal(testApp);
    expect(body.payments).toBe('stripe');
    expect(body.processors.map((processor) => processor.name)).toEqual([
      "The firm's email provider",
      'Stripe',
    ]);
    const text = JSON.stringify(body);
    for (const secret of ['mailer', 's3cret-pass', 'legal-host', 'smtp://', 'sk_test_legal', 'whsec_legal']) {
      expect(text).not.toContain(secret);
    }
    expect(body.firm.email).toBe('privacy@otconsulting.test');
    // Over https the browser requires the __Secure- prefix, which the server sets.
    expect(body.cookies.map((cookie) => cookie.name)).toEqual([
      '__Secure-portal.session_token',
      '__Secure-portal.two_factor',
      '__Secure-portal.dont_remember',
    ]);
  });
});

describe('consents', () => {
  let testApp: TestApp;
  let client: Client;
  beforeAll(async () => {
    testApp = await buildTestApp();
    client = await signedInClient(testApp, 'ada@legal-consents.test');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function consentsOf(caller: Client): Promise<ConsentsResponse> {
    const response = await api(testApp.app, 'GET', apiPaths.accounts.consents, caller);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ConsentsResponse>();
  }

  it('are recorded at sign-up with the versions in force, though the body names none', async () => {
    const email = 'grace@legal-consents.test';
    const before = Date.now();
    const signUp = await identity(
      testApp.app,
      'POST',
      '/sign-up/email',
      { email, password: 'legal-tests-password' },
      { ip: freshIp(), apiClient: true },
    );
    expect(signUp.statusCode, signUp.body).toBe(200);
    const [user] = await testApp.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const rows = await testApp.app.db
      .select()
      .from(consents)
      .where(eq(consents.userId, user?.id ?? ''));
    expect(
      rows
        .map(({ document, version }) => ({ document, version }))
        .sort((a, b) => a.document.localeCompare(b.document)),
    ).toEqual([
      { document: 'privacy', version: legalVersions.privacy },
      { document: 'terms', version: legalVersions.terms },
    ]);
    for (const row of rows) expect(row.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answer the versions in force, those accepted and none pending after sign-up', async () => {
    const body = await consentsOf(client);
    expect(body.current).toEqual(legalVersions);
    expect(body.pending).toEqual([]);
    expect(body.accepted.map(({ document, version }) => [document, version]).sort()).toEqual([
      ['privacy', legalVersions.privacy],
      ['terms', legalVersions.terms],
    ]);
    expect(body.accepted[0]?.accepted_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it('ask an account that accepted older versions (or none) for the new ones, and record each once', async () => {
    const older = await signedInClient(testApp, 'old@legal-consents.test');
    await testApp.app.db.delete(consents).where(eq(consents.userId, older.id));
    expect((await consentsOf(older)).pending).toEqual(['terms', 'privacy']);
    await testApp.app.db.insert(consents).values({
      userId: older.id,
      document: 'terms',
      version: '2020-01-01',
      acceptedAt: new Date('2020-01-02'),
    });
    expect((await consentsOf(older)).pending).toEqual(['terms', 'privacy']);

    const accepted = await api(testApp.app, 'POST', apiPaths.accounts.consents, older, {
      terms: legalVersions.terms,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const afterTerms = accepted.json<ConsentsResponse>();
    expect(afterTerms.pending).toEqual(['privacy']);
    expect(afterTerms.accepted.map(({ document, version }) => [document, version])).toEqual([
      ['terms', '2020-01-01'],
      ['terms', legalVersions.terms],
    ]);
    const firstMoment = afterTerms.accepted[1]?.accepted_at;

    const both = await api(testApp.app, 'POST', apiPaths.accounts.consents, older, {
      terms: legalVersions.terms,
      privacy: legalVersions.privacy,
    });
    expect(both.statusCode, both.body).toBe(200);
    const afterBoth = both.json<ConsentsResponse>();
    expect(afterBoth.pending).toEqual([]);
    expect(afterBoth.accepted).toHaveLength(3);
    // Accepting again keeps the first moment.
    expect(
      afterBoth.accepted.find((entry) => entry.version === legalVersions.terms && entry.document === 'terms')
        ?.accepted_at,
    ).toBe(firstMoment);
  });

  it('refuse a version not in force, naming its field, and a body that names nothing', async () => {
    const cases: [object, string, string][] = [
      [{ privacy: '2020-01-01' }, 'privacy', consentMessages.notCurrent('privacy')],
      [{ terms: legalVersions.terms, privacy: 'latest' }, 'privacy', consentMessages.notCurrent('privacy')],
      [{ terms: 20261128 }, 'terms', consentMessages.notCurrent('terms')],
      [{}, '', consentMessages.nothingToAccept],
    ];
    for (const [body, path, message] of cases) {
      const response = await api(testApp.app, 'POST', apiPaths.accounts.consents, client, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json<{ message: string; errors?: { path: string; msg: string }[] }>();
      expect(answer.message).toBe(message);
      if (path) expect(answer.errors).toContainEqual({ path, msg: message });
    }
    // Nothing was recorded by a refused request.
    const rows = await testApp.app.db.select().from(consents).where(eq(consents.userId, client.id));
    expect(rows.every((row) => Object.values(legalVersions).includes(row.version))).toBe(true);
  });

  it("are each role's own: 401 signed out, 200 for a client, a consultant and an administrator", async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await api(
        testApp.app,
        method,
        apiPaths.accounts.consents,
        {},
        method === 'POST' ? { terms: legalVersions.terms } : undefined,
      );
      expect(response.statusCode, method).toBe(401);
      expect(response.json()).toHaveProperty('message');
    }
    const consultant = await signedInClient(testApp, 'maya@legal-consents.test');
    await setRole(testApp.app.db, consultant.email, 'consultant');
    const admin = await signedInAdmin(testApp, 'admin@legal-consents.test');
    for (const caller of [client, consultant, admin]) {
      await testApp.app.db.delete(consents).where(eq(consents.userId, caller.id));
      expect((await consentsOf(caller)).pending).toEqual(['terms', 'privacy']);
      const response = await api(testApp.app, 'POST', apiPaths.accounts.consents, caller, {
        terms: legalVersions.terms,
        privacy: legalVersions.privacy,
      });
      expect(response.statusCode, caller.email).toBe(200);
      expect(response.json<ConsentsResponse>().pending).toEqual([]);
      const rows = await testApp.app.db.select().from(consents).where(eq(consents.userId, caller.id));
      expect(rows).toHaveLength(2);
    }
  });
});
