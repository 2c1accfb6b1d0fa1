// Paying by invoice, the portal's default (docs/product.md#invoices): the firm's confirmation issues the invoice, the
// client downloads it from the booking's page, and the bank transfer the firm records makes it paid for both.
import { readFileSync } from 'node:fs';
import { createAccount, makeAdmin, uniqueEmail } from './accounts-helpers.ts';
import { businessDay, expect, factValue, pickDay, test, weekdayAhead } from './fixtures.ts';

interface BookedAnswer {
  booking: {
    id: number;
    confirmation_code: string;
    payment: { method: string; status: string; amount_cents: number };
  };
}

test('a client books, the firm confirms, the client downloads the invoice, the firm records the transfer: paid for both', async ({
  page,
  browser,
}, testInfo) => {
  const admin = await browser.newContext().then((context) => context.newPage());
  const adminEmail = uniqueEmail('billing-admin');
  await Promise.all([
    createAccount(page, { firstName: 'Iris' }),
    createAccount(admin, { email: adminEmail }),
  ]);
  makeAdmin(adminEmail);

  // The client books AI Solutions (a service no other journey books in the wizard) in the wizard.
  await page.goto('/book/3');
  await pickDay(page, weekdayAhead(4 + testInfo.repeatEachIndex));
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByLabel('Project Description')
    .fill('We want a model that sorts our support tickets by topic.');
  await page.getByRole('button', { name: 'Review Booking' }).click();
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/bookings',
  );
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  const { booking } = (await (await answered).json()) as BookedAnswer;
  expect(booking.payment).toMatchObject({ method: 'invoice', status: 'not_invoiced' });
  await expect(page).toHaveURL(/\/my-bookings$/);

  // The firm confirms it in All Bookings: the invoice is issued.
  await admin.goto(`/admin/bookings?bookingId=${booking.id}`);
  const status = admin.getByLabel(`Status of booking ${booking.confirmation_code}`);
  await expect(status).toHaveValue('pending');
  await status.selectOption('confirmed');
  await admin
    .getByRole('button', { name: `Apply the new status to booking ${booking.confirmation_code}` })
    .click();
  await expect(admin.getByText('Booking confirmed successfully')).toBeVisible();

  // The client downloads it from the booking's page: a PDF named by its number, of this business year.
  await page.goto(`/booking/${booking.id}`);
  const year = businessDay(0).slice(0, 4);
  await expect(factValue(page, 'Payment')).toHaveText(new RegExp(`^INV-${year}-\\d{4}: Open$`));
  const number = ((await factValue(page, 'Payment').textContent()) ?? '').split(':')[0] ?? '';
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Invoice' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // The transfer arrives: the firm records it, for the whole amount, against the invoice.
  await admin.goto('/admin/invoices');
  const invoice = admin
    .getByTestId('admin-invoice')
    .filter({ has: admin.getByRole('heading', { name: `Invoice ${number}`, exact: true }) });
  await invoice.getByRole('button', { name: 'Record Payment' }).click();
  await invoice.getByLabel('Amount (USD)').fill((booking.payment.amount_cents / 100).toFixed(2));
  await invoice.getByLabel('Transfer reference').fill(booking.confirmation_code);
  await invoice.getByRole('button', { name: 'Record Payment' }).click();
  await expect(admin.getByText(`Payment recorded: ${number} is paid`)).toBeVisible();
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible();

  // The client sees it paid.
  await page.reload();
  await expect(factValue(page, 'Payment')).toHaveText(`${number}: Paid`);
  await admin.context().close();
});
