import '../../index.css';
import { apiPaths } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { ServiceDetailRoute } from '../../app/routes/service-detail';
import { ServicesRoute } from '../../app/routes/services';
import { serviceFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { stubApi } from '../../testing/stub-api';

const rated = serviceFixture({ id: 4, name: 'IT Consulting', rating: { average: 4.7, count: 12 } });
const unrated = serviceFixture({ id: 1, name: 'Web Development', rating: null });

function catalogueApi() {
  return stubApi((call) => {
    if (call.path === apiPaths.catalogue.services)
      return { status: 200, body: { services: [unrated, rated] } };
    if (call.path === apiPaths.catalogue.service(4)) return { status: 200, body: { service: rated } };
    if (call.path === apiPaths.reviews.serviceReviews(4)) {
      return {
        status: 200,
        body: {
          reviews: [
            {
              rating: 5,
              comment: 'Sharp and practical.',
              author: 'Ada L.',
              created_at: '2030-01-08T18:00:00.000Z',
            },
          ],
          summary: { average: 4.7, count: 12 },
          nextCursor: null,
        },
      };
    }
    return undefined;
  });
}

function renderAt(path: string) {
  renderRouter(
    createMemoryRouter(
      [
        { path: '/services', element: <ServicesRoute /> },
        { path: '/services/:id', element: <ServiceDetailRoute /> },
      ],
      { initialEntries: [path] },
    ),
  );
}

describe('ratings in the catalogue', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a reviewed service’s average and count on its card, and nothing on a service without reviews', async () => {
    catalogueApi();
    renderAt('/services');
    const card = (name: string) => page.getByRole('article').filter({ hasText: name });
    await expect.element(card('IT Consulting').getByText('★ 4.7 (12 reviews)')).toBeVisible();
    await expect
      .element(card('IT Consulting').getByText('Rated 4.7 out of 5 from 12 reviews'))
      .toBeInTheDocument();
    await expect.element(card('Web Development')).toBeVisible();
    await expect.element(card('Web Development').getByText(/★/)).not.toBeInTheDocument();
  });

  it('shows the figures and the latest reviews on the service page', async () => {
    catalogueApi();
    renderAt('/services/4');
    await expect.element(page.getByRole('heading', { level: 1, name: 'IT Consulting' })).toBeVisible();
    await expect.element(page.getByText('★ 4.7 (12 reviews)')).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Client Reviews' });
    await expect.element(reviews.getByText('Sharp and practical.')).toBeVisible();
    await expect.element(reviews.getByText('Ada L.')).toBeVisible();
    await expect.element(reviews.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeVisible();
  });
});
