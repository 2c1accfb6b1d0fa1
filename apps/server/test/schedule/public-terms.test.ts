// The public schedule states the rules the Terms of Service page is built from (docs/product.md#terms-of-service):
// the server's own settings, whatever they are, and nothing secret.
import { apiPaths, type PublicSchedule, termsOfService } from '@portal/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((testApp) => testApp.close()));
});

async function publicScheduleOf(env: Record<string, string>): Promise<PublicSchedule> {
  const testApp = await buildTestApp({ env });
  apps.push(testApp);
  // Signed out: the Terms are for anyone.
  const response = await api(testApp.app, 'GET', apiPaths.schedule.public);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublicSchedule>();
}

describe('GET /api/schedule: the rules the Terms state', () => {
  it('gives the pending expiry and, paid by invoice, the currency, tax and days to pay as configured', async () => {
    const body = await publicScheduleOf({
      PENDING_EXPIRY_HOURS: '48',
      CLIENT_CHANGE_NOTICE_HOURS: '12',
      CURRENCY: 'EUR',
      TAX_RATE_PERCENT: '8.875',
      INVOICE_DUE_DAYS: '30',
    });
    expect(body).toMatchObject({
      client_change_notice_hours: 12,
      pending_expiry_hours: 48,
      payments: {
        mode: 'invoice',
        currency: 'eur',
        tax_rate_percent: 8.875,
        invoice_due_days: 30,
        checkout_expiry_minutes: null,
      },
    });
    const rules = termsOfService(body).flatMap((section) => section.rules);
    expect(rules).toContain('Tax at 8.875% is added to the price.');
    expect(rules.join(' ')).toContain('by bank transfer within 30 days of its date');
  });

  it('with card payments gives the checkout time, and never a Stripe secret', async () => {
    const body = await publicScheduleOf({
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_terms_secret_key',
      STRIPE_WEBHOOK_SECRET: 'whsec_terms_webhook_secret',
      // Nothing here calls Stripe; should anything try, it reaches a closed port on this machine.
      STRIPE_API_URL: 'http://127.0.0.1:9',
      CHECKOUT_EXPIRY_MINUTES: '45',
      PENDING_EXPIRY_HOURS: '0',
    });
    expect(body.pending_expiry_hours).toBe(0);
    expect(body.payments).toEqual({
      mode: 'stripe',
      currency: 'usd',
      tax_rate_percent: 0,
      invoice_due_days: 14,
      checkout_expiry_minutes: 45,
    });
    expect(JSON.stringify(body)).not.toMatch(/sk_test|whsec_|127\.0\.0\.1/);
  });
});
