// The administration on PostgreSQL with 100,000 bookings: the statistics and the list's pages.
import { type AdminBookingsResponse, apiPaths, periodRange } from '@portal/domain';
import pg from 'pg';
import { verifiedAccount } from '../lib/accounts.ts';
import { withBenchDatabase } from '../lib/database.ts';
import { adminLatency } from '../lib/load.ts';
import { startProduct, stop } from '../lib/processes.ts';
import { businessTimeZone, connections, seconds } from '../lib/settings.ts';

export type AdminFigures = Awaited<ReturnType<typeof adminFigures>>;

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
      // Service N's consultant is the seed's of id N.
      `INSERT INTO bookings (user_id, service_id, consultant_id, status, project_description, urgency, preferred_contact,
                             starts_at, ends_at, blocked_until, hourly_rate, duration_minutes, total_cost, amount_cents, currency,
                             meeting_url, created_at, updated_at)
       SELECT 'bench-user-' || (1 + n % 500), 1 + n % 4, 1 + n % 4,
              (ARRAY['pending', 'confirmed', 'completed', 'cancelled'])[1 + (n * 7) % 4],
              'Benchmark booking: review the platform architecture.', 'normal', 'email',
              timestamptz '2024-01-01 16:00Z' + n * interval '1 hour',
              timestamptz '2024-01-01 17:00Z' + n * interval '1 hour',
              timestamptz '2024-01-01 17:00Z' + n * interval '1 hour',
              150, 60, 150, 15000, 'usd', 'https://meet.example.com/bench-' || n,
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

/** On a database of its own; undefined when PostgreSQL is not reachable. */
export function measureAdmin(dataDir: string): Promise<AdminFigures | undefined> {
  return withBenchDatabase((url) => adminFigures(url, dataDir));
}

function adminRows(admin: AdminFigures) {
  return [
    { name: `stats, quarter ${admin.quarter.startDate} – ${admin.quarter.endDate}`, figures: admin.stats },
    { name: 'list, first page of 50', figures: admin.firstPage },
    { name: 'list, page 101 of 50 (cursor)', figures: admin.deepPage },
    { name: 'list, completed of one service in the quarter, 50', figures: admin.filteredPage },
  ];
}

export function adminSection(admin: AdminFigures | undefined): string {
  return `## Administration on PostgreSQL with ${seededBookings.toLocaleString('en-US')} bookings

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
}`;
}
