// Availability in a realistic schedule (two opening ranges a weekday, a buffer, closed days, 200 bookings), on
// PGlite and on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addDays,
  apiPaths,
  daySlots,
  defaultSchedule,
  isClearOf,
  type ScheduleWithClosures,
  todayIn,
  zonedDate,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { prepareDatabase } from '../../apps/server/src/db/prepare.ts';
import { seed } from '../../apps/server/src/modules/catalogue/catalogue.seed.ts';
import { withBenchDatabase } from '../lib/database.ts';
import { latencyAtHalfRate } from '../lib/load.ts';
import { start, stop } from '../lib/processes.ts';
import { businessTimeZone, connections, productionEnv, productPort } from '../lib/settings.ts';
import { waitFor } from '../lib/wait-for.ts';

export type AvailabilityFigures = Awaited<ReturnType<typeof dayAvailability>>;

/**
 * A realistic schedule: two opening ranges a weekday (09:00-12:00, 13:00-17:00), a 15-minute buffer, 10 closed days
 * over the horizon, and 200 active bookings of service 1 in it; written before the server starts (the embedded
 * database belongs to one process), through the server's own migrations and seed.
 */
async function prepareSchedule(options: BenchDatabase): Promise<string> {
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
      VALUES ('bench-schedule-client', 'Bench', 'bench-schedule@example.com', true, 'client', now(), now())`);
    for (const booking of held) {
      // Service 1's consultant is the seed's of id 1.
      await db.execute(sql`INSERT INTO bookings (user_id, service_id, consultant_id, status, project_description,
          urgency, preferred_contact, starts_at, ends_at, blocked_until, hourly_rate, duration_minutes, total_cost,
          amount_cents, currency, meeting_url)
        VALUES ('bench-schedule-client', 1, 1, 'confirmed', 'Benchmark booking in a realistic schedule.', 'normal',
          'email', ${booking.startsAt.toISOString()}, ${booking.endsAt.toISOString()},
          ${booking.blockedUntil.toISOString()}, 150, 60, 150, 15000, 'usd', 'https://meet.example.com/bench')`);
    }
    return zonedDate(held[0]?.startsAt ?? now, businessTimeZone);
  } finally {
    await handle.close();
  }
}

/** Where a benchmark's database is: PostgreSQL's URL, or the embedded one's DATA_DIR. */
export type BenchDatabase = { url: string } | { dataDir: string };

/**
 * Availability of service 1 on the booked day `prepare` returns, once it filled the database: the maximum rate,
 * then p50/p99 at half of it.
 */
async function dayAvailability(
  prepare: (database: BenchDatabase) => Promise<string>,
  database: string,
  databaseUrl?: string,
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-availability-'));
  const date = await prepare(databaseUrl ? { url: databaseUrl } : { dataDir });
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

/** `dayAvailability` on PGlite, then on PostgreSQL when it is reachable. */
export async function measureDayAvailability(
  prepare: (database: BenchDatabase) => Promise<string>,
): Promise<AvailabilityFigures[]> {
  const runs = [await dayAvailability(prepare, 'PGlite (embedded)')];
  const onPostgres = await withBenchDatabase((url) => dayAvailability(prepare, 'PostgreSQL', url));
  if (onPostgres) runs.push(onPostgres);
  return runs;
}

/** In the realistic schedule. */
export const measureAvailability = () => measureDayAvailability(prepareSchedule);

export function availabilitySection(scheduleRuns: AvailabilityFigures[]): string {
  return `## Availability in a realistic schedule

Two opening ranges a weekday (09:00-12:00, 13:00-17:00), a 15-minute buffer, 10 closed days and 200 active bookings
in the horizon. \`GET /api/services/1/availability\` for a booked day: the maximum rate (${connections} connections),
then p50/p99 at half of it (10 connections). Target: p99 ≤ 10 ms on both databases.

| database | day | max req/s | half rate | p50 ms | p99 ms |
|---|---|---|---|---|---|
${scheduleRuns.map((run) => `| ${run.database} | ${run.date} | ${Math.round(run.maxRps)} | ${run.halfRate} | ${run.p50} | **${run.p99}** |`).join('\n')}`;
}
