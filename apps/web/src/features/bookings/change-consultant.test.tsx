// An administrator moves a client's booking to another consultant from the booking's page (docs/product.md#
// administration), against a stubbed API: the service's active consultants to choose from, Apply sends the choice,
// the page then shows the new consultant and the history's entry; a refusal is told with the server's reason.
import '../../index.css';
import {
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  type BookingHistoryEntry,
  bookingMessages,
  consultantChangeTexts,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { BookingDetailRoute } from '../../app/routes/booking-detail';
import { bookingFixture, scheduleAnswer } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall as Call, stubApi } from '../../testing/stub-api';

function signedInAdmin(call: Call): Answer | undefined {
  if (call.path === apiPaths.accounts.session) {
    return {
      status: 200,
      body: {
        session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
        user: { id: 'admin-1', email: 'office@example.com', emailVerified: true, name: '' },
      },
    };
  }
  if (call.path === '/api/auth/profile') {
    return { status: 200, body: { user: { id: 'admin-1', first_name: 'Olive', role: 'admin' } } };
  }
  return undefined;
}

const created: BookingHistoryEntry = {
  at: '2030-01-02T17:00:00.000Z',
  type: 'created',
  from_status: null,
  to_status: 'pending',
  by: 'client',
};

const consultants = [
  { id: 1, name: 'Maya Thompson', title: 'Lead Developer', bio: '', service_ids: [1] },
  { id: 2, name: 'Omar Haddad', title: 'Senior Web Architect', bio: '', service_ids: [1] },
];

/** The API of one booking (id 7, with Maya) that a PUT moves to whoever it names, or refuses with `refusal`. */
function firmApi(refusal?: Answer) {
  let booking: Booking = bookingFixture({ id: 7, status: 'confirmed' });
  let history = [created];
  return stubApi(
    (call) => {
      if (call.path === apiPaths.bookings.booking(7)) {
        const detail: BookingDetailResponse = { booking, history, change_notice_hours: 0, is_owner: false };
        return { status: 200, body: detail };
      }
      if (call.path === apiPaths.consultants.public && call.query.get('serviceId') === '1') {
        return { status: 200, body: { consultants } };
      }
      if (call.path === apiPaths.admin.consultant(7) && call.method === 'PUT') {
        if (refusal) return refusal;
        const to = consultants.find((one) => one.id === (call.body as { consultantId: number }).consultantId);
        if (!to) return { status: 400, body: { message: bookingMessages.consultantNotDelivering } };
        const from = booking.consultant.name;
        booking = { ...booking, consultant: { id: to.id, name: to.name } };
        history = [
          ...history,
          {
            at: '2030-01-03T17:00:00.000Z',
            type: 'reassigned',
            from_status: 'confirmed',
            to_status: 'confirmed',
            from_consultant: from,
            to_consultant: to.name,
            by: 'admin',
          },
        ];
        return { status: 200, body: { booking } };
      }
      return undefined;
    },
    (call) => signedInAdmin(call) ?? scheduleAnswer(call),
  );
}

function renderAt(path: string) {
  return renderRouter(
    createMemoryRouter([{ path: '/booking/:id', element: <BookingDetailRoute /> }], {
      initialEntries: [path],
    }),
  );
}

describe('Change Consultant on the booking page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("offers the service's other consultants and moves the booking to the one applied", async () => {
    const calls = firmApi();
    renderAt('/booking/7');
    const select = page.getByLabelText(consultantChangeTexts.label);
    await expect
      .element(page.getByRole('option', { name: 'Omar Haddad, Senior Web Architect' }))
      .toBeInTheDocument();
    const apply = page.getByRole('button', { name: 'Apply the new consultant to booking OT-2030-007' });
    // Nothing chosen yet: nothing to apply.
    await expect.element(apply).toBeDisabled();
    await select.selectOptions('2');
    await apply.click();
    await expect.element(page.getByText('Moved from Maya Thompson to Omar Haddad by the firm')).toBeVisible();
    await expect.element(page.getByText(consultantChangeTexts.done('Omar Haddad'))).toBeVisible();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(apiPaths.admin.consultant(7));
    expect(put?.body).toEqual({ consultantId: 2 });
  });

  it("tells the server's reason when the consultant is not free then", async () => {
    firmApi({ status: 409, body: { message: bookingMessages.slotTaken } });
    renderAt('/booking/7');
    await expect
      .element(page.getByRole('option', { name: 'Omar Haddad, Senior Web Architect' }))
      .toBeInTheDocument();
    await page.getByLabelText(consultantChangeTexts.label).selectOptions('2');
    await page.getByRole('button', { name: 'Apply the new consultant to booking OT-2030-007' }).click();
    await expect
      .element(page.getByText(`${consultantChangeTexts.failed} ${bookingMessages.slotTaken}`))
      .toBeVisible();
  });
});
