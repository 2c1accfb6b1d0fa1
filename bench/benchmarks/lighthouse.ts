// Lighthouse 12 on the public pages, mobile (its default: a mid-range phone on simulated slow 4G) and desktop, with
// Debian's Chromium. `npm run bench` records the figures in bench/RESULTS.md; `node bench/benchmarks/lighthouse.ts`
// (after `npm run build`) measures only these, on a fresh server started as `npm start` starts it, and prints them.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '@portal/domain';
import { launch } from 'chrome-launcher';
import lighthouse, { type Config, desktopConfig } from 'lighthouse';
import { chromiumPath } from '../../scripts/chromium.ts';
import { lighthousePort, root } from '../lib/settings.ts';
import { waitFor } from '../lib/wait-for.ts';

export type FormFactor = 'mobile' | 'desktop';

export interface PageFigures {
  path: string;
  formFactor: FormFactor;
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Script bytes as sent (compressed), from Lighthouse's resource summary. */
  scriptKb: number;
}

/** The home page, the services list and one service's detail page. */
export const lighthousePaths = [paths.home, paths.services, paths.service(1)];

const configs: Record<FormFactor, Config | undefined> = { mobile: undefined, desktop: desktopConfig };

/** Runs Lighthouse's performance category on each path under `origin`, mobile then desktop. */
export async function lighthouseFigures(origin: string): Promise<PageFigures[]> {
  // Only these flags: with the test browsers' others (--disable-gpu among them) Lighthouse records no trace.
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', '--no-sandbox'] });
  const figures: PageFigures[] = [];
  try {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const path of lighthousePaths) {
        const run = () =>
          lighthouse(
            `${origin}${path}`,
            { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] },
            configs[formFactor],
          );
        let result = await run();
        // Now and then Chromium's trace misses the navigation's start; Lighthouse's own advice is to run it again.
        if (result?.lhr.runtimeError?.code === 'NO_NAVSTART') result = await run();
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const summary = lhr.audits['resource-summary']?.details;
        const items = summary && 'items' in summary ? summary.items : [];
        const scripts = items.find((item: { resourceType?: unknown }) => item.resourceType === 'script');
        figures.push({
          path,
          formFactor,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: audit('largest-contentful-paint'),
          cls: audit('cumulative-layout-shift'),
          tbtMs: audit('total-blocking-time'),
          scriptKb: Number(scripts?.transferSize ?? 0) / 1024,
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

/** The figures as a Markdown table. */
export function lighthouseTable(figures: PageFigures[]): string {
  const rows = figures.map(
    (page) =>
      `| ${page.path} | ${page.formFactor} | **${page.score}** | ${(page.lcpMs / 1000).toFixed(2)} | ${page.cls.toFixed(3)} | ${Math.round(page.tbtMs)} | ${page.scriptKb.toFixed(1)} |`,
  );
  return [
    '| page | preset | score | LCP s | CLS | TBT ms | scripts KiB sent |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/**
 * Starts the product as `npm start` starts it (production needs an https address, which a browser talking to
 * 127.0.0.1 cannot follow) on a fresh embedded database, measures, and stops it.
 */
export async function measureFreshStart(port: number): Promise<PageFigures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  const product: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(`${origin}/api/health`);
    return await lighthouseFigures(origin);
  } finally {
    if (product.exitCode === null && product.signalCode === null) {
      const exited = new Promise((done) => product.once('exit', done));
      product.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function lighthouseSection(pages: PageFigures[]): string {
  return `## Public pages in Lighthouse 12

Lighthouse's performance category with Debian's Chromium on a fresh \`npm start\`: mobile (its default: a mid-range
phone on simulated slow 4G) and desktop. Targets: mobile ≥ 95 and desktop 100, CLS ≤ 0.02, LCP ≤ 2.0 s on mobile.
The machine is shared, so scores move by a few points between runs (TBT most).

${lighthouseTable(pages)}`;
}

if (import.meta.main) {
  // `node bench/benchmarks/lighthouse.ts [origin]`: a server already running at origin, or a fresh one.
  const origin = process.argv[2];
  const figures = origin ? await lighthouseFigures(origin) : await measureFreshStart(lighthousePort);
  console.log(lighthouseTable(figures));
}
