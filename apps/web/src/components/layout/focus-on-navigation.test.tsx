import '../../index.css';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { FocusOnNavigation } from './focus-on-navigation';

function Frame() {
  return (
    <>
      <nav>
        <Link to="/">Home</Link> <Link to="/services">Services</Link> <Link to="/services?tab=all">All</Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
      <FocusOnNavigation />
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: '/', element: <h1>Home page</h1> },
          { path: '/services', element: <h1>Our services</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe('focus after a change of page', () => {
  it("leaves the first page alone, then moves focus to each new page's heading", async () => {
    await renderAt('/');
    await expect.element(page.getByRole('heading', { name: 'Home page' })).toBeVisible();
    expect(document.activeElement).toBe(document.body);

    await page.getByRole('link', { name: 'Services' }).click();
    const services = page.getByRole('heading', { name: 'Our services' });
    await expect.element(services).toHaveFocus();
    // Focusable by script only: not a stop in the tab order.
    await expect.element(services).toHaveAttribute('tabindex', '-1');

    await page.getByRole('link', { name: 'Home' }).click();
    await expect.element(page.getByRole('heading', { name: 'Home page' })).toHaveFocus();
  });

  it('keeps focus where it is when only the query changes', async () => {
    await renderAt('/services');
    const all = page.getByRole('link', { name: 'All' });
    await all.click();
    await expect.element(all).toHaveFocus();
  });
});
