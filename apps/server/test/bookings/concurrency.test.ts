// The no-double-booking proof: many clients at once for one slot, over real HTTP, against PostgreSQL. PGlite runs
// one transaction at a time, so there the same claim proves nothing: this file runs in server-postgres only.
import type { AddressInfo } from 'node:net';
import { bookingMessages, defaultBusinessTimeZone, zonedInstant } from '@portal/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings } from '../../src/db/schema.ts';
import { appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp, testDriver } from '../helpers/build-test-app.ts';
import { type Client, dayAllocator, signedInClient } from './clients.ts';

const rounds = 10;
const requestsPerRound = 50;
const clientCount = 10;

describe.skipIf(testDriver !== 'postgres')('POST /api/bookings under concurrency (PostgreSQL)', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const clients: Client[] = [];
  const nextDay = dayAllocator(30);

  beforeAll(async () => {
    testApp = await buildTestApp();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    for (let index = 0; index < clientCount; index += 1) {
      clients.push(await signedInClient(testApp, `racer${index}@bookings.test`));
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it(`lets exactly one of ${requestsPerRound} simultaneous requests for a slot win, ${rounds} times over`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = nextDay();
      const startsAt = zonedInstant(date, 10 * 60, defaultBusinessTimeZone)?.toISOString();
      const payload = JSON.stringify({
        serviceId: 1,
        projectDescription: `Round ${round}: everyone wants this slot at once.`,
        startsAt,
      });
      const responses = await Promise.all(
        Array.from({ length: requestsPerRound }, async (_, index) => {
          const client = clients[index % clientCount] as Client;
          const response = await fetch(`${baseUrl}/api/bookings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: client.cookie, origin: appUrl },
            body: payload,
          });
          return { status: response.status, body: (await response.json()) as { message?: string } };
        }),
      );
      const statuses = responses.map((response) => response.status);
      expect(
        statuses.filter((status) => status === 201),
        `round ${round}`,
      ).toHaveLength(1);
      expect(
        statuses.filter((status) => status === 409),
        `round ${round}: ${statuses}`,
      ).toHaveLength(requestsPerRound - 1);
      for (const response of responses.filter((item) => item.status === 409)) {
        expect(response.body).toEqual({ message: bookingMessages.slotTaken });
      }

      const stored = await testApp.app.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.startsAt, new Date(startsAt ?? '')),
            inArray(bookings.status, ['pending', 'confirmed']),
          ),
        );
      expect(stored).toHaveLength(1);
    }
    // Every booking made has its creation event, and nothing else was written.
    const [counts] = await testApp.app.db
      .select({
        bookings: sql<number>`(select count(*)::int from ${bookings})`,
        events: sql<number>`(select count(*)::int from ${bookingEvents})`,
      })
      .from(sql`(select 1) as one`);
    expect(counts).toEqual({ bookings: rounds, events: rounds });
  });
});
