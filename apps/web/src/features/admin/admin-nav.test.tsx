import '../../index.css';
import {
  type AdminBookingsResponse,
  type AdminContactMessage,
  type AdminCountsResponse,
  apiPaths,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import {
  AdminBookingsRoute,
  AdminDashboardRoute,
  AdminLayoutRoute,
  AdminMessagesRoute,
} from '../../app/routes/admin';
import { adminBookingFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall as Call, stubApi } from '../../testing/stub-api';

const ok = (body: unknown): Answer => ({ status: 200, body });

const waiting: AdminContactMessage = {
  id: 5,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'A data platform',
  message: 'Can you help us with a data platform?',
  service_id: null,
  service_name: null,
  answered: false,
  answered_at: null,
  created_at: '2030-01-08T18:00:00.000Z',
};

/**
 * The admin pages' reads, with counts the server keeps as it would: a status change to confirmed leaves one fewer
 * pending, a message marked answered one fewer unanswered.
 */
function adminApi() {
  const counts: AdminCountsResponse = { pendingBookings: 3, unansweredMessages: 2 };
  const pending = adminBookingFixture({ id: 1, status: 'pending' });
  const calls = stubApi((call) => {
    if (call.path === apiPaths.admin.counts) return ok({ ...counts });
    if (call.method === 'PUT' && call.path === apiPaths.admin.status(1)) {
      counts.pendingBookings -= 1;
      return ok({ booking: { ...pending, status: 'confirmed' } });
    }
    if (call.method === 'PUT' && call.path === apiPaths.contact.adminMessage(waiting.id)) {
      counts.unansweredMessages -= 1;
      return ok({ contactMessage: { ...waiting, answered: true, answered_at: '2030-01-09T18:00:00.000Z' } });
    }
    if (call.path === apiPaths.admin.all) {
      return ok({ bookings: [pending], total: 1, nextCursor: null } satisfies AdminBookingsResponse);
    }
    if (call.path === apiPaths.contact.adminMessages) return ok({ messages: [waiting], nextCursor: null });
    if (call.path === '/api/services') return ok({ services: [] });
    return undefined;
  });
  return { calls, counts };
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <AdminLayoutRoute />,
        children: [
          { index: true, element: <AdminDashboardRoute /> },
          { path: 'bookings', element: <AdminBookingsRoute /> },
          { path: 'messages', element: <AdminMessagesRoute /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router);
}

const nav = () => page.getByRole('navigation', { name: 'Admin' });
const countCalls = (calls: Call[]) => calls.filter((call) => call.path === apiPaths.admin.counts);

describe('the admin navigation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('links every admin page, marks the current one, and counts pending bookings and unanswered messages', async () => {
    adminApi();
    renderAt('/admin/bookings');
    const bookings = nav().getByRole('link', { name: 'Bookings, 3 pending' });
    await expect.element(bookings).toHaveAttribute('href', '/admin/bookings');
    await expect.element(bookings).toHaveAttribute('aria-current', 'page');
    await expect.element(bookings).toHaveTextContent(/^Bookings\s*3$/);
    await expect
      .element(nav().getByRole('link', { name: 'Messages, 2 unanswered' }))
      .toHaveAttribute('href', '/admin/messages');
    const links = [
      ['Dashboard', '/admin'],
      ['Services', '/admin/services'],
      ['Schedule', '/admin/schedule'],
      ['Consultants', '/admin/consultants'],
      ['Calendar', '/admin/calendar'],
      ['Reviews', '/admin/reviews'],
      ['Settings', '/admin/settings'],
    ] as const;
    for (const [name, href] of links) {
      const link = nav().getByRole('link', { name, exact: true });
      await expect.element(link).toHaveAttribute('href', href);
      await expect.element(link).not.toHaveAttribute('aria-current');
    }
    // The dashboard is current only on /admin itself.
    await nav().getByRole('link', { name: 'Dashboard' }).click();
    await expect
      .element(nav().getByRole('link', { name: 'Dashboard' }))
      .toHaveAttribute('aria-current', 'page');
    await expect.element(bookings).not.toHaveAttribute('aria-current');
  });

  it('shows no count where nothing waits', async () => {
    const { counts } = adminApi();
    counts.pendingBookings = 0;
    renderAt('/admin/bookings');
    // The counts are in: Messages shows its own.
    await expect.element(nav().getByRole('link', { name: 'Messages, 2 unanswered' })).toBeVisible();
    const bookings = nav().getByRole('link', { name: 'Bookings', exact: true });
    await expect.element(bookings).toHaveTextContent(/^Bookings$/);
    await expect.element(bookings).not.toHaveAttribute('aria-label');
  });

  it('counts again after a status change, a message marked answered, and when the page regains focus', async () => {
    const { calls, counts } = adminApi();
    renderAt('/admin/bookings');
    await expect.element(nav().getByRole('link', { name: 'Bookings, 3 pending' })).toBeVisible();

    await page.getByLabelText('Status of booking OT-2030-001').selectOptions('confirmed');
    await page.getByRole('button', { name: 'Apply the new status to booking OT-2030-001' }).click();
    await expect.element(nav().getByRole('link', { name: 'Bookings, 2 pending' })).toBeVisible();

    await nav().getByRole('link', { name: 'Messages, 2 unanswered' }).click();
    await page.getByRole('button', { name: 'Mark Answered' }).click();
    await expect.element(nav().getByRole('link', { name: 'Messages, 1 unanswered' })).toBeVisible();

    // A client booked while the administrator was in another tab.
    counts.pendingBookings = 4;
    const before = countCalls(calls).length;
    window.dispatchEvent(new Event('visibilitychange'));
    await expect.element(nav().getByRole('link', { name: 'Bookings, 4 pending' })).toBeVisible();
    expect(countCalls(calls).length).toBeGreaterThan(before);
  });
});
