// `npm run bench`: prints figures and writes bench/RESULTS.md; it asserts nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import {
  type AdminBookingsResponse,
  addDays,
  apiPaths,
  daySlots,
  defaultSchedule,
  isClearOf,
  periodRange,
  type ScheduleWithClosures,
  todayIn,
  zonedDate,
} from '@portal/domain';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';
import { seed } from '../apps/server/src/modules/catalogue/catalogue.seed.ts';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.ts';
import { lighthouseTable, measureFreshStart } from './lighthouse.ts';
import { waitFor } from './wait-for.ts';

const root = resolve(import.meta.dirname, '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 50;
const adminDatabaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const productPort = 4500;
const barePort = 4501;
const lighthousePort = 4502;
/** What browsers send: the catalogue then goes out compressed (once per version, docs/decisions/038). */
const browserEncodings = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** Production settings: the public address is https (behind a TLS proxy); the benchmark talks to the local port. */
const productionEnv = {
  NODE_ENV: 'production',
  AUTH_SECRET: randomBytes(32).toString('hex'),
  APP_URL: 'https://portal.bench.example',
};
const businessTimeZone = 'America/Phoenix';

type Figures = { requestsPerSecond: number; p99Ms: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  // A server that could not start (its port taken by a leftover) must not be measured in its place.
  child.once('exit', (code) => {
    if (code !== 0 && code !== null) {
      console.error(`${args.join(' ')} exited with ${code}`);
      process.exit(1);
    }
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

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
  const bare = start(['bench/bare-server.ts', bodyFile, String(barePort)], {});
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

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/**
 * POSTs JSON as an API client does: Node's fetch adds the browser's Sec-Fetch-* headers, which make the accounts
 * service treat the request as a browser's (no bearer token for it), so this goes through node:http.
 */
function postAsApiClient(url: string, body: object): Promise<{ status: number; headers: Headers }> {
  return new Promise((done, fail) => {
    const outgoing = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (answer) => {
        answer.resume();
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        answer.on('end', () => done({ status: answer.statusCode ?? 0, headers }));
      },
    );
    outgoing.on('error', fail);
    outgoing.end(JSON.stringify(body));
  });
}

/**
 * A verified account with a completed profile, signed in with a bearer token. Verified (and given its role) in the
 * database: production has no dev mailbox.
 */
async function verifiedAccount(
  base: string,
  databaseUrl: string,
  email: string,
  role: 'client' | 'admin',
): Promise<string> {
  const password = 'bench-Password-2026';
  // Signed up as the portal's page does; signed in as an API client, which gets the signed bearer token.
  const json = { 'content-type': 'application/json' };
  const signUp = await fetch(`${base}${apiPaths.accounts.signUp}`, {
    method: 'POST',
    headers: { ...json, origin: productionEnv.APP_URL },
    body: JSON.stringify({ email, password }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  await database.query('UPDATE users SET email_verified = true, role = $2 WHERE email = $1', [email, role]);
  await database.end();
  const signIn = await postAsApiClient(`${base}${apiPaths.accounts.signIn}`, { email, password });
  const token = signIn.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
  const profile = await fetch(`${base}${apiPaths.accounts.profile}`, {
    method: 'PUT',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ firstName: 'Bench', lastName: role === 'admin' ? 'Admin' : 'Client' }),
  });
  if (!profile.ok) throw new Error(`profile failed: ${profile.status} ${await profile.text()}`);
  return token;
}

/** The product in production mode on a PostgreSQL database; stop it with stop(). */
async function startProduct(databaseUrl: string, dataDir: string) {
  const origin = `http://127.0.0.1:${productPort}`;
  const product = start(['apps/server/src/main.ts'], {
    ...productionEnv,
    PORT: String(productPort),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // One client books 100 slots at once: the fair-use limits (5 pending, 60 writes a minute) would refuse most.
    MAX_PENDING_BOOKINGS_PER_CLIENT: '1000',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
  });
  await waitFor(`${origin}/api/health`);
  return { origin, product };
}

/** One client's requests back to back (one administrator at a time), for `seconds`: p50/p99. */
async function sequentialLatency(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, headers, connections: 1, duration: seconds });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99 };
}

/** The maximum rate of a GET (${connections} connections) and its latency one request at a time. */
async function adminLatency(url: string, headers: Record<string, string>) {
  await load(url, headers); // warm-up
  const maximum = await load(url, headers);
  return { maxRps: maximum.requestsPerSecond, ...(await sequentialLatency(url, headers)) };
}

/** The maximum rate of a GET, then its latency at half of that rate (10 connections). */
async function latencyAtHalfRate(url: string, headers: Record<string, string> = {}) {
  await load(url, headers); // warm-up
  const maximum = await load(url, headers);
  const halfRate = Math.round(maximum.requestsPerSecond / 2);
  const atHalf = await autocannon({
    url,
    headers,
    connections: 10,
    duration: seconds,
    overallRate: halfRate,
  });
  if (atHalf.non2xx || atHalf.errors)
    throw new Error(`${url}: ${atHalf.non2xx} non-2xx, ${atHalf.errors} errors`);
  return { maxRps: maximum.requestsPerSecond, halfRate, p50: atHalf.latency.p50, p99: atHalf.latency.p99 };
}

/** Booking creation under concurrency and a day's availability, on PostgreSQL (its targets are in the report). */
async function bookingFigures(databaseUrl: string, dataDir: string) {
  const { origin, product } = await startProduct(databaseUrl, dataDir);
  try {
    const token = await verifiedAccount(origin, databaseUrl, `bench-${process.pid}@example.com`, 'client');
    const json = { 'content-type': 'application/json' };

    // 100 slots of service 1 (60 minutes) that do not overlap, over the coming weekdays.
    const now = new Date();
    const slots: string[] = [];
    for (let day = 1; slots.length < 100; day++) {
      let freeFrom = 0;
      for (const slot of daySlots(addDays(todayIn(businessTimeZone, now), day), {
        durationMinutes: 60,
        timeZone: businessTimeZone,
        now,
      })) {
        if (Date.parse(slot.starts_at) < freeFrom || slots.length === 100) continue;
        slots.push(slot.starts_at);
        freeFrom = Date.parse(slot.ends_at);
      }
    }
    const startedAt = performance.now();
    const answers = await Promise.all(
      slots.map(async (startsAt) => {
        const sent = performance.now();
        const response = await fetch(`${origin}${apiPaths.bookings.create}`, {
          method: 'POST',
          headers: { ...json, authorization: `Bearer ${token}` },
          body: JSON.stringify({
            serviceId: 1,
            startsAt,
            projectDescription: 'Benchmark booking: review our web platform architecture.',
          }),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - sent };
      }),
    );
    const totalMs = performance.now() - startedAt;
    const bookingMs = answers.map((answer) => answer.ms).sort((a, b) => a - b);

    // The first day just booked (a weekday with bookings, never an empty weekend): the maximum rate, then p50/p99
    // at half of it.
    const bookedDay = zonedDate(new Date(slots[0] ?? now), businessTimeZone);
    const availability = await latencyAtHalfRate(
      `${origin}${apiPaths.bookings.availability(1)}?date=${bookedDay}`,
    );
    return {
      created: answers.filter((answer) => answer.status === 201).length,
      totalMs,
      bookingP50: percentile(bookingMs, 0.5),
      bookingP99: percentile(bookingMs, 0.99),
      availability: { date: bookedDay, ...availability },
    };
  } finally {
    await stop(product);
  }
}

/**
 * A realistic calendar: two opening ranges a weekday (09:00-12:00, 13:00-17:00), a 15-minute buffer, 10 closed days
 * over the horizon, and 200 active bookings of service 1 in it; written before the server starts (the embedded
 * database belongs to one process), through the server's own migrations and seed.
 */
async function prepareCalendar(options: { url: string } | { dataDir: string }): Promise<string> {
  const handle = await openDatabase(options);
  try {
    await prepareDatabase(handle, seed);
    const twoRanges = [
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ];
    const schedule = {
      ...defaultSchedule,
      weeklyHours: {
        ...defaultSchedule.weeklyHours,
        monday: twoRanges,
        tuesday: twoRanges,
        wednesday: twoRanges,
        thursday: twoRanges,
        friday: twoRanges,
      },
      bufferMinutes: 15,
    };
    const now = new Date();
    const today = todayIn(businessTimeZone, now);
    const closures = Array.from({ length: 10 }, (_, index) => {
      const day = addDays(today, 7 + index * 8);
      return { startDate: day, endDate: day, reason: 'Holiday' };
    });
    const scheduleWithClosures: ScheduleWithClosures = { schedule, closures };
    // 200 bookings, each at the first slot clear of the ones before it (the buffer kept), day after day.
    const held: { startsAt: Date; blockedUntil: Date; endsAt: Date }[] = [];
    for (let day = 1; held.length < 200 && day <= schedule.horizonDays; day++) {
      for (const slot of daySlots(addDays(today, day), {
        durationMinutes: 60,
        timeZone: businessTimeZone,
        now,
        scheduleWithClosures,
      })) {
        if (held.length === 200 || !isClearOf(slot, held, schedule.bufferMinutes)) continue;
        const endsAt = new Date(slot.ends_at);
        held.push({
          startsAt: new Date(slot.starts_at),
          endsAt,
          blockedUntil: new Date(endsAt.getTime() + 15 * 60_000),
        });
      }
    }
    const { db } = handle;
    await db.execute(
      sql`INSERT INTO firm_schedule (id, schedule) VALUES (1, ${JSON.stringify(schedule)}::jsonb)`,
    );
    for (const closure of closures) {
      await db.execute(
        sql`INSERT INTO closures (start_date, end_date, reason) VALUES (${closure.startDate}, ${closure.endDate}, ${closure.reason})`,
      );
    }
    await db.execute(sql`INSERT INTO users (id, name, email, email_verified, role, created_at, updated_at)
      VALUES ('bench-calendar-client', 'Bench', 'bench-calendar@example.com', true, 'client', now(), now())`);
    for (const booking of held) {
      await db.execute(sql`INSERT INTO bookings (user_id, service_id, status, project_description, urgency,
          preferred_contact, starts_at, ends_at, blocked_until, hourly_rate, duration_minutes, total_cost)
        VALUES ('bench-calendar-client', 1, 'confirmed', 'Benchmark booking in a realistic calendar.', 'normal',
          'email', ${booking.startsAt.toISOString()}, ${booking.endsAt.toISOString()},
          ${booking.blockedUntil.toISOString()}, 150, 60, 150)`);
    }
    return zonedDate(held[0]?.startsAt ?? now, businessTimeZone);
  } finally {
    await handle.close();
  }
}

/** Availability of a booked day in the realistic calendar: the maximum rate, then p50/p99 at half of it. */
async function calendarAvailability(database: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-calendar-'));
  const date = await prepareCalendar(databaseUrl ? { url: databaseUrl } : { dataDir });
  const product = start(['apps/server/src/main.ts'], {
    ...productionEnv,
    PORT: String(productPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const origin = `http://127.0.0.1:${productPort}`;
    await waitFor(`${origin}/api/health`);
    return {
      database,
      date,
      ...(await latencyAtHalfRate(`${origin}${apiPaths.bookings.availability(1)}?date=${date}`)),
    };
  } finally {
    await stop(product);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const seededBookings = 100_000;

/**
 * 100,000 bookings by 500 clients over the last two years, every status, four services; one hour apart so that
 * active ones never overlap. Written with SQL directly: the API would take minutes to make them.
 */
async function seedBookings(databaseUrl: string): Promise<void> {
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    await database.query(`
      INSERT INTO users (id, name, email, email_verified, role, created_at, updated_at)
      SELECT 'bench-user-' || n, 'Bench Client ' || n, 'bench-client-' || n || '@example.com', true, 'client',
             now() - (n * interval '1 day'), now()
      FROM generate_series(1, 500) AS n`);
    await database.query(`
      INSERT INTO user_profiles (user_id, first_name, last_name)
      SELECT 'bench-user-' || n, 'Bench', 'Client ' || n FROM generate_series(1, 500) AS n`);
    await database.query(
      `INSERT INTO bookings (user_id, service_id, status, project_description, urgency, preferred_contact,
                             starts_at, ends_at, blocked_until, hourly_rate, duration_minutes, total_cost, created_at, updated_at)
       SELECT 'bench-user-' || (1 + n % 500), 1 + n % 4,
              (ARRAY['pending', 'confirmed', 'completed', 'cancelled'])[1 + (n * 7) % 4],
              'Benchmark booking: review the platform architecture.', 'normal', 'email',
              timestamptz '2024-01-01 16:00Z' + n * interval '1 hour',
              timestamptz '2024-01-01 17:00Z' + n * interval '1 hour',
              timestamptz '2024-01-01 17:00Z' + n * interval '1 hour',
              150, 60, 150,
              now() - (n % 730) * interval '1 day' - (n % 1440) * interval '1 minute', now()
       FROM generate_series(1, $1::int) AS n`,
      [seededBookings],
    );
    // Index-only scans need the visibility map that VACUUM writes.
    await database.query('VACUUM ANALYZE');
  } finally {
    await database.end();
  }
}

/** The admin statistics and list over 100,000 bookings on PostgreSQL (its targets are in the report). */
async function adminFigures(databaseUrl: string, dataDir: string) {
  const { origin, product } = await startProduct(databaseUrl, dataDir);
  try {
    const token = await verifiedAccount(
      origin,
      databaseUrl,
      `bench-admin-${process.pid}@example.com`,
      'admin',
    );
    await seedBookings(databaseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const quarter = periodRange('quarter', new Date(), businessTimeZone);
    const range = `startDate=${quarter.startDate}&endDate=${quarter.endDate}`;
    const stats = await adminLatency(`${origin}${apiPaths.admin.stats}?${range}`, headers);
    const firstPage = await adminLatency(`${origin}${apiPaths.admin.all}?limit=50`, headers);
    // A page deep in the list: the cursor after 100 pages of 50.
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const url: string = `${origin}${apiPaths.admin.all}?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer = (await (await fetch(url, { headers })).json()) as AdminBookingsResponse;
      cursor = answer.nextCursor;
      if (!cursor) throw new Error(`the list ended after ${page + 1} pages`);
    }
    const deepPage = await adminLatency(
      `${origin}${apiPaths.admin.all}?limit=50&cursor=${encodeURIComponent(cursor ?? '')}`,
      headers,
    );
    const filteredPage = await adminLatency(
      `${origin}${apiPaths.admin.all}?limit=50&status=completed&serviceId=2&${range}`,
      headers,
    );
    return { quarter, stats, firstPage, deepPage, filteredPage };
  } finally {
    await stop(product);
  }
}

async function withBenchDatabase<T>(work: (databaseUrl: string) => Promise<T>): Promise<T | undefined> {
  const name = `portal_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${adminDatabaseUrl} (${(error as Error).message}); skipped.`);
    return undefined;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminDatabaseUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Every script the browser fetches to show the home page, gzipped as a server would send it. */
async function homeFirstLoadJs(dataDir: string) {
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

function adminRows(admin: Awaited<ReturnType<typeof adminFigures>>) {
  return [
    { name: `stats, quarter ${admin.quarter.startDate} – ${admin.quarter.endDate}`, figures: admin.stats },
    { name: 'list, first page of 50', figures: admin.firstPage },
    { name: 'list, page 101 of 50 (cursor)', figures: admin.deepPage },
    { name: 'list, completed of one service in the quarter, 50', figures: admin.filteredPage },
  ];
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const results = [];
console.log(`GET /api/services: ${rounds} alternating rounds of ${seconds}s, ${connections} connections`);
results.push(await catalogueThroughput('PGlite (embedded)', { DATA_DIR: dataDir }));
const onPostgres = await withBenchDatabase((url) =>
  catalogueThroughput('PostgreSQL', { DATABASE_URL: url, DATA_DIR: dataDir }),
);
if (onPostgres) results.push(onPostgres);
const booking = await withBenchDatabase((url) => bookingFigures(url, dataDir));
const admin = await withBenchDatabase((url) => adminFigures(url, dataDir));
const calendarRuns = [await calendarAvailability('PGlite (embedded)')];
const calendarOnPostgres = await withBenchDatabase((url) => calendarAvailability('PostgreSQL', url));
if (calendarOnPostgres) calendarRuns.push(calendarOnPostgres);
const firstLoad = await homeFirstLoadJs(dataDir);
console.log('Lighthouse: /, /services, /services/1, mobile and desktop');
const pages = await measureFreshStart(lighthousePort);
rmSync(dataDir, { recursive: true, force: true });

const table = results.map(
  (r) =>
    `| ${r.database} | ${Math.round(r.productRps)} | ${r.productP99.toFixed(1)} | ${Math.round(r.bareRps)} | ${r.bareP99.toFixed(1)} | ${r.ratio.toFixed(2)} | ${Math.round(r.compressedRps)} | ${r.compressedP99.toFixed(1)} |`,
);
const report = `# Benchmark results

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, by \`npm run bench\`.

## GET /api/services against a bare node:http server returning the same bytes

${rounds} alternating rounds of ${seconds} s each, ${connections} connections (autocannon, same machine); medians.
Targets: ratio ≥ 0.7 on PostgreSQL, ≥ 0.5 on PGlite. The ratio compares the same uncompressed bytes (no
Accept-Encoding); the last two columns are the portal's answer to a browser's \`Accept-Encoding: ${browserEncodings['accept-encoding']}\`
(Brotli, compressed once per version of the catalogue).

| database | portal req/s | portal p99 ms | bare req/s | bare p99 ms | ratio | portal req/s, br | p99 ms, br |
|---|---|---|---|---|---|---|---|
${table.join('\n')}

## Booking on PostgreSQL

${
  booking
    ? `100 concurrent \`POST /api/bookings\` for 100 different slots: **${booking.created} created** in **${booking.totalMs.toFixed(0)} ms** in all (target: all within 2000 ms); per request p50 ${booking.bookingP50.toFixed(1)} ms, p99 ${booking.bookingP99.toFixed(1)} ms.

\`GET /api/services/1/availability\` for a weekday with bookings (${booking.availability.date}): maximum ${Math.round(booking.availability.maxRps)} req/s (${connections} connections); at half of it (${booking.availability.halfRate} req/s, 10 connections): p50 ${booking.availability.p50} ms, **p99 ${booking.availability.p99} ms** (target ≤ 10 ms).`
    : 'PostgreSQL was not reachable: not measured.'
}

## Availability in a realistic calendar

Two opening ranges a weekday (09:00-12:00, 13:00-17:00), a 15-minute buffer, 10 closed days and 200 active bookings
in the horizon. \`GET /api/services/1/availability\` for a booked day: the maximum rate (${connections} connections),
then p50/p99 at half of it (10 connections). Target: p99 ≤ 10 ms on both databases.

| database | day | max req/s | half rate | p50 ms | p99 ms |
|---|---|---|---|---|---|
${calendarRuns.map((run) => `| ${run.database} | ${run.date} | ${Math.round(run.maxRps)} | ${run.halfRate} | ${run.p50} | **${run.p99}** |`).join('\n')}

## Administration on PostgreSQL with ${seededBookings.toLocaleString('en-US')} bookings

${
  admin
    ? `Each endpoint: its maximum rate (${connections} connections), and p50/p99 of one administrator's requests back to
back (1 connection, ${seconds} s): the dashboard's load is a few administrators, not a crowd.
Targets: stats over a quarter p99 ≤ 50 ms; a page of 50 bookings p99 ≤ 30 ms.

| request | max req/s | p50 ms | p99 ms |
|---|---|---|---|
${adminRows(admin)
  .map(
    (row) =>
      `| ${row.name} | ${Math.round(row.figures.maxRps)} | ${row.figures.p50} | **${row.figures.p99}** |`,
  )
  .join('\n')}`
    : 'PostgreSQL was not reachable: not measured.'
}

## Public pages in Lighthouse 12

Lighthouse's performance category with Debian's Chromium on a fresh \`npm start\`: mobile (its default: a mid-range
phone on simulated slow 4G) and desktop. Targets: mobile ≥ 95 and desktop 100, CLS ≤ 0.02, LCP ≤ 2.0 s on mobile.
The machine is shared, so scores move by a few points between runs (TBT most).

${lighthouseTable(pages)}

## Home page first-load JavaScript (gzip)

Budget ≤ 100 kB, a kilobyte being 1,000 bytes (docs/decisions/035; checked by e2e/tests/performance.spec.ts).
Gzipped at level 9, as the build's .gz copies are. Total: **${(firstLoad.gzipBytes / 1000).toFixed(1)} kB** gzipped
(${(firstLoad.gzipBytes / 1024).toFixed(1)} KiB).

| script | raw kB | gzip kB |
|---|---|---|
${firstLoad.files.map((file) => `| ${file.path} | ${(file.rawBytes / 1000).toFixed(1)} | ${(file.gzipBytes / 1000).toFixed(1)} |`).join('\n')}
`;
writeFileSync(join(root, 'bench/RESULTS.md'), report);
console.log(report);
