import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import {
  bookedConsultation,
  completedConsultation,
  createAccount,
  makeAdmin,
  origin,
  uniqueEmail,
} from './accounts-helpers.ts';
import { expect, pickDay, test, weekdayAhead } from './fixtures.ts';

/** WCAG 2.2 A and AA, and axe's best practices: every rule, every impact. */
const rules = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

const signedOutPages = [
  '/',
  '/services',
  '/services/1',
  '/contact',
  '/terms',
  '/privacy',
  '/cookies',
  '/login',
  '/register',
  '/forgot-password',
];
const clientPages = ['/dashboard', '/my-bookings', '/profile', '/book/1'];
const adminPages = [
  // An administrator may open a consultant's schedule (theirs, when linked to a consultant's record).
  '/consultant',
  '/admin',
  '/admin/bookings',
  '/admin/services',
  '/admin/schedule',
  '/admin/consultants',
  '/admin/calendar',
  '/admin/reviews',
  '/admin/messages',
  '/admin/settings',
];

/** Every violation on the page as it is now, one line each with where it is. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(rules)
    // Experimental in axe, so off unless asked for: an accessible name that begins with the visible text (WCAG 2.5.3).
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}`),
  );
}

type Viewport = (typeof viewports)[number];

/**
 * A dialog or passing state a journey goes through: `open` brings it about from any page (it navigates itself) and
 * returns once it shows. `only` limits it to the width where it exists (the mobile menu, the user menu).
 */
interface State {
  name: string;
  only?: Viewport['name'];
  open: (page: Page) => Promise<void>;
}

/** What is wrong with the page as it is now: axe's violations, and a document wider than the screen. */
async function problems(page: Page, viewport: Viewport): Promise<string[]> {
  const found = await violations(page);
  // No page scrolls sideways on a 375 px phone: what is wide scrolls inside its own frame.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > viewport.width) found.push(`the page is ${width} px wide on a ${viewport.width} px screen`);
  return found;
}

/**
 * Opens each page, then brings about each state, once, and looks at it at each width (the layout follows the width
 * as the screen changes, so a second load would show the same page); collects what is wrong, with where.
 */
async function scan(page: Page, paths: readonly string[], states: readonly State[] = []): Promise<string[]> {
  const found: string[] = [];
  async function atEachWidth(name: string, widths: readonly Viewport[]): Promise<void> {
    for (const viewport of widths) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      // Two frames: the components that follow the width have rendered again.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      for (const line of await problems(page, viewport)) found.push(`${viewport.name} ${name}: ${line}`);
    }
  }
  for (const path of paths) {
    await page.setViewportSize({ width: viewports[0].width, height: viewports[0].height });
    await settledAt(page, path);
    // Nothing still loading: a spinner's page is not the page.
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    await atEachWidth(path, viewports);
  }
  for (const state of states) {
    const widths = viewports.filter((viewport) => !state.only || state.only === viewport.name);
    const [first] = widths;
    if (!first) continue;
    await page.setViewportSize({ width: first.width, height: first.height });
    await state.open(page);
    await atEachWidth(state.name, widths);
  }
  return found;
}

async function signedInPage(browser: Browser, admin: boolean): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail(admin ? 'axe-admin' : 'axe-client');
  await createAccount(page, { email });
  if (admin) makeAdmin(email);
  return page;
}

/** Opens `path` once it has settled. */
async function settledAt(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** The phone's menu, opened from the top bar. */
const mobileMenu = (path: string): State => ({
  name: `${path} with the mobile menu open`,
  only: 'phone',
  open: async (page) => {
    await settledAt(page, path);
    await page.getByRole('banner').getByRole('button', { name: 'Main menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  },
});

/** A dialog opened by a button of the page at `path`. */
function dialogFrom(
  name: string,
  path: string,
  button: (page: Page) => ReturnType<Page['getByRole']>,
  dialog: string,
): State {
  return {
    name,
    open: async (page) => {
      await settledAt(page, path);
      await button(page).click();
      await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    },
  };
}

const signedOutStates: State[] = [
  mobileMenu('/'),
  {
    name: '/register with every field refused',
    open: async (page) => {
      await settledAt(page, '/register');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
];

test.describe('accessibility (axe, WCAG 2.2 AA and best practices, desktop and 375 px)', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the public pages, signed out', async ({ page }) => {
    expect(await scan(page, signedOutPages, signedOutStates)).toEqual([]);
  });

  test("a client's pages, and the dialogs of their bookings", async ({ browser }) => {
    const page = await signedInPage(browser, false);
    // A confirmed consultation to cancel (a client cancels only confirmed ones), and a completed one to review.
    const office = await signedInPage(browser, true);
    const confirmed = await bookedConsultation(
      page,
      3,
      'A confirmed consultation for the accessibility scan.',
    );
    const confirming = await office.request.put(`/api/bookings/admin/${confirmed.id}/status`, {
      data: { status: 'confirmed' },
      headers: origin(office),
    });
    expect(confirming.ok(), await confirming.text()).toBe(true);
    const completed = await completedConsultation(
      page,
      office,
      3,
      'A completed one for the accessibility scan.',
    );
    await office.context().close();
    const card = (on: Page, code: string) => on.getByRole('article').filter({ hasText: code });
    const states: State[] = [
      mobileMenu('/dashboard'),
      {
        name: '/dashboard with the user menu open',
        only: 'desktop',
        open: async (on) => {
          await settledAt(on, '/dashboard');
          await on
            .getByRole('banner')
            .getByRole('button', { name: /, user menu$/ })
            .click();
          await expect(on.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
        },
      },
      dialogFrom(
        '/my-bookings, cancelling a booking',
        '/my-bookings',
        (on) => card(on, confirmed.confirmation_code).getByRole('button', { name: 'Cancel', exact: true }),
        'Cancel Booking?',
      ),
      dialogFrom(
        "a booking's page, cancelling it",
        `/booking/${confirmed.id}`,
        (on) => on.getByRole('main').getByRole('button', { name: 'Cancel', exact: true }),
        'Cancel Booking?',
      ),
      dialogFrom(
        '/my-bookings, reviewing a completed consultation',
        '/my-bookings',
        (on) => card(on, completed.confirmation_code).getByRole('button', { name: 'Leave Review' }),
        'Review Your Consultation',
      ),
      {
        name: "the wizard's Details step with a description refused",
        open: async (on) => {
          await settledAt(on, '/book/1');
          await pickDay(on, weekdayAhead(3));
          await on.getByRole('radio').first().check();
          await on.getByRole('button', { name: 'Continue' }).click();
          const description = on.getByLabel('Project Description');
          await description.fill('Too short');
          await description.blur();
          await expect(description).toHaveAttribute('aria-invalid', 'true');
        },
      },
    ];
    expect(await scan(page, [...clientPages, `/booking/${confirmed.id}`], states)).toEqual([]);
  });

  test("an administrator's pages, and the dialogs of their changes", async ({ browser }) => {
    const page = await signedInPage(browser, true);
    // A pending booking of the administrator's own (an administrator is a client too), for the status control and
    // the pending holds.
    const pending = await bookedConsultation(page, 2, 'A pending booking for the accessibility scan.');
    const listed = await page.request.get(`/api/bookings/admin/all?bookingId=${pending.id}`);
    const [{ user_id: holder }] = ((await listed.json()) as { bookings: [{ user_id: string }] }).bookings;
    const states: State[] = [
      mobileMenu('/admin'),
      {
        name: 'All Bookings, asking before cancelling a booking',
        open: async (on) => {
          await settledAt(on, `/admin/bookings?bookingId=${pending.id}`);
          await on.getByLabel(`Status of booking ${pending.confirmation_code}`).selectOption('cancelled');
          await on
            .getByRole('button', { name: `Apply the new status to booking ${pending.confirmation_code}` })
            .click();
          await expect(on.getByRole('dialog', { name: 'Cancel this booking?' })).toBeVisible();
        },
      },
      dialogFrom(
        "All Bookings, asking before cancelling a client's pending holds",
        `/admin/bookings?clientId=${holder}`,
        (on) => on.getByRole('button', { name: /^Cancel (this pending hold|these \d+ pending holds)$/ }),
        'Cancel the pending holds?',
      ),
      {
        name: '/admin/schedule, saying what Save will change',
        open: async (on) => {
          await settledAt(on, '/admin/schedule');
          const buffer = on.getByLabel('Buffer after each consultation (minutes)');
          await buffer.fill(String(Number(await buffer.inputValue()) + 5));
          await expect(on.getByTestId('schedule-changes-pending').locator('li').first()).toBeVisible();
        },
      },
      {
        name: '/admin/schedule, the closure form refused',
        open: async (on) => {
          await settledAt(on, '/admin/schedule');
          await on.getByRole('button', { name: 'Close Dates' }).click();
          await expect(on.getByLabel('First closed date')).toHaveAttribute('aria-invalid', 'true');
        },
      },
    ];
    expect(await scan(page, adminPages, states)).toEqual([]);
  });
});
