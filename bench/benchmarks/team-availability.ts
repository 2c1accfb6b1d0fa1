// Availability of a service five consultants deliver, each with 200 active bookings in the horizon and a buffer,
// on PGlite and on PostgreSQL.
import {
  addDays,
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
import { consultants } from '../../apps/server/src/db/schema.ts';
import { seed } from '../../apps/server/src/modules/catalogue/catalogue.seed.ts';
import { businessTimeZone, connections } from '../lib/settings.ts';
import { type AvailabilityFigures, type BenchDatabase, measureDayAvailability } from './availability.ts';

const consultantCount = 5;
const bookingsEach = 200;
const bufferMinutes = 15;

/**
 * Service 1 delivered by five consultants (the seed's and four more), a 15-minute buffer, and 200 active bookings of
 * each in the horizon: each consultant's at the first slots clear of their own, one consultant starting a slot later
 * than the one before, so a day's slots are held by some and free for others.
 */
async function prepareTeam(options: BenchDatabase): Promise<string> {
  const handle = await openDatabase(options);
  try {
    await prepareDatabase(handle, seed);
    const schedule = { ...defaultSchedule, bufferMinutes };
    const now = new Date();
    const today = todayIn(businessTimeZone, now);
    const scheduleWithClosures: ScheduleWithClosures = { schedule, closures: [] };
    const { db } = handle;
    await db.execute(
      sql`INSERT INTO firm_schedule (id, schedule) VALUES (1, ${JSON.stringify(schedule)}::jsonb)
        ON CONFLICT (id) DO UPDATE SET schedule = excluded.schedule`,
    );
    await db.execute(sql`INSERT INTO users (id, name, email, email_verified, role, created_at, updated_at)
      VALUES ('bench-team-client', 'Bench', 'bench-team@example.com', true, 'client', now(), now())`);
    const ids: number[] = [1];
    for (let index = 2; index <= consultantCount; index++) {
      const [row] = await db
        .insert(consultants)
        .values({
          name: `Bench Consultant ${index}`,
          email: `bench-${index}@consultants.invalid`,
          title: 'Consultant',
        })
        .returning({ id: consultants.id });
      const id = row?.id ?? 0;
      await db.execute(sql`INSERT INTO consultant_services (consultant_id, service_id) VALUES (${id}, 1)`);
      ids.push(id);
    }
    let firstDay: string | undefined;
    for (const [offset, consultantId] of ids.entries()) {
      const held: { startsAt: Date; endsAt: Date; blockedUntil: Date }[] = [];
      let skip = offset;
      for (let day = 1; held.length < bookingsEach && day <= schedule.horizonDays; day++) {
        for (const slot of daySlots(addDays(today, day), {
          durationMinutes: 60,
          timeZone: businessTimeZone,
          now,
          scheduleWithClosures,
        })) {
          if (held.length === bookingsEach || !isClearOf(slot, held, bufferMinutes)) continue;
          if (skip > 0) {
            skip -= 1;
            continue;
          }
          const endsAt = new Date(slot.ends_at);
          held.push({
            startsAt: new Date(slot.starts_at),
            endsAt,
            blockedUntil: new Date(endsAt.getTime() + bufferMinutes * 60_000),
          });
        }
      }
      for (const booking of held) {
        await db.execute(sql`INSERT INTO bookings (user_id, service_id, consultant_id, status, project_description,
            urgency, preferred_contact, starts_at, ends_at, blocked_until, hourly_rate, duration_minutes, total_cost,
            amount_cents, currency, meeting_url)
          VALUES ('bench-team-client', 1, ${consultantId}, 'confirmed', 'Benchmark booking of a team.', 'normal',
            'email', ${booking.startsAt.toISOString()}, ${booking.endsAt.toISOString()},
            ${booking.blockedUntil.toISOString()}, 150, 60, 150, 15000, 'usd', 'https://meet.example.com/bench')`);
      }
      firstDay ??= held[0] ? zonedDate(held[0].startsAt, businessTimeZone) : undefined;
    }
    return firstDay ?? addDays(today, 1);
  } finally {
    await handle.close();
  }
}

/** On a booked day of the team's service. */
export const measureTeamAvailability = () => measureDayAvailability(prepareTeam);

export function teamAvailabilitySection(runs: AvailabilityFigures[]): string {
  return `## Availability of a team of consultants

Service 1 delivered by ${consultantCount} consultants, each with ${bookingsEach} active bookings in the horizon, a ${bufferMinutes}-minute
buffer. \`GET /api/services/1/availability\` for a booked day: the maximum rate (${connections} connections), then
p50/p99 at half of it (10 connections). Target: p99 ≤ 10 ms on both databases.

| database | day | max req/s | half rate | p50 ms | p99 ms |
|---|---|---|---|---|---|
${runs.map((run) => `| ${run.database} | ${run.date} | ${Math.round(run.maxRps)} | ${run.halfRate} | ${run.p50} | **${run.p99}** |`).join('\n')}`;
}
