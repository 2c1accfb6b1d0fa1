// Booking on PostgreSQL: 100 concurrent bookings of different slots, then a booked day's availability.
import { addDays, apiPaths, daySlots, todayIn, zonedDate } from '@portal/domain';
import { verifiedAccount } from '../lib/accounts.ts';
import { withBenchDatabase } from '../lib/database.ts';
import { latencyAtHalfRate, percentile } from '../lib/load.ts';
import { startProduct, stop } from '../lib/processes.ts';
import { businessTimeZone, connections } from '../lib/settings.ts';

export type BookingFigures = Awaited<ReturnType<typeof bookingFigures>>;

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

/** On a database of its own; undefined when PostgreSQL is not reachable. */
export function measureBooking(dataDir: string): Promise<BookingFigures | undefined> {
  return withBenchDatabase((url) => bookingFigures(url, dataDir));
}

export function bookingSection(booking: BookingFigures | undefined): string {
  return `## Booking on PostgreSQL

${
  booking
    ? `100 concurrent \`POST /api/bookings\` for 100 different slots: **${booking.created} created** in **${booking.totalMs.toFixed(0)} ms** in all (target: all within 2000 ms); per request p50 ${booking.bookingP50.toFixed(1)} ms, p99 ${booking.bookingP99.toFixed(1)} ms.

\`GET /api/services/1/availability\` for a weekday with bookings (${booking.availability.date}): maximum ${Math.round(booking.availability.maxRps)} req/s (${connections} connections); at half of it (${booking.availability.halfRate} req/s, 10 connections): p50 ${booking.availability.p50} ms, **p99 ${booking.availability.p99} ms** (target ≤ 10 ms).`
    : 'PostgreSQL was not reachable: not measured.'
}`;
}
