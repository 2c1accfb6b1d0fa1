import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';

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

  test('the footer lists services, quick links, contact details, legal links and business hours', async ({
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
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    for (const legal of ['Privacy Policy', 'Terms of Service', 'Cookie Policy']) {
      await expect(footer.getByText(legal)).toBeVisible();
    }
    await expect(footer.getByText('Mon-Fri 8AM-7PM MST')).toBeVisible();
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(footer.getByRole('link', { name: /\(\d{3}\)|\d{3}-\d{4}/ })).toHaveAttribute(
      'href',
      /^tel:/,
    );
  });

  test('under 768px a menu button opens a menu that mirrors the top bar', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
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
});
