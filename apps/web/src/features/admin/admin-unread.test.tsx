// The unread badges of the admin lists (docs/product.md#the-bookings-conversation): All Bookings and the dashboard's
// Upcoming Schedule say how many messages of the client the administrator has not read, against a stubbed API.
import '../../index.css';
import { type AdminBookingsResponse, apiPaths, conversationTexts } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { AdminBookingsRoute } from '../../app/routes/admin-bookings';
import { adminBookingFixture, serviceFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { stubApi } from '../../testing/stub-api';
import { UpcomingSchedule } from './components/upcoming-schedule';

const withNews = adminBookingFixture({ id: 1, confirmation_code: 'OT-2030-001', unread_messages: 2 });
const quiet = adminBookingFixture({ id: 2, confirmation_code: 'OT-2030-002', unread_messages: 0 });

function adminApi() {
  return stubApi((call) => {
    if (call.path === '/api/services') return { status: 200, body: { services: [serviceFixture()] } };
    if (call.path === apiPaths.consultants.admin) return { status: 200, body: { consultants: [] } };
    if (call.path === apiPaths.admin.upcoming) return { status: 200, body: { bookings: [withNews, quiet] } };
    if (call.path !== apiPaths.admin.all) return undefined;
    const answer: AdminBookingsResponse = { bookings: [withNews, quiet], total: 2, nextCursor: null };
    return { status: 200, body: answer };
  });
}

function renderAt(path: string) {
  return renderRouter(
    createMemoryRouter(
      [
        { path: '/admin/bookings', element: <AdminBookingsRoute /> },
        { path: '/admin', element: <UpcomingSchedule /> },
      ],
      { initialEntries: [path] },
    ),
  );
}

describe('the unread badges of the admin lists', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("mark the rows of All Bookings with the client's new messages", async () => {
    adminApi();
    renderAt('/admin/bookings');
    const rows = page.getByTestId('booking-row');
    await expect.element(rows.nth(1)).toBeVisible();
    await expect.element(rows.nth(0).getByText(conversationTexts.unread(2))).toBeVisible();
    expect(rows.nth(0).getByText('2 new messages').elements()).toHaveLength(1);
    expect(rows.nth(1).getByTestId('unread-badge').elements()).toHaveLength(0);
  });

  it('mark the upcoming bookings with them too', async () => {
    adminApi();
    renderAt('/admin');
    const upcoming = page.getByTestId('upcoming-booking');
    await expect.element(upcoming.nth(1)).toBeVisible();
    await expect.element(upcoming.nth(0).getByText('2 new messages')).toBeVisible();
    expect(upcoming.nth(1).getByTestId('unread-badge').elements()).toHaveLength(0);
  });
});
