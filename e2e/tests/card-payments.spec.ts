// Paying by card (PAYMENTS=stripe, docs/product.md#the-booking-wizard) against a local stand-in for Stripe: the
// wizard sends the client to Checkout, which authorises the card, posts the signed webhook and sends them back to the
// booking; the firm's confirmation captures the payment and issues the invoice paid. The other journeys expect
// invoices, so this one has a portal of its own.
import {
  cardPaymentEnv,
  type StripeStandIn,
  startStripeStandIn,
} from '../../apps/server/test/helpers/stripe-stand-in.ts';
import { createAccount, makeAdmin, uniqueEmail } from './accounts-helpers.ts';
import { test as base, expect, factValue, pickDay, weekdayAhead } from './fixtures.ts';
import { type OwnPortal, startOwnPortal } from './portal-helpers.ts';

interface CardPortal extends OwnPortal {
  stripe: StripeStandIn;
}

const test = base.extend<object, { cardPortal: CardPortal }>({
  cardPortal: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const stripe = await startStripeStandIn();
      const portal = await startOwnPortal(cardPaymentEnv(stripe));
      stripe.webhookUrl = `${portal.url}/api/payments/stripe/webhook`;
      await use({ ...portal, stripe });
      await portal.stop();
      await stripe.close();
    },
    // Its start (a fresh embedded database, migrated and seeded) is not the journey's.
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ cardPortal }, use) => use(cardPortal.url),
});

test('a client pays by card in Checkout and is back on the booking, authorised; the firm confirms and it is paid', async ({
  page,
  browser,
  cardPortal,
}) => {
  const { stripe } = cardPortal;
  const admin = await browser.newContext({ baseURL: cardPortal.url }).then((context) => context.newPage());
  const adminEmail = uniqueEmail('card-admin');
  await Promise.all([createAccount(page, { firstName: 'Ada' }), createAccount(admin, { email: adminEmail })]);
  makeAdmin(adminEmail, cardPortal.dataDir);

  // The client books in the wizard; Confirm Booking sends them to Checkout.
  await page.goto('/book/1');
  await pickDay(page, weekdayAhead(2));
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Project Description').fill('We need an online shop for our bakery, paid by card.');
  await page.getByRole('button', { name: 'Review Booking' }).click();
  const atCheckout = page.waitForRequest((request) => request.url().startsWith(`${stripe.url}/checkout/`));
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  const checkoutUrl = (await atCheckout).url();

  // Checkout authorises the card, tells the portal (the signed webhook) and sends the client back to the booking.
  await expect(page).toHaveURL(/\/booking\/\d+\?checkout=finished$/);
  const bookingId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const session = [...stripe.sessions.values()].find((each) => each.bookingId === bookingId);
  expect(session?.url).toBe(checkoutUrl);
  await expect(factValue(page, 'Payment')).toHaveText('Card authorised');
  await expect(page.getByText('Thank you: your card is authorised.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay by Card' })).toHaveCount(0);
  const code = (await factValue(page, 'Reference').textContent()) ?? '';

  // The firm confirms it: the payment is captured, once, and the invoice issued paid.
  await admin.goto(`/admin/bookings?bookingId=${bookingId}`);
  const status = admin.getByLabel(`Status of booking ${code}`);
  await expect(status).toHaveValue('pending');
  await status.selectOption('confirmed');
  await admin.getByRole('button', { name: `Apply the new status to booking ${code}` }).click();
  await expect(admin.getByText('Booking confirmed successfully')).toBeVisible();
  const captures = stripe.callsTo(/^\/v1\/payment_intents\/[^/]+\/capture$/);
  expect(captures.map((call) => call.path)).toEqual([
    `/v1/payment_intents/${session?.paymentIntent}/capture`,
  ]);
  expect(captures[0]?.idempotencyKey).toMatch(new RegExp(`^booking-${bookingId}-\\d+-`));

  await page.goto(`/booking/${bookingId}`);
  await expect(factValue(page, 'Payment')).toHaveText(/^INV-\d{4}-\d{4}: Paid$/);
  await expect(page.getByRole('link', { name: 'Download Invoice' })).toHaveAttribute(
    'href',
    `/api/bookings/${bookingId}/invoice.pdf`,
  );
  await admin.context().close();
});
