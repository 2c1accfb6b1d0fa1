import '../../index.css';
import { type AdminConsultant, apiPaths, consultantPageTexts } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { AdminConsultantsRoute } from '../../app/routes/admin';
import { bookingFixture, serviceFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, stubApi } from '../../testing/stub-api';

const ok = (body: unknown, status = 200): Answer => ({ status, body });

const daniel: AdminConsultant = {
  id: 2,
  name: 'Daniel Ortiz',
  email: 'daniel.ortiz@otconsulting.example',
  title: 'Senior Database Architect',
  bio: 'Designs schemas.',
  service_ids: [2],
  weekly_hours: null,
  active: true,
  user_id: null,
  time_off: [{ id: 9, startDate: '2030-01-07', endDate: '2030-01-08', reason: 'A conference' }],
};

/** The bookings of Daniel's on the days a new time off covers (none by default). */
function consultantsApi(affectedBookings: unknown[] = []) {
  return stubApi((call) => {
    if (call.path === apiPaths.consultants.admin && call.method === 'GET')
      return ok({ consultants: [daniel] });
    if (call.path === apiPaths.consultants.admin && call.method === 'POST') {
      return ok({ consultant: { ...daniel, id: 5, name: 'Nora Quinn', time_off: [] } }, 201);
    }
    if (call.path === apiPaths.consultants.timeOff(2)) {
      return ok(
        {
          timeOff: { id: 10, startDate: '2030-02-04', endDate: '2030-02-04', reason: 'Away' },
          affectedBookings,
        },
        201,
      );
    }
    if (call.path === apiPaths.catalogue.adminServices) {
      return ok({
        services: [
          serviceFixture({ id: 1, name: 'Web Development' }),
          serviceFixture({ id: 2, name: 'Database Architecture' }),
        ],
      });
    }
    return undefined;
  });
}

function renderPage() {
  renderRouter(
    createMemoryRouter([{ path: '/admin/consultants', element: <AdminConsultantsRoute /> }], {
      initialEntries: ['/admin/consultants'],
    }),
  );
}

describe('admin consultants', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists each consultant with services, hours and time off, and adds a consultant and time off', async () => {
    const calls = consultantsApi();
    renderPage();
    const card = page.getByRole('listitem', { name: 'Daniel Ortiz' });
    await expect.element(card.getByText('Senior Database Architect')).toBeVisible();
    await expect
      .element(card.getByText(`Database Architecture · ${consultantPageTexts.firmHours}`))
      .toBeVisible();
    await expect.element(card.getByText('Mon, Jan 7, 2030 - Tue, Jan 8, 2030: A conference')).toBeVisible();

    const form = page.getByRole('form', { name: consultantPageTexts.addHeading });
    await form.getByLabelText('Name').fill('Nora Quinn');
    await form.getByLabelText('Email').fill('nora@otconsulting.example');
    await form.getByLabelText('Title').fill('Cloud Architect');
    await form.getByLabelText('Web Development').click();
    await form.getByRole('button', { name: consultantPageTexts.save }).click();
    await expect
      .poll(() => calls.find((call) => call.method === 'POST')?.body)
      .toEqual({
        name: 'Nora Quinn',
        email: 'nora@otconsulting.example',
        title: 'Cloud Architect',
        bio: '',
        serviceIds: [1],
      });

    const timeOff = page.getByRole('form', { name: `${consultantPageTexts.addTimeOff}: Daniel Ortiz` });
    await timeOff.getByLabelText('First day').fill('2030-02-04');
    await timeOff.getByLabelText('Last day').fill('2030-02-04');
    await timeOff.getByLabelText('Reason').fill('Away');
    await timeOff.getByRole('button', { name: consultantPageTexts.addTimeOff }).click();
    await expect
      .poll(() => calls.find((call) => call.path === apiPaths.consultants.timeOff(2))?.body)
      .toEqual({ startDate: '2030-02-04', endDate: '2030-02-04', reason: 'Away' });
  });

  it("lists a new time off's bookings, each linked to its page", async () => {
    const kept = bookingFixture({ id: 41, status: 'confirmed', booking_date: '2030-02-04' });
    consultantsApi([kept]);
    renderPage();
    const timeOff = page.getByRole('form', { name: `${consultantPageTexts.addTimeOff}: Daniel Ortiz` });
    await timeOff.getByLabelText('First day').fill('2030-02-04');
    await timeOff.getByLabelText('Last day').fill('2030-02-04');
    await timeOff.getByLabelText('Reason').fill('Away');
    await timeOff.getByRole('button', { name: consultantPageTexts.addTimeOff }).click();
    await expect.element(page.getByText(consultantPageTexts.affectedHeading(1))).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: kept.confirmation_code }))
      .toHaveAttribute('href', '/booking/41');
  });

  it('says which offered service no active consultant delivers', async () => {
    consultantsApi();
    renderPage();
    // Daniel delivers Database Architecture only.
    await expect.element(page.getByText(consultantPageTexts.nobodyDelivers('Web Development'))).toBeVisible();
    expect(
      page.getByText(consultantPageTexts.nobodyDelivers('Database Architecture')).elements(),
    ).toHaveLength(0);
  });
});
