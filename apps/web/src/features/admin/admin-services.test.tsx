import '../../index.css';
import {
  apiPaths,
  consultantPageTexts,
  defaultSchedule,
  type Service,
  type ServiceChange,
  serviceMessages,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { AdminBookingsRoute, AdminServicesRoute } from '../../app/routes/admin';
import { ServiceDetailRoute } from '../../app/routes/service-detail';
import { adminBookingFixture, serviceFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall, stubApi } from '../../testing/stub-api';

const ok = (body: unknown): Answer => ({ status: 200, body });

const webDevelopment = serviceFixture({ features: ['Architecture review'] });
const retired = serviceFixture({
  id: 5,
  name: 'Legacy Rescue',
  category: 'legacy',
  icon: 'cog',
  hourly_rate: 120,
  duration: 60,
  active: false,
});

const change: ServiceChange = {
  id: 7,
  at: '2030-01-07T16:00:00.000Z',
  actorEmail: 'office@example.com',
  action: 'updated',
  serviceId: 1,
  serviceName: 'Web Development',
  fields: [{ field: 'hourly_rate', before: 120, after: 150 }],
};

/**
 * The admin catalogue API: `services` as stored; a PUT or POST answers `save` (default: the body, saved). The
 * firm's schedule has slots every `slotStepMinutes`.
 */
function catalogueApi(services: Service[], save?: (call: ApiCall) => Answer, slotStepMinutes = 30) {
  return stubApi((call) => {
    if (call.path === apiPaths.catalogue.adminServices && call.method === 'GET') return ok({ services });
    if (call.path === apiPaths.schedule.admin)
      return ok({ schedule: { ...defaultSchedule, slotStepMinutes } });
    if (call.path === apiPaths.catalogue.adminChanges) return ok({ changes: [change] });
    if (call.method === 'PUT' || call.method === 'POST') {
      if (save) return save(call);
      const id = Number(call.path.split('/').at(-1)) || 99;
      return {
        status: call.method === 'POST' ? 201 : 200,
        body: { service: { id, icon: 'cog', rating: null, questions: [], ...(call.body as object) } },
      };
    }
    return undefined;
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/services', element: <AdminServicesRoute /> },
      { path: '/admin/bookings', element: <AdminBookingsRoute /> },
      { path: '/services/:id', element: <ServiceDetailRoute /> },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router);
}

const writes = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT' || call.method === 'POST');

describe('admin services', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists every service, offered and retired, and the latest changes with old → new', async () => {
    catalogueApi([webDevelopment, retired]);
    renderAt('/admin/services');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
    const rows = page.getByTestId('service-row');
    await expect.element(rows.nth(1)).toBeVisible();
    await expect.element(rows.nth(0)).toHaveTextContent(/Web Development.*\$150\/hour.*90 min.*Offered/);
    await expect.element(rows.nth(1)).toHaveTextContent(/Legacy Rescue.*legacy.*\$120\/hour.*Retired/);
    const item = page.getByTestId('service-change');
    await expect.element(item).toHaveTextContent(/office@example\.com/);
    await expect.element(item).toHaveTextContent('Hourly rate: $120/hour → $150/hour');
  });

  it('warns beside an offered service that no active consultant delivers (it offers no slots)', async () => {
    const cloud = serviceFixture({ id: 3, name: 'Cloud Migration' });
    const consultant = (id: number, serviceIds: number[], active: boolean) => ({
      id,
      name: `Consultant ${id}`,
      email: `c${id}@example.com`,
      title: '',
      bio: '',
      service_ids: serviceIds,
      weekly_hours: null,
      active,
      user_id: null,
      time_off: [],
    });
    stubApi((call) => {
      if (call.path === apiPaths.consultants.admin) {
        // Cloud Migration's only consultant is retired; the retired service needs nobody.
        return ok({ consultants: [consultant(1, [1], true), consultant(2, [3], false)] });
      }
      if (call.path === apiPaths.catalogue.adminServices)
        return ok({ services: [webDevelopment, cloud, retired] });
      if (call.path === apiPaths.schedule.admin) return ok({ schedule: defaultSchedule });
      if (call.path === apiPaths.catalogue.adminChanges) return ok({ changes: [] });
      return undefined;
    });
    renderAt('/admin/services');
    const rows = page.getByTestId('service-row');
    await expect
      .element(rows.nth(1))
      .toHaveTextContent(consultantPageTexts.nobodyDelivers('Cloud Migration'));
    expect(page.getByText(consultantPageTexts.nobodyDelivers('Web Development')).elements()).toHaveLength(0);
    expect(page.getByText(consultantPageTexts.nobodyDelivers('Legacy Rescue')).elements()).toHaveLength(0);
  });

  it('edits a service: a new rate and a list item added, sent as the whole record', async () => {
    const calls = catalogueApi([webDevelopment]);
    renderAt('/admin/services');
    await page.getByRole('button', { name: 'Edit Web Development' }).click();
    const rate = page.getByRole('spinbutton', { name: /Hourly rate/ });
    await rate.fill('175');
    await page.getByRole('button', { name: "Add What's Included item" }).click();
    await page.getByRole('textbox', { name: "What's Included item 2" }).fill('Load testing');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.element(page.getByText(serviceMessages.saved)).toBeVisible();
    const [put] = writes(calls);
    expect(put?.method).toBe('PUT');
    expect(put?.path).toBe(apiPaths.catalogue.adminService(1));
    const { id: _id, icon: _icon, rating: _rating, questions: _questions, ...record } = webDevelopment;
    expect(put?.body).toEqual({
      ...record,
      hourly_rate: 175,
      features: ['Architecture review', 'Load testing'],
    });
  });

  it("refreshes the public catalogue too: the service's page then shows the new rate", async () => {
    let stored = webDevelopment;
    const calls = stubApi((call) => {
      if (call.path === apiPaths.catalogue.service(1)) return ok({ service: stored });
      if (call.path === apiPaths.schedule.admin) return ok({ schedule: defaultSchedule });
      if (call.path === apiPaths.catalogue.adminServices) return ok({ services: [stored] });
      if (call.path === apiPaths.catalogue.adminChanges) return ok({ changes: [] });
      if (call.method === 'PUT') {
        stored = { ...stored, ...(call.body as Partial<Service>) };
        return ok({ service: stored });
      }
      return undefined;
    });
    const router = renderAt('/services/1');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Web Development' })).toBeVisible();
    await expect.element(page.getByText(`$${webDevelopment.hourly_rate}/hour`).first()).toBeVisible();
    await router.navigate('/admin/services');
    await page.getByRole('button', { name: 'Edit Web Development' }).click();
    await page.getByRole('spinbutton', { name: /Hourly rate/ }).fill('175');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.element(page.getByText(serviceMessages.saved)).toBeVisible();
    await router.navigate('/services/1');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Web Development' })).toBeVisible();
    await expect.element(page.getByText('$175/hour').first()).toBeVisible();
    await expect.element(page.getByText(`$${webDevelopment.hourly_rate}/hour`)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === apiPaths.catalogue.service(1))).toHaveLength(2);
  });

  it('checks the form before sending: a session length off the step and an empty item are named', async () => {
    const calls = catalogueApi([webDevelopment]);
    renderAt('/admin/services');
    await page.getByRole('button', { name: 'New Service' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Security Review');
    await page.getByRole('spinbutton', { name: /Hourly rate/ }).fill('180');
    await page.getByRole('spinbutton', { name: /Session length/ }).fill('45');
    await page.getByRole('textbox', { name: 'Short description' }).fill('A look at your defences.');
    await page.getByRole('button', { name: 'Add Key Benefits item' }).click();
    await page.getByRole('button', { name: 'Create Service' }).click();
    await expect
      .element(page.getByRole('spinbutton', { name: /Session length/ }))
      .toHaveAccessibleDescription(/Session length must be a multiple of 30 minutes/);
    await expect
      .element(page.getByRole('textbox', { name: 'Key Benefits item 1' }))
      .toHaveAccessibleDescription(serviceMessages.itemEmpty('benefits'));
    expect(writes(calls)).toEqual([]);

    await page.getByRole('spinbutton', { name: /Session length/ }).fill('60');
    await page.getByRole('button', { name: 'Remove Key Benefits item 1' }).click();
    await page.getByRole('combobox', { name: 'Category' }).selectOptions('Another category…');
    await page.getByRole('textbox', { name: 'New category' }).fill('security');
    await page.getByRole('button', { name: 'Create Service' }).click();
    await expect.element(page.getByText(serviceMessages.created)).toBeVisible();
    const [post] = writes(calls);
    expect(post).toMatchObject({
      method: 'POST',
      body: {
        name: 'Security Review',
        category: 'security',
        hourly_rate: 180,
        duration: 60,
        benefits: [],
        active: true,
      },
    });
  });

  it("checks session lengths against the firm's own slot step: 45 minutes on a 15-minute grid", async () => {
    const calls = catalogueApi([webDevelopment], undefined, 15);
    renderAt('/admin/services');
    await page.getByRole('button', { name: 'New Service' }).click();
    const length = page.getByRole('spinbutton', { name: /Session length/ });
    await expect.element(length).toHaveAccessibleDescription('A multiple of 15 minutes.');
    await page.getByRole('textbox', { name: 'Name' }).fill('Security Review');
    await page.getByRole('spinbutton', { name: /Hourly rate/ }).fill('180');
    await page.getByRole('textbox', { name: 'Short description' }).fill('A look at your defences.');
    await length.fill('50');
    await page.getByRole('button', { name: 'Create Service' }).click();
    await expect
      .element(length)
      .toHaveAccessibleDescription(/Session length must be a multiple of 15 minutes/);
    expect(writes(calls)).toEqual([]);
    await length.fill('45');
    await page.getByRole('button', { name: 'Create Service' }).click();
    await expect.element(page.getByText(serviceMessages.created)).toBeVisible();
    expect(writes(calls)[0]?.body).toMatchObject({ name: 'Security Review', duration: 45 });
  });

  it('opens the form once the schedule is read, and says so when it cannot be', async () => {
    stubApi((call) => {
      if (call.path === apiPaths.catalogue.adminServices) return ok({ services: [webDevelopment] });
      if (call.path === apiPaths.catalogue.adminChanges) return ok({ changes: [] });
      if (call.path === apiPaths.schedule.admin) return { status: 500, body: { message: 'Internal error' } };
      return undefined;
    });
    renderAt('/admin/services');
    await page.getByRole('button', { name: 'Edit Web Development' }).click();
    await expect
      .element(page.getByText('Failed to load the schedule, which session lengths follow.'))
      .toBeVisible();
    expect(page.getByRole('spinbutton', { name: /Session length/ }).elements()).toHaveLength(0);
  });

  it("shows the server's refusal beside its field", async () => {
    catalogueApi([webDevelopment], () => ({
      status: 409,
      body: {
        message: serviceMessages.nameTaken,
        errors: [{ path: 'name', msg: serviceMessages.nameTaken }],
      },
    }));
    renderAt('/admin/services');
    await page.getByRole('button', { name: 'Edit Web Development' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Database Architecture');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .element(page.getByRole('textbox', { name: 'Name' }))
      .toHaveAccessibleDescription(serviceMessages.nameTaken);
  });

  it('retires an offered service and brings back a retired one', async () => {
    const calls = catalogueApi([webDevelopment, retired]);
    renderAt('/admin/services');
    await page.getByRole('button', { name: 'Retire Web Development' }).click();
    await expect.element(page.getByText(serviceMessages.retiredDone)).toBeVisible();
    await page.getByRole('button', { name: 'Bring back Legacy Rescue' }).click();
    await expect.element(page.getByText(serviceMessages.restored)).toBeVisible();
    const sent = writes(calls).map((call) => [call.path, (call.body as Service).active]);
    expect(sent).toEqual([
      [apiPaths.catalogue.adminService(1), false],
      [apiPaths.catalogue.adminService(5), true],
    ]);
  });
});

describe('prices stay honest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows today's rate beside a booking whose snapshot differs, and nothing beside one that matches", async () => {
    const current = serviceFixture({ hourly_rate: 200, duration: 90 });
    stubApi((call) => {
      if (call.path === apiPaths.catalogue.adminServices) return ok({ services: [current] });
      if (call.path === apiPaths.admin.all) {
        return ok({
          bookings: [
            adminBookingFixture({
              id: 1,
              services: { name: 'Web Development', hourly_rate: 150, duration: 90 },
            }),
            adminBookingFixture({
              id: 2,
              services: { name: 'Web Development', hourly_rate: 200, duration: 90 },
            }),
          ],
          total: 2,
          nextCursor: null,
        });
      }
      return undefined;
    });
    renderAt('/admin/bookings');
    const rows = page.getByTestId('booking-row');
    await expect.element(rows.nth(0).getByTestId('todays-price')).toHaveTextContent('now $200/hour');
    await expect.element(rows.nth(0)).toHaveTextContent('$150/hour, 90 min');
    await expect.element(rows.nth(1)).toHaveTextContent('$200/hour, 90 min');
    expect(rows.nth(1).getByTestId('todays-price').elements()).toHaveLength(0);
  });
});

describe('a retired service', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says it is no longer offered and offers no booking', async () => {
    stubApi((call) => (call.path === '/api/services/5' ? ok({ service: retired }) : undefined));
    renderAt('/services/5');
    await expect.element(page.getByRole('heading', { level: 1, name: 'Legacy Rescue' })).toBeVisible();
    await expect
      .element(page.getByRole('status').filter({ hasText: serviceMessages.retiredNotice }))
      .toBeVisible();
    expect(page.getByRole('link', { name: 'Book Consultation Now' }).elements()).toHaveLength(0);
  });
});
