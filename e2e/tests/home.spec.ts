import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';

test.describe('home page', () => {
  test('shows the hero, why-choose section, the four core services and the signed-out calls to action', async ({
    page,
  }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    for (const name of ['Web Development', 'Database Architecture', 'AI Solutions', 'IT Consulting']) {
      await expect(main.getByText(name, { exact: false }).first()).toBeVisible();
    }
    await expect(main.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/register');
    await expect(main.getByRole('link', { name: 'Learn More' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/register');
    await expect(main.getByRole('link', { name: 'View Services' })).toHaveCount(0);
    await expectAccessible(page);
    await keepScreenshot(page, 'home');
  });

  test('loads only its own route chunk; the services page arrives as a separate chunk', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const homeScripts = new Set(scripts);
    await page.getByRole('banner').getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('link', { name: 'Book Consultation' }).first()).toBeVisible();
    const servicesOnly = scripts.filter((script) => !homeScripts.has(script));
    expect(servicesOnly.length).toBeGreaterThan(0);
  });
});
