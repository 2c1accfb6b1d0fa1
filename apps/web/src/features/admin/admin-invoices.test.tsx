import '../../index.css';
import { type AdminInvoice, apiPaths } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { AdminInvoicesRoute } from '../../app/routes/admin';
import { renderRouter } from '../../testing/render-router';
import { stubApi } from '../../testing/stub-api';

const invoice = (overrides: Partial<AdminInvoice>): AdminInvoice => ({
  id: 1,
  number: 'INV-2030-0001',
  kind: 'invoice',
  booking_id: 7,
  client: { name: 'Ada Lovelace', email: 'ada@example.com' },
  total_cents: 26_250,
  currency: 'usd',
  issued_on: '2030-01-07',
  due_on: '2030-01-21',
  status: 'open',
  paid_cents: 0,
  ...overrides,
});

describe('admin invoices', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists invoices and credit notes with their status, filters them, and records a transfer in cents', async () => {
    let stored = [
      invoice({ id: 2 }),
      invoice({
        id: 3,
        number: 'CN-2030-0001',
        kind: 'credit_note',
        total_cents: -15_000,
        due_on: null,
        status: 'credited',
      }),
    ];
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === apiPaths.admin.invoices) {
        const status = call.query.get('status');
        return {
          status: 200,
          body: { invoices: stored.filter((row) => !status || row.status === status), nextCursor: null },
        };
      }
      if (call.method === 'POST' && call.path === apiPaths.admin.invoicePayments(2)) {
        const paid = invoice({ id: 2, status: 'paid', paid_cents: 26_250 });
        stored = [paid, ...stored.slice(1)];
        return { status: 200, body: { invoice: paid } };
      }
      return undefined;
    });
    renderRouter(
      createMemoryRouter([{ path: '/admin/invoices', element: <AdminInvoicesRoute /> }], {
        initialEntries: ['/admin/invoices'],
      }),
    );
    await expect.element(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    const open = page.getByRole('listitem', { name: 'Invoice INV-2030-0001' });
    await expect.element(open.getByText('Total $262.50')).toBeVisible();
    await expect.element(open.getByText('Open', { exact: true })).toBeVisible();
    const credit = page.getByRole('listitem', { name: 'Credit note CN-2030-0001' });
    await expect.element(credit.getByText('Total -$150.00')).toBeVisible();
    expect(credit.getByRole('button', { name: 'Record Payment' }).elements()).toHaveLength(0);

    await page.getByLabelText('Status').selectOptions('credited');
    await expect
      .element(page.getByRole('listitem', { name: 'Invoice INV-2030-0001' }))
      .not.toBeInTheDocument();
    await page.getByLabelText('Status').selectOptions('all');

    await open.getByRole('button', { name: 'Record Payment' }).click();
    await expect.element(open.getByLabelText('Amount (USD)')).toHaveValue('262.50');
    await open.getByLabelText('Transfer reference').fill('Bank transfer 42');
    await open.getByRole('button', { name: 'Record Payment' }).click();
    await expect.element(page.getByText('Payment recorded: INV-2030-0001 is paid')).toBeVisible();
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ amountCents: 26_250, reference: 'Bank transfer 42' });
    expect(body.paidOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect.element(open.getByText('Paid', { exact: true })).toBeVisible();
  });
});
