// GET /api/services, the portal against a bare node:http server returning the same bytes (lib/bare-server.ts), on
// PGlite and on PostgreSQL; and the portal's compressed answer to a browser.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withBenchDatabase } from '../lib/database.ts';
import { type Figures, load, median } from '../lib/load.ts';
import { start, stop } from '../lib/processes.ts';
import {
  barePort,
  browserEncodings,
  connections,
  productionEnv,
  productPort,
  rounds,
  seconds,
} from '../lib/settings.ts';
import { waitFor } from '../lib/wait-for.ts';

export type CatalogueFigures = Awaited<ReturnType<typeof catalogueThroughput>>;

async function catalogueThroughput(database: string, env: Record<string, string>) {
  const product = start(['apps/server/src/main.ts'], {
    ...productionEnv,
    PORT: String(productPort),
    HOST: '127.0.0.1',
    ...env,
  });
  const url = `http://127.0.0.1:${productPort}/api/services`;
  await waitFor(url);
  const bodyDir = mkdtempSync(join(tmpdir(), 'portal-bench-body-'));
  const bodyFile = join(bodyDir, 'services.json');
  writeFileSync(bodyFile, Buffer.from(await (await fetch(url)).arrayBuffer()));
  const bare = start(['bench/lib/bare-server.ts', bodyFile, String(barePort)], {});
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  await waitFor(bareUrl);

  await load(url); // warm-up, not counted
  await load(bareUrl);
  const productRuns: Figures[] = [];
  const bareRuns: Figures[] = [];
  const compressedRuns: Figures[] = [];
  for (let round = 0; round < rounds; round++) {
    productRuns.push(await load(url));
    bareRuns.push(await load(bareUrl));
    compressedRuns.push(await load(url, browserEncodings));
  }
  await Promise.all([stop(product), stop(bare)]);
  rmSync(bodyDir, { recursive: true, force: true });

  const productRps = median(productRuns.map((run) => run.requestsPerSecond));
  const bareRps = median(bareRuns.map((run) => run.requestsPerSecond));
  return {
    database,
    productRps,
    productP99: median(productRuns.map((run) => run.p99Ms)),
    bareRps,
    bareP99: median(bareRuns.map((run) => run.p99Ms)),
    ratio: productRps / bareRps,
    compressedRps: median(compressedRuns.map((run) => run.requestsPerSecond)),
    compressedP99: median(compressedRuns.map((run) => run.p99Ms)),
  };
}

/** On PGlite (its data in `dataDir`), then on PostgreSQL when it is reachable. */
export async function measureCatalogue(dataDir: string): Promise<CatalogueFigures[]> {
  const results = [];
  console.log(`GET /api/services: ${rounds} alternating rounds of ${seconds}s, ${connections} connections`);
  results.push(await catalogueThroughput('PGlite (embedded)', { DATA_DIR: dataDir }));
  const onPostgres = await withBenchDatabase((url) =>
    catalogueThroughput('PostgreSQL', { DATABASE_URL: url, DATA_DIR: dataDir }),
  );
  if (onPostgres) results.push(onPostgres);
  return results;
}

export function catalogueSection(results: CatalogueFigures[]): string {
  const table = results.map(
    (r) =>
      `| ${r.database} | ${Math.round(r.productRps)} | ${r.productP99.toFixed(1)} | ${Math.round(r.bareRps)} | ${r.bareP99.toFixed(1)} | ${r.ratio.toFixed(2)} | ${Math.round(r.compressedRps)} | ${r.compressedP99.toFixed(1)} |`,
  );
  return `## GET /api/services against a bare node:http server returning the same bytes

${rounds} alternating rounds of ${seconds} s each, ${connections} connections (autocannon, same machine); medians.
Targets: ratio ≥ 0.7 on PostgreSQL, ≥ 0.5 on PGlite. The ratio compares the same uncompressed bytes (no
Accept-Encoding); the last two columns are the portal's answer to a browser's \`Accept-Encoding: ${browserEncodings['accept-encoding']}\`
(Brotli, compressed once per version of the catalogue).

| database | portal req/s | portal p99 ms | bare req/s | bare p99 ms | ratio | portal req/s, br | p99 ms, br |
|---|---|---|---|---|---|---|---|
${table.join('\n')}`;
}
