import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

type PortalFixtures = {
  /** Console errors the test expects (for example the 404 of a missing service); any other fails the test. */
  allowConsoleError: (pattern: RegExp) => void;
};

export const test = base.extend<PortalFixtures>({
  allowConsoleError: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const unexpected: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = `${message.text()} ${message.location().url}`;
        if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
      });
      page.on('pageerror', (error) => unexpected.push(`uncaught: ${error.message}`));
      await use((pattern) => allowed.push(pattern));
      expect(unexpected, 'console errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Axe scan of the page as it is now: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target).join(', ')})`,
    );
  expect(severe).toEqual([]);
}

/**
 * Serves the pages without the catalogue the server embeds in them (as the dev server does), so that the app asks
 * the API for it: the way to see its loading and failure states on a first load.
 */
export async function withoutEmbeddedCatalogue(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      const body = html.replace(/<script type="application\/json"[^>]*>.*?<\/script>/s, '');
      expect(body).not.toBe(html);
      await route.fulfill({ response, body });
    },
  );
}

/** Keeps a full-page screenshot of each screen among the run's artifacts, when the run keeps screenshots (not on CI). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (test.info().project.use.screenshot === 'off') return;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The business zone the server reckons in (BUSINESS_TIMEZONE is not set for the journeys). */
export const businessZone = 'America/Phoenix';

/** The `count`th weekday after today in the business zone, as 'YYYY-MM-DD'. */
export function weekdayAhead(count: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: businessZone }).format(new Date());
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  for (let found = 0; found < count; ) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) found += 1;
  }
  return date.toISOString().slice(0, 10);
}
