import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

type PortalFixtures = {
  /** Console errors the test expects (for example the 404 of a missing service); any other fails the test. */
  allowConsoleError: (pattern: RegExp) => void;
};

export const test = base.extend<PortalFixtures>({
  // Each journey is its clients' own machine: the server counts sign-ups and pending bookings per client address,
  // and journeys sharing one address would reach those limits together.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use) => use(ownClientAddress()),
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

/**
 * A client address of its own (as the proxy in front of the server would report it; the journeys' server trusts one
 * hop), so the server's per-address limits count it apart, as they would a client on a machine of their own.
 */
export function ownClientAddress(): Record<string, string> {
  const bytes = randomUUID().replaceAll('-', '');
  return {
    'X-Forwarded-For': `10.${Number.parseInt(bytes.slice(0, 2), 16)}.${Number.parseInt(bytes.slice(2, 4), 16)}.${Number.parseInt(bytes.slice(4, 6), 16) || 1}`,
  };
}

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

/** Today in the business zone, moved by `days`, as 'YYYY-MM-DD'. */
export function businessDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: businessZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

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

/** The day picker's cell of `date` in the month shown (not a neighbouring month's day shown outside it). */
export const dayCell = (scope: Page | Locator, date: string) =>
  scope.locator(`[data-day="${date}"]:not([data-outside])`);

/** Shows the month holding `date` in the day picker within `scope` (a page or a dialog), moving forward only. */
export async function showMonthOf(scope: Page | Locator, date: string): Promise<void> {
  // The calendar first: counting its days before it renders would move a month too far.
  await expect(scope.getByRole('grid').first()).toBeVisible();
  for (let month = 0; month < 2 && (await dayCell(scope, date).count()) === 0; month++) {
    await scope.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  await expect(dayCell(scope, date)).toBeVisible();
}

/** Clicks `date` in the day picker within `scope`, moving to its month first. */
export async function pickDay(scope: Page | Locator, date: string): Promise<void> {
  await showMonthOf(scope, date);
  await dayCell(scope, date).getByRole('button').click();
}

/** The value of a fact of a booking's page or card by its term ('INV-2026-0001: Open' for 'Payment'). */
export const factValue = (scope: Page | Locator, term: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.locator('dt').getByText(term, { exact: true }) })
    .locator('dd');
