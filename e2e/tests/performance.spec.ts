// The first load as a visitor's browser gets it (docs/decisions/035): no layout shift on the public pages, the
// home page's scripts within their budget, the build's compressed copies sent as they are, and every script of a
// first page named in the page itself.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { completedConsultation, createAccount, makeAdmin, origin, uniqueEmail } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

/** The most the public pages may shift while they load (docs/product.md#limits; Lighthouse's "good" is 0.1). */
const maxLayoutShift = 0.02;
/**
 * All the JavaScript the home page loads, gzipped: at most 100 KB, a kilobyte taken as 1,000 bytes
 * ([013](../../docs/decisions/035)).
 */
const firstLoadBudgetBytes = 100_000;

/** A layout shift as the page records it: how much, and the first characters of the elements that moved. */
interface LayoutShift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    /** The shifts recordLayoutShifts has seen so far. */
    layoutShifts?: LayoutShift[];
  }
}

const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

/** Sums every layout shift not caused by input, from the first paint on (buffered entries included). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    window.layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) =>
          source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node?.nodeName),
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShifts(page: Page): Promise<LayoutShift[]> {
  const shifts = await page.evaluate(() => window.layoutShifts);
  if (!shifts) throw new Error('The page does not record its layout shifts: call recordLayoutShifts first');
  return shifts;
}

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`layout shift on ${name}`, () => {
    test.use({ viewport });

    for (const path of [
      '/',
      '/services',
      '/services/1',
      '/services/3',
      '/contact',
      '/login',
      '/register',
      '/forgot-password',
    ]) {
      test(`${path} shifts at most ${maxLayoutShift}`, async ({ page }) => {
        await recordLayoutShifts(page);
        await page.goto(path, { waitUntil: 'networkidle' });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Whatever arrives late (the session, the reviews) has arrived; give a frame for the last shifts (a wait on
        // purpose: the browser reports a shift after the frame that made it).
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
        const shifts = await layoutShifts(page);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(maxLayoutShift);
      });
    }
  });
}

test("a service's reviews take the place their loading state kept for them", async ({ page, browser }) => {
  // Database Architecture (service 2) gets a review: no other journey counts its reviews.
  await createAccount(page, { firstName: 'Robin' });
  const office = await browser.newContext();
  const admin = await office.newPage();
  const adminEmail = uniqueEmail('office');
  await createAccount(admin, { email: adminEmail });
  makeAdmin(adminEmail);
  const booking = await completedConsultation(page, admin, 2, 'Indexes for our order history.');
  await office.close();
  const comment = 'Clear advice on our indexes.';
  const reviewed = await page.request.post(`/api/bookings/${booking.id}/review`, {
    data: { rating: 4, comment },
    headers: origin(page),
  });
  expect(reviewed.status(), await reviewed.text()).toBe(201);
  // The catalogue every page carries counts it (within a second in every process).
  await expect
    .poll(async () => {
      const { service } = (await (await page.request.get('/api/services/2')).json()) as {
        service: { rating: { count: number } | null };
      };
      return service.rating?.count ?? 0;
    })
    .toBeGreaterThan(0);

  // A visitor scrolls to the reviews while they load; they arrive a moment later.
  const visitor = await browser.newContext({ viewport: viewports.desktop });
  const reader = await visitor.newPage();
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await reader.route(/\/api\/services\/2\/reviews/, async (route) => {
    await answered;
    await route.continue();
  });
  await recordLayoutShifts(reader);
  const asked = reader.waitForRequest(/\/api\/services\/2\/reviews/);
  await reader.goto('/services/2');
  // Asked for by the app, once it has drawn over the page's first paint.
  await asked;
  const reviews = reader.getByRole('region', { name: 'Client Reviews' });
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByRole('status')).toHaveText('Loading reviews...');
  answer();
  await expect(reviews.getByText(comment).first()).toBeVisible();
  // A wait on purpose: a frame for the browser to report the last shifts.
  await reader.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
  const shifts = await layoutShifts(reader);
  expect(
    shifts.reduce((sum, shift) => sum + shift.value, 0),
    JSON.stringify(shifts),
  ).toBeLessThanOrEqual(maxLayoutShift);
  await visitor.close();
});

/** The scripts a first load of `path` fetches: their bodies and how they were encoded. */
async function firstLoadScripts(
  page: Page,
  path: string,
): Promise<Map<string, { body: Buffer; encoding: string | undefined }>> {
  const scripts = new Map<string, { body: Buffer; encoding: string | undefined }>();
  const bodies: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const encoding = response.headers()['content-encoding'];
    bodies.push(
      response.body().then((body) => {
        scripts.set(new URL(response.url()).pathname, { body, encoding });
      }),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await Promise.all(bodies);
  return scripts;
}

test(`the home page's first-load JavaScript stays within ${firstLoadBudgetBytes / 1000} KB gzipped`, async ({
  page,
}) => {
  const scripts = await firstLoadScripts(page, '/');
  // Gzipped as the build's .gz copies are, which the server sends to a browser that accepts gzip only.
  const sizes = [...scripts].map(([path, { body }]) => ({
    path,
    gzipBytes: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length,
  }));
  const total = sizes.reduce((sum, script) => sum + script.gzipBytes, 0);
  expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(firstLoadBudgetBytes);
});

// The detail page is left out: its reviews load after it has rendered, with their schema, on purpose.
for (const path of ['/', '/services', '/contact']) {
  test(`${path}: every script of the first load is named in the page, and sent compressed`, async ({
    page,
  }) => {
    const html = await (await page.request.get(path)).text();
    const named = new Set(
      [
        ...html.matchAll(
          /<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"/g,
        ),
      ].map((match) => match[1]),
    );
    const scripts = await firstLoadScripts(page, path);
    // Nothing is discovered late: the browser fetched each script beside the entry, not after running it.
    expect([...scripts.keys()].filter((script) => !named.has(script))).toEqual([]);
    expect(new Set([...scripts.values()].map((script) => script.encoding))).toEqual(new Set(['br']));
  });
}

/** The built web app's hashed files, which the journeys' server serves. */
const builtAssets = resolve(import.meta.dirname, '../../apps/web/dist/assets');

/** GET `url` accepting `encoding` only, with the body as sent (no client in between that would decode it). */
function fetchAsSent(url: string, encoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', fail);
    }).on('error', fail);
  });
}

test('the build writes a Brotli and a gzip copy of every script and stylesheet, and those are the bytes sent', async ({
  baseURL,
}) => {
  const texts = readdirSync(builtAssets).filter(
    (name) => /\.(js|css)$/.test(name) && statSync(join(builtAssets, name)).size >= 1024,
  );
  expect(texts.length).toBeGreaterThan(10);
  for (const name of texts) {
    const bytes = readFileSync(join(builtAssets, name));
    const brotli = readFileSync(join(builtAssets, `${name}.br`));
    const gzip = readFileSync(join(builtAssets, `${name}.gz`));
    expect(brotliDecompressSync(brotli).equals(bytes), `${name}.br`).toBe(true);
    expect(gunzipSync(gzip).equals(bytes), `${name}.gz`).toBe(true);
    // Not compressed again on the fly: the server sends the copy itself.
    for (const [encoding, copy] of [
      ['br', brotli],
      ['gzip', gzip],
    ] as const) {
      const sent = await fetchAsSent(`${baseURL}/assets/${name}`, encoding);
      expect(sent.headers['content-encoding'], name).toBe(encoding);
      expect(sent.body.equals(copy), `${name} sent ${encoding}`).toBe(true);
    }
  }
});

// The public pages' first paint comes from the page itself (docs/decisions/037): without any script, a visitor
// sees the hero, the services and a service's details.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its hero and the core services', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Technology expertise that moves your business forward' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Get Started Free' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Web Development' })).toBeVisible();
  });

  test('the services page lists the catalogue, and a service page shows its details', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book Consultation' })).toHaveCount(4);
    await expect(page.getByText('Loading services...')).toHaveCount(0);
    await page.goto('/services/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Web Development' })).toBeVisible();
  });
});

test('the app keeps where a visitor scrolled the first paint before it arrived', async ({ page }) => {
  await page.setViewportSize(viewports.mobile);
  // The app's script arrives late, as on a slow network: only once the visitor has scrolled.
  let scrolled = () => {};
  const hasScrolled = new Promise<void>((done) => {
    scrolled = done;
  });
  await page.route('**/assets/app-*.js', async (route) => {
    await hasScrolled;
    await route.continue();
  });
  const appArrived = page.waitForResponse(/\/assets\/app-.*\.js$/);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  scrolled();
  await appArrived;
  // The app has drawn over the page once the session is asked for.
  await page.waitForRequest(/\/api\/identity\/get-session/);
  // A wait on purpose: a frame in which a scroll reset would show.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
  expect(await page.evaluate(() => window.scrollY)).toBe(900);
});
