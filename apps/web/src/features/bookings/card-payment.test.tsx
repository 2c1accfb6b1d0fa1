// Paying a booking by card (PAYMENTS=stripe): the wizard sends the client to Stripe's Checkout, the booking's page and
// My Bookings lead back to it while the payment is awaited, and the page follows the payment once the client is back.
import '../../index.css';
import {
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  bookingMessages,
  checkoutTexts,
  paymentStatusLabels,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { BookRoute } from '../../app/routes/book';
import { BookingDetailRoute } from '../../app/routes/booking-detail';
import { MyBookingsRoute } from '../../app/routes/my-bookings';
import {
  description,
  listed,
  longEnough,
  nextWeekdays,
  reviewButton,
  serviceAndAvailability,
  stubApi,
  toDetails,
} from '../../testing/bookings';
import { bookingFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';

function renderAt(path: string) {
  return renderRouter(
    createMemoryRouter(
      [
        { path: '/book/:serviceId', element: <BookRoute /> },
        { path: '/booking/:id', element: <BookingDetailRoute /> },
        { path: '/my-bookings', element: <MyBookingsRoute /> },
      ],
      { initialEntries: [path] },
    ),
  );
}

const checkoutUrl = 'https://checkout.stripe.com/c/pay/cs_test_a1';

/** A booking paid by card whose Checkout is not finished: the server answers it with its `checkout_url`. */
const awaiting = bookingFixture({
  id: 9,
  payment: { method: 'card', status: 'awaiting', amount_cents: 22_500, currency: 'usd' },
  checkout_url: checkoutUrl,
});
/** The same once Stripe's webhook has told the server the card is authorised. */
const authorised = bookingFixture({
  id: 9,
  payment: { method: 'card', status: 'authorized', amount_cents: 22_500, currency: 'usd' },
});

function detailOf(booking: Booking, isOwner = true): BookingDetailResponse {
  return {
    booking,
    history: [
      { at: booking.created_at, type: 'created', from_status: null, to_status: 'pending', by: 'client' },
    ],
    change_notice_hours: isOwner ? 24 : 0,
    is_owner: isOwner,
  };
}

const payByCard = () => page.getByRole('link', { name: checkoutTexts.payByCard });

describe('paying by card', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // The wizard's test leaves the page at a fragment of its own.
    history.replaceState(null, '', window.location.pathname + window.location.search);
  });

  it('sends the client from the wizard to the checkout the server answers, not to My Bookings', async () => {
    // A checkout on this very page, at a fragment: the browser really goes there, and the test stays alive.
    const checkout = `${window.location.href.split('#')[0]}#checkout-cs_test_a1`;
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.path === apiPaths.bookings.create) {
        return {
          status: 201,
          body: { booking: { ...awaiting, checkout_url: checkout }, checkout_url: checkout },
        };
      }
      return serviceAndAvailability(call);
    });
    const [day = ''] = nextWeekdays(1);
    const router = renderAt('/book/1');
    await toDetails(day);
    await description().fill(longEnough);
    await reviewButton().click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();

    await expect.poll(() => window.location.hash).toBe('#checkout-cs_test_a1');
    expect(router.state.location.pathname).toBe('/book/1');
    expect(page.getByText(bookingMessages.requestSentTitle).elements()).toHaveLength(0);
    expect(calls.filter((call) => call.path === apiPaths.bookings.myBookings)).toHaveLength(0);
  });

  it('leads back to the checkout from the booking’s page and My Bookings while the payment is awaited', async () => {
    stubApi((call) => {
      if (call.path === apiPaths.bookings.booking(9)) return { status: 200, body: detailOf(awaiting) };
      if (call.path === apiPaths.bookings.myBookings) return { status: 200, body: listed([awaiting]) };
      return undefined;
    });
    const router = renderAt('/booking/9');
    await expect.element(payByCard()).toHaveAttribute('href', checkoutUrl);
    await expect.element(page.getByText(checkoutTexts.timeHeld)).toBeVisible();
    await expect.element(page.getByText(paymentStatusLabels.awaiting, { exact: true })).toBeVisible();

    await router.navigate('/my-bookings');
    const card = page.getByRole('article').filter({ hasText: 'OT-2030-009' });
    await expect
      .element(card.getByRole('link', { name: checkoutTexts.payByCard }))
      .toHaveAttribute('href', checkoutUrl);
    await expect.element(card.getByText(checkoutTexts.timeHeld)).toBeVisible();
  });

  it('offers no checkout once the card is authorised, nor to the firm reading the booking', async () => {
    let answer = detailOf(authorised);
    stubApi((call) =>
      call.path === apiPaths.bookings.booking(9) ? { status: 200, body: answer } : undefined,
    );
    renderAt('/booking/9');
    await expect.element(page.getByText(paymentStatusLabels.authorized, { exact: true })).toBeVisible();
    expect(payByCard().elements()).toHaveLength(0);
    expect(page.getByText(checkoutTexts.timeHeld).elements()).toHaveLength(0);

    await cleanup();
    answer = detailOf(awaiting, false);
    renderAt('/booking/9');
    await expect.element(page.getByText('Open in All Bookings')).toBeVisible();
    expect(payByCard().elements()).toHaveLength(0);
  });

  it('back from a finished checkout, says the payment is being recorded and asks again until the card is authorised', async () => {
    let webhookArrived = false;
    const calls = stubApi((call) =>
      call.path === apiPaths.bookings.booking(9)
        ? { status: 200, body: detailOf(webhookArrived ? authorised : awaiting) }
        : undefined,
    );
    renderAt('/booking/9?checkout=finished');
    await expect.element(page.getByText(checkoutTexts.finished)).toBeVisible();
    await expect.element(page.getByText(paymentStatusLabels.awaiting, { exact: true })).toBeVisible();
    // Still awaited: asked again (every 2 s), and the page still says so.
    await expect
      .poll(() => calls.filter((call) => call.path === apiPaths.bookings.booking(9)).length, {
        timeout: 5000,
      })
      .toBeGreaterThan(1);
    await expect.element(page.getByText(checkoutTexts.finished)).toBeVisible();

    // Stripe's webhook reaches the server: the next ask finds the card authorised, and the asking stops.
    webhookArrived = true;
    await expect
      .element(page.getByText(paymentStatusLabels.authorized, { exact: true }), { timeout: 5000 })
      .toBeVisible();
    await expect.element(page.getByText(checkoutTexts.authorised)).toBeVisible();
    expect(page.getByText(checkoutTexts.finished).elements()).toHaveLength(0);
    expect(payByCard().elements()).toHaveLength(0);
  });

  it('back from a checkout left unfinished, says so with Pay by Card to finish it', async () => {
    stubApi((call) =>
      call.path === apiPaths.bookings.booking(9) ? { status: 200, body: detailOf(awaiting) } : undefined,
    );
    renderAt('/booking/9?checkout=left');
    await expect.element(page.getByText(checkoutTexts.left)).toBeVisible();
    await expect.element(payByCard()).toHaveAttribute('href', checkoutUrl);
    expect(page.getByText(checkoutTexts.finished).elements()).toHaveLength(0);
  });
});
