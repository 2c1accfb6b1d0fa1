import '../../index.css';
import { apiPaths, consultantMessages } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { ServiceDetailRoute } from '../../app/routes/service-detail';
import { serviceFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { stubApi } from '../../testing/stub-api';

const service = serviceFixture({ id: 2, name: 'Database Architecture', rating: null });

function renderService() {
  renderRouter(
    createMemoryRouter([{ path: '/services/:id', element: <ServiceDetailRoute /> }], {
      initialEntries: ['/services/2'],
    }),
  );
}

describe('who delivers a service, on its page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("names the service's consultants with their titles and bios", async () => {
    const calls = stubApi((call) => {
      if (call.path === apiPaths.catalogue.service(2)) return { status: 200, body: { service } };
      if (call.path === apiPaths.consultants.public && call.query.get('serviceId') === '2') {
        return {
          status: 200,
          body: {
            consultants: [
              {
                id: 2,
                name: 'Daniel Ortiz',
                title: 'Senior Database Architect',
                bio: 'Designs schemas.',
                service_ids: [2],
              },
              { id: 7, name: 'Nora Quinn', title: '', bio: '', service_ids: [2, 4] },
            ],
          },
        };
      }
      return undefined;
    });
    renderService();
    const section = page.getByRole('region', { name: consultantMessages.servicePageHeading });
    await expect.element(section.getByText('Daniel Ortiz')).toBeVisible();
    await expect.element(section.getByText('Senior Database Architect')).toBeVisible();
    await expect.element(section.getByText('Designs schemas.')).toBeVisible();
    await expect.element(section.getByText('Nora Quinn')).toBeVisible();
    expect(calls.some((call) => call.path === apiPaths.consultants.public)).toBe(true);
  });

  it('leaves the section out when nobody is listed', async () => {
    stubApi((call) => {
      if (call.path === apiPaths.catalogue.service(2)) return { status: 200, body: { service } };
      if (call.path === apiPaths.consultants.public) return { status: 200, body: { consultants: [] } };
      return undefined;
    });
    renderService();
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Database Architecture' }))
      .toBeVisible();
    await expect.element(page.getByText("What's Included")).toBeVisible();
    await expect
      .element(page.getByRole('heading', { name: consultantMessages.servicePageHeading }))
      .not.toBeInTheDocument();
  });
});
