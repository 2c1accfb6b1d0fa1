import '../../index.css';
import { apiPaths, type Booking, reviewMessages } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { MyBookingsRoute } from '../../app/routes/my-bookings';
import { bookingFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall, stubApi } from '../../testing/stub-api';

function signedIn(call: ApiCall): Answer | undefined {
  if (call.path === apiPaths.accounts.session) {
    return {
      status: 200,
      body: {
        session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
        user: { id: 'user-1', email: 'user-1@example.com', emailVerified: true, name: '' },
      },
    };
  }
  if (call.path === '/api/auth/profile') {
    return { status: 200, body: { user: { id: 'user-1', first_name: 'Jane', role: 'client' } } };
  }
  return undefined;
}

const completed = bookingFixture({
  id: 4,
  status: 'completed',
  booking_date: '2025-03-03',
  confirmation_code: 'OT-2025-004',
});

/** My Bookings with one completed booking, as the server keeps it; the review POST answers `answer` (default: saved). */
function myBookingsApi(answer?: (call: ApiCall) => Answer) {
  let stored: Booking = completed;
  return stubApi((call) => {
    if (call.path === apiPaths.bookings.myBookings) {
      return { status: 200, body: { bookings: [stored], nextCursor: null, change_notice_hours: 24 } };
    }
    if (call.method === 'POST' && call.path === apiPaths.reviews.review(4)) {
      if (answer) return answer(call);
      const body = call.body as { rating: number; comment: string };
      const review = { rating: body.rating, comment: body.comment.trim() || null };
      stored = { ...completed, review };
      return { status: 201, body: { review } };
    }
    return undefined;
  }, signedIn);
}

function renderMyBookings() {
  renderRouter(
    createMemoryRouter([{ path: '/my-bookings', element: <MyBookingsRoute /> }], {
      initialEntries: ['/my-bookings'],
    }),
  );
}

const card = () => page.getByRole('article').filter({ hasText: 'OT-2025-004' });

describe('Leave Review', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('rates with the keyboard (arrow keys over five labelled stars), saves, and the card shows the rating instead of the button', async () => {
    const calls = myBookingsApi();
    renderMyBookings();
    await card().getByRole('button', { name: 'Leave Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Your Consultation' });
    await expect.element(dialog).toBeVisible();
    for (const label of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) {
      await expect.element(dialog.getByRole('radio', { name: label, exact: true })).not.toBeChecked();
    }
    // Focus the first star, then move along the group with the arrow keys, as a keyboard user does.
    await dialog.getByRole('radio', { name: '1 star', exact: true }).click();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect.element(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Clear advice,\nwell explained.');
    await dialog.getByRole('button', { name: 'Save Review' }).click();

    await expect.element(page.getByText(reviewMessages.saved)).toBeVisible();
    await expect.element(dialog).not.toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ rating: 5, comment: 'Clear advice,\nwell explained.' });
    await expect.element(card().getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeVisible();
    await expect.element(card().getByText('Clear advice,')).toBeVisible();
    await expect.element(card().getByRole('button', { name: 'Leave Review' })).not.toBeInTheDocument();
  });

  it('asks for a rating before sending anything, and shows the server’s refusal', async () => {
    const calls = myBookingsApi(() => ({ status: 409, body: { message: reviewMessages.alreadyReviewed } }));
    renderMyBookings();
    await card().getByRole('button', { name: 'Leave Review' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save Review' }).click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent(reviewMessages.ratingRequired);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await dialog.getByRole('radio', { name: '3 stars' }).click();
    await dialog.getByRole('button', { name: 'Save Review' }).click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent(reviewMessages.alreadyReviewed);
  });

  it('shows a saved review on the card, with no Leave Review button', async () => {
    stubApi((call) => {
      if (call.path === apiPaths.bookings.myBookings) {
        const reviewed = { ...completed, review: { rating: 3, comment: null } };
        return { status: 200, body: { bookings: [reviewed], nextCursor: null, change_notice_hours: 24 } };
      }
      return undefined;
    }, signedIn);
    renderMyBookings();
    await expect.element(card().getByRole('img', { name: 'Rated 3 out of 5 stars' })).toBeVisible();
    await expect.element(card().getByRole('button', { name: 'Leave Review' })).not.toBeInTheDocument();
  });
});
