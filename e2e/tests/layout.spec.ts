import type { Page } from '@playwright/test';
import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';

/** Opens `path` and waits until the app runs (it asks for the session): links then move within the app. */
async function openApp(page: Page, path: string): Promise<void> {
  const asked = page.waitForRequest(/\/api\/identity\/get-session/);
  await page.goto(path);
  await asked;
}

test.describe('layout', () => {
  test('the top bar shows Home, Services, Login and Get Started to a visitor', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner');
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Services', exact: true })).toHaveAttribute(
      'href',
      '/services',
    );
    await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Get Started', exact: true })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('the footer lists services, quick links, contact details, legal links and what its hours are for', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Web Development', '/services/1'],
      ['Database Architecture', '/services/2'],
      ['AI Solutions', '/services/3'],
      ['IT Consulting', '/services/4'],
      ['Home', '/'],
      ['Services', '/services'],
      ['Get Started', '/register'],
      ['Client Portal', '/login'],
      ['Send Us a Message', '/contact'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Cookie Policy', '/cookies'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    for (const legal of ['Privacy Policy', 'Terms of Service', 'Cookie Policy']) {
      await expect(footer.getByText(legal)).toBeVisible();
    }
    // The office hours say what they are for, and consultations are said to follow the times offered when booking.
    await expect(footer.getByText('Phone and email: Mon-Fri 8AM-7PM MST')).toBeVisible();
    await expect(footer.getByText('Consultations: at the times offered when you book')).toBeVisible();
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(footer.getByRole('link', { name: /\(\d{3}\)|\d{3}-\d{4}/ })).toHaveAttribute(
      'href',
      /^tel:/,
    );
  });

  test('under 768px a menu button opens a menu that mirrors the top bar', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    // The first paint's button is markup only: the menu opens once the app has drawn over it.
    await openApp(page, '/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toBeHidden();
    const toggle = banner.getByRole('button', { name: /menu/i });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Home', 'Services', 'Login', 'Get Started']) {
      await expect(banner.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expectAccessible(page);
    await keepScreenshot(page, 'mobile-menu');
    await banner.getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toBeHidden();
  });

  test("an unknown path is 'Page Not Found' with HTTP 404 and a Go Home link", async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/404/);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('known routes answer HTTP 200 and unknown API paths a JSON 404', async ({ request }) => {
    for (const path of ['/', '/services', '/services/1', '/contact']) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
    const api = await request.get('/api/nothing-here');
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ message: expect.any(String) });
  });

  test('a new page opens at its top, and Back returns to where the page before was left', async ({
    page,
  }) => {
    await openApp(page, '/');
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Web Development', exact: true });
    await link.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(0);
    // A mark that a document load would wipe: the pages change within the app.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Web Development' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: /^Technology expertise/ })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test("a page whose code cannot be loaded says 'Something Went Wrong', with Go Home", async ({
    page,
    allowConsoleError,
  }) => {
    // As after a new release has replaced the scripts: the services page's chunk is gone.
    await page.route('**/assets/services-*.js', (route) => route.abort());
    allowConsoleError(/ERR_FAILED|dynamically imported module/);
    await openApp(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Something Went Wrong' })).toBeVisible();
    await expect(page.getByText('This page could not be shown. Reloading usually helps.')).toBeVisible();
    await page.unrouteAll();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Technology expertise/ })).toBeVisible();
  });
});
