// The dashboard's Recent Activity (docs/product.md#pages), against a stubbed API.
import '../../index.css';
import { type ActivityEntry, apiPaths } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { DashboardRoute } from '../../app/routes/dashboard';
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
  return undefined;
}

function renderDashboard(activity: ActivityEntry[]) {
  const calls = stubApi((call) => {
    if (call.path === apiPaths.bookings.activity) return { status: 200, body: { activity } };
    if (call.path === apiPaths.bookings.myBookings)
      return { status: 200, body: { bookings: [], nextCursor: null, change_notice_hours: 24 } };
    return undefined;
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

const section = () => page.getByRole('region', { name: 'Recent Activity' });

describe('Recent Activity on the dashboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('writes each entry as a sentence with its time and a link to its booking, newest first', async () => {
    renderDashboard([
      {
        at: '2030-01-04T18:00:00.000Z',
        type: 'rescheduled',
        from_status: 'confirmed',
        to_status: 'confirmed',
        from_starts_at: '2030-01-07T16:00:00.000Z',
        starts_at: '2030-01-08T17:00:00.000Z',
        by: 'client',
        booking_id: 7,
        service_name: 'Web Development',
      },
      {
        at: '2030-01-03T16:15:00.000Z',
        type: 'status_changed',
        from_status: 'pending',
        to_status: 'cancelled',
        by: 'system',
        booking_id: 4,
        service_name: 'AI Solutions',
      },
    ]);
    const items = section().getByRole('listitem');
    await expect.element(items.nth(1)).toBeVisible();
    await expect
      .element(items.first())
      .toHaveTextContent(
        'Web Development: Moved from Mon, Jan 7, 2030, 9 AM MST to Tue, Jan 8, 2030, 10 AM MSTFri, Jan 4, 2030, 11 AM MST',
      );
    await expect
      .element(items.nth(1))
      .toHaveTextContent(
        'AI Solutions: Cancelled automatically: not confirmed in timeThu, Jan 3, 2030, 9:15 AM MST',
      );
    await expect
      .element(items.first().getByRole('link', { name: 'Web Development' }))
      .toHaveAttribute('href', '/booking/7');
    await items.nth(1).getByRole('link', { name: 'AI Solutions' }).click();
    await expect.element(page.getByRole('heading', { name: 'Booking page' })).toBeVisible();
  });

  it("says 'No recent activity yet.' when there is none", async () => {
    const calls = renderDashboard([]);
    await expect.element(section().getByText('No recent activity yet.')).toBeVisible();
    expect(calls.some((call) => call.path === apiPaths.bookings.activity)).toBe(true);
  });
});
