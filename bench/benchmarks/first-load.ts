// The home page's first-load JavaScript: every script the browser fetches to show it, gzipped as a server sends it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';
import { start, stop } from '../lib/processes.ts';
import { productionEnv, productPort, root } from '../lib/settings.ts';
import { waitFor } from '../lib/wait-for.ts';

export type FirstLoadFigures = Awaited<ReturnType<typeof measureFirstLoad>>;

/** Every script the browser fetches to show the home page, gzipped as a server would send it. */
export async function measureFirstLoad(dataDir: string) {
  const product = start(['apps/server/src/main.ts'], {
    ...productionEnv,
    PORT: String(productPort),
    DATA_DIR: dataDir,
  });
  await waitFor(`http://127.0.0.1:${productPort}/api/health`);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(`http://127.0.0.1:${productPort}/`, { waitUntil: 'networkidle' });
  await browser.close();
  await stop(product);
  const files = [...scripts].map((path) => {
    const bytes = readFileSync(join(root, 'apps/web/dist', path));
    // Gzipped as the build's .gz copies are (what a browser that accepts gzip only is sent).
    const gzipped = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
    return { path, rawBytes: bytes.length, gzipBytes: gzipped.length };
  });
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

export function firstLoadSection(firstLoad: FirstLoadFigures): string {
  return `## Home page first-load JavaScript (gzip)

Budget ≤ 100 kB, a kilobyte being 1,000 bytes (docs/decisions/035; checked by e2e/tests/performance.spec.ts).
Gzipped at level 9, as the build's .gz copies are. Total: **${(firstLoad.gzipBytes / 1000).toFixed(1)} kB** gzipped
(${(firstLoad.gzipBytes / 1024).toFixed(1)} KiB).

| script | raw kB | gzip kB |
|---|---|---|
${firstLoad.files.map((file) => `| ${file.path} | ${(file.rawBytes / 1000).toFixed(1)} | ${(file.gzipBytes / 1000).toFixed(1)} |`).join('\n')}`;
}
