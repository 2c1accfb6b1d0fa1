import '../../index.css';
import { type AdminReview, apiPaths, reviewMessages } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { AdminReviewsRoute } from '../../app/routes/admin';
import { renderRouter } from '../../testing/render-router';
import { stubApi } from '../../testing/stub-api';

const review = (overrides: Partial<AdminReview>): AdminReview => ({
  id: 1,
  booking_id: 10,
  service_id: 4,
  service_name: 'IT Consulting',
  author: 'Ada L.',
  author_email: 'ada@example.com',
  rating: 5,
  comment: 'Sharp and practical.',
  hidden: false,
  created_at: '2030-01-08T18:00:00.000Z',
  updated_at: '2030-01-08T18:00:00.000Z',
  ...overrides,
});

describe('admin reviews', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists reviews newest first, hidden ones marked, and hides one with Hide', async () => {
    const stored = [
      review({
        id: 2,
        rating: 1,
        comment: 'Something rude',
        author: 'Alan T.',
        author_email: 'alan@example.com',
      }),
      review({ id: 1, hidden: true }),
    ];
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === apiPaths.reviews.adminReviews) {
        return { status: 200, body: { reviews: stored, nextCursor: null } };
      }
      if (call.method === 'PUT' && call.path === apiPaths.reviews.adminReview(2)) {
        return { status: 200, body: { review: { ...stored[0], ...(call.body as object) } } };
      }
      return undefined;
    });
    renderRouter(
      createMemoryRouter([{ path: '/admin/reviews', element: <AdminReviewsRoute /> }], {
        initialEntries: ['/admin/reviews'],
      }),
    );
    await expect.element(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    const rude = page.getByRole('listitem', { name: 'Review of IT Consulting by Alan T.' });
    const hidden = page.getByRole('listitem', { name: 'Review of IT Consulting by Ada L.' });
    await expect.element(rude.getByText('Something rude')).toBeVisible();
    await expect.element(rude.getByText('Alan T. (alan@example.com)')).toBeVisible();
    await expect.element(hidden.getByText('Hidden', { exact: true })).toBeVisible();
    await expect.element(hidden.getByRole('button', { name: 'Show' })).toBeVisible();

    await rude.getByRole('button', { name: 'Hide' }).click();
    await expect.element(page.getByText(reviewMessages.hidden)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ hidden: true });
    await expect.element(rude.getByText('Hidden', { exact: true })).toBeVisible();
    await expect.element(rude.getByRole('button', { name: 'Show' })).toBeVisible();
  });

  it('clears the error of a failed Hide when the next try succeeds', async () => {
    const stored = [review({ id: 2, author: 'Alan T.' })];
    let failing = true;
    stubApi((call) => {
      if (call.method === 'GET' && call.path === apiPaths.reviews.adminReviews) {
        return { status: 200, body: { reviews: stored, nextCursor: null } };
      }
      if (call.method === 'PUT' && call.path === apiPaths.reviews.adminReview(2)) {
        if (failing) return { status: 400, body: { message: 'Refused for the test' } };
        return { status: 200, body: { review: { ...stored[0], ...(call.body as object) } } };
      }
      return undefined;
    });
    renderRouter(
      createMemoryRouter([{ path: '/admin/reviews', element: <AdminReviewsRoute /> }], {
        initialEntries: ['/admin/reviews'],
      }),
    );
    const item = page.getByRole('listitem', { name: 'Review of IT Consulting by Alan T.' });
    await item.getByRole('button', { name: 'Hide' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Refused for the test' });
    await expect.element(error).toBeVisible();
    failing = false;
    await item.getByRole('button', { name: 'Hide' }).click();
    await expect.element(page.getByText(reviewMessages.hidden)).toBeVisible();
    await expect.element(error).not.toBeInTheDocument();
  });
});
