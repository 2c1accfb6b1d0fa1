import { expect, expectAccessible, keepScreenshot, test, withoutEmbeddedCatalogue } from './fixtures.ts';

test.describe('services list', () => {
  test('renders the cards of the catalogue embedded in the page at once, without asking the API', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/services(\/\d+)?$/.test(pathname)) asked.push(pathname);
    });
    await page.goto('/services');
    await expect(page.getByText('Loading services...')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Book Consultation' })).toHaveCount(4);
    // A service's page, reached from the list, starts from the same copy.
    await page.getByRole('link', { name: 'Book Consultation' }).first().click();
    await expect(page).toHaveURL(/\/services\/1$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(asked).toEqual([]);
  });

  test('without the embedded catalogue, shows a spinner, then a card per service with icon, rate, duration, description and features', async ({
    page,
  }) => {
    await withoutEmbeddedCatalogue(page);
    // Hold the catalogue back long enough to see the spinner.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/services', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/services');
    await expect(page.getByText('Loading services...')).toBeVisible();
    release();

    const cards = page.getByRole('link', { name: 'Book Consultation' });
    await expect(cards).toHaveCount(4);
    await expect(page.getByText('Loading services...')).toHaveCount(0);
    const main = page.getByRole('main');
    await expect(main.getByText(/\$\d+\/hour/)).toHaveCount(4);
    await expect(main.getByText(/\d+ min sessions/)).toHaveCount(4);
    for (const feature of [
      'React/Vue.js Applications',
      'E-commerce Platforms',
      'API Development',
      'Database Integration',
    ]) {
      await expect(main.getByText(feature, { exact: true })).toBeVisible();
    }
    await expect(cards.first()).toHaveAttribute('href', '/services/1');
    await expect(main.locator('svg').first()).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'services');
  });

  test('says the catalogue failed to load when the API fails', async ({ page, allowConsoleError }) => {
    allowConsoleError(/500/);
    await withoutEmbeddedCatalogue(page);
    await page.route('**/api/services', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    await page.goto('/services');
    await expect(page.getByText('Failed to load services. Please try again later.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book Consultation' })).toHaveCount(0);
  });
});

test.describe('service detail', () => {
  test('shows the breadcrumb, rate, duration, long description and the five lists', async ({ page }) => {
    await page.goto('/services/1');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: /breadcrumb/i });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
    await expect(main.getByText(/\$\d+\/hour/).first()).toBeVisible();
    await expect(main.getByText(/^\d+ min$/).first()).toBeVisible();
    for (const heading of [
      "What's Included",
      'Key Benefits',
      'Our Process',
      'Technologies & Tools',
      "What You'll Receive",
    ]) {
      const section = main.getByRole('heading', { name: heading });
      await expect(section).toBeVisible();
    }
    await expect(main.locator('ol li').first()).toBeVisible();
    // Signed out, to sign in first and then on to the service's wizard.
    await expect(main.getByRole('link', { name: 'Book Consultation Now' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fbook%2F1',
    );
    await expect(main.getByRole('link', { name: 'Get Free Consultation' })).toHaveAttribute(
      'href',
      '/contact?service=1',
    );
    await expectAccessible(page);
    await keepScreenshot(page, 'service-detail');
  });

  test('shows each service’s own content from the database', async ({ page, request }) => {
    const { services } = (await (await request.get('/api/services')).json()) as {
      services: { id: number; name: string; longDescription: string }[];
    };
    const ninety = services.find((service) => service.id === 2) ?? services[0];
    if (!ninety) throw new Error('no services seeded');
    await page.goto(`/services/${ninety.id}`);
    await expect(page.getByRole('heading', { level: 1, name: ninety.name })).toBeVisible();
    await expect(page.getByText(ninety.longDescription)).toBeVisible();
  });

  test('Get Free Consultation leads to the contact form, about that service', async ({ page }) => {
    await page.goto('/services/3');
    await page.getByRole('link', { name: 'Get Free Consultation' }).click();
    await expect(page).toHaveURL(/\/contact\?service=3$/);
    await expect(page.getByRole('combobox', { name: 'Service' })).toHaveValue('3');
    await expect(page.getByText('Mon-Fri 8AM-7PM MST').first()).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'contact');
  });

  test("says 'Service Not Found' with a way back for a missing service", async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/404/);
    const response = await page.goto('/services/999');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Service Not Found | OT Consulting');
    await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await page.goto('/services/not-a-number');
    await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'service-not-found');
  });
});
