// The dashboard's next consultation (docs/product.md#pages), against a stubbed API.
import '../../index.css';
import { apiPaths, type Booking, nextConsultationTexts } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { DashboardRoute } from '../../app/routes/dashboard';
import { bookingFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall as Call, stubApi } from '../../testing/stub-api';

function signedIn(call: Call): Answer | undefined {
  if (call.path === apiPaths.accounts.session) {
    return {
      status: 200,
      body: {
        session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
        user: { id: 'user-1', email: 'jane@example.com', emailVerified: true, name: '' },
      },
    };
  }
  if (call.path === '/api/auth/profile') {
    return { status: 200, body: { user: { id: 'user-1', first_name: 'Jane', role: 'client' } } };
  }
  if (call.path === apiPaths.bookings.activity) return { status: 200, body: { activity: [] } };
  return undefined;
}

/** The dashboard with My Bookings' first page as `first` (the list's first booking, if any). */
function renderDashboard(first: Booking | undefined | 'fails') {
  const calls = stubApi((call) => {
    if (call.path !== apiPaths.bookings.myBookings) return undefined;
    if (first === 'fails') return { status: 500, body: { message: 'Internal Server Error' } };
    return {
      status: 200,
      body: { bookings: first ? [first] : [], nextCursor: null, change_notice_hours: 24 },
    };
  }, signedIn);
  renderRouter(
    createMemoryRouter(
      [
        { path: '/dashboard', element: <DashboardRoute /> },
        { path: '/booking/:id', element: <h1>Booking page</h1> },
      ],
      { initialEntries: ['/dashboard'] },
    ),
  );
  return calls;
}

const section = () => page.getByRole('region', { name: nextConsultationTexts.heading });

describe('the next consultation on the dashboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the soonest upcoming booking: date, time, service, status and a link to its page', async () => {
    const calls = renderDashboard(
      bookingFixture({ id: 12, status: 'pending', starts_at: '2030-01-07T16:00:00.000Z' }),
    );
    const next = section().getByTestId('next-consultation');
    await expect.element(next).toBeVisible();
    for (const text of ['Monday, January 7, 2030', '9 AM - 10:30 AM MST', 'Pending']) {
      await expect.element(next.getByText(text, { exact: true })).toBeVisible();
    }
    await expect.element(next.getByText('Web Development')).toBeVisible();
    // It asks for My Bookings' first booking only: the server lists upcoming ones first, soonest first.
    const asked = calls.find((call) => call.path === apiPaths.bookings.myBookings);
    expect(asked?.query.get('limit')).toBe('1');
    await next.getByRole('link', { name: 'View Details' }).click();
    await expect.element(page.getByRole('heading', { name: 'Booking page' })).toBeVisible();
  });

  it.each([
    ['past', bookingFixture({ id: 3, status: 'completed', starts_at: '2020-01-07T16:00:00.000Z' })],
    ['cancelled, still ahead', bookingFixture({ id: 4, status: 'cancelled' })],
    ['no booking at all', undefined],
  ])('says there is none when the first booking is not upcoming: %s', async (_, first) => {
    renderDashboard(first);
    await expect.element(section().getByText(nextConsultationTexts.none)).toBeVisible();
    expect(section().getByTestId('next-consultation').elements()).toHaveLength(0);
  });

  it('says when it cannot be loaded, with Try again', async () => {
    renderDashboard('fails');
    await expect.element(section().getByText(nextConsultationTexts.failed)).toBeVisible();
    await expect.element(section().getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});
