import '../../index.css';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { company } from '../../config/company';
import { ReachTheFirm } from './reach-the-firm';

describe('ReachTheFirm', () => {
  it('gives the contact page and the firm’s phone number, and the contact link leads there', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <ReachTheFirm /> },
        { path: '/contact', element: <h1>Contact page</h1> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await expect
      .element(page.getByRole('link', { name: company.phone.display }))
      .toHaveAttribute('href', company.phone.href);
    await expect
      .element(page.getByTestId('reach-the-firm'))
      .toHaveTextContent(`Use the contact page or call ${company.phone.display}.`);
    await page.getByRole('link', { name: 'contact page' }).click();
    await expect.element(page.getByRole('heading', { name: 'Contact page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/contact');
  });
});
