// The no-double-booking proof: many clients at once for one slot, over real HTTP, against PostgreSQL. PGlite runs
// one transaction at a time, so there the same claim proves nothing: this file runs in server-postgres only.
import type { AddressInfo } from 'node:net';
import { bookingErrorCodes, bookingMessages, defaultBusinessTimeZone, zonedInstant } from '@portal/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { bookingEvents, bookings } from '../../src/db/schema.ts';
import { lockConsultantDays } from '../../src/modules/bookings/held-times.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { api, appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp, testDriver } from '../helpers/build-test-app.ts';
import { type Client, dayAllocator, postBooking, raceLimits, signedInClient } from './clients.ts';

const rounds = 10;

/** Listens on a free port of 127.0.0.1; answers the base URL. */
async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
const requestsPerRound = 50;
const clientCount = 10;

describe.skipIf(testDriver !== 'postgres')('POST /api/bookings under concurrency (PostgreSQL)', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const clients: Client[] = [];
  // Within the 90-day booking horizon: ten rounds take two weeks of weekdays from six weeks ahead.
  const nextDay = dayAllocator(6);

  beforeAll(async () => {
    // Each racer sends 50 bookings and may win several rounds: the fair-use limits are not what this proves.
    testApp = await buildTestApp({
      env: { ...raceLimits, MAX_PENDING_BOOKINGS_PER_CLIENT: '1000' },
    });
    baseUrl = await listen(testApp.app);
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

describe.skipIf(testDriver !== 'postgres')('the pending limit under concurrency (PostgreSQL)', () => {
  const maxPending = 5;
  const simultaneous = 20;
  let testApp: TestApp;
  let baseUrl: string;
  const nextDay = dayAllocator(9);

  beforeAll(async () => {
    testApp = await buildTestApp({
      env: { ...raceLimits, MAX_PENDING_BOOKINGS_PER_CLIENT: String(maxPending) },
    });
    baseUrl = await listen(testApp.app);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it(`makes exactly ${maxPending} of ${simultaneous} simultaneous bookings of different slots by one client, 3 times over`, async () => {
    for (let round = 0; round < 3; round += 1) {
      const client = await signedInClient(testApp, `hoarder${round}@bookings.test`);
      const days = [nextDay(), nextDay(), nextDay()];
      // Twenty slots that never overlap: seven hour starts a day, on three days, of service 1 (60 minutes).
      const starts = days
        .flatMap((date) =>
          [9, 10, 11, 12, 13, 14, 15].map((hour) => zonedInstant(date, hour * 60, defaultBusinessTimeZone)),
        )
        .slice(0, simultaneous)
        .map((instant) => instant?.toISOString());
      const responses = await Promise.all(
        starts.map(async (startsAt) => {
          const response = await fetch(`${baseUrl}/api/bookings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: client.cookie, origin: appUrl },
            body: JSON.stringify({
              serviceId: 1,
              projectDescription: `Round ${round}: one client books every slot at once.`,
              startsAt,
            }),
          });
          return { status: response.status, body: (await response.json()) as object };
        }),
      );
      const statuses = responses.map((response) => response.status);
      expect(
        statuses.filter((status) => status === 201),
        `round ${round}: ${statuses}`,
      ).toHaveLength(maxPending);
      for (const response of responses.filter((item) => item.status !== 201)) {
        expect(response).toEqual({
          status: 409,
          body: {
            message: bookingMessages.pendingLimitReached(maxPending),
            code: bookingErrorCodes.pendingLimit,
          },
        });
      }
      const stored = await testApp.app.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.userId, client.id));
      expect(stored).toHaveLength(maxPending);
    }
  });
});

describe.skipIf(testDriver !== 'postgres')("the lock of a consultant's day (PostgreSQL)", () => {
  // Racing writers of one day take turns (docs/decisions/015): each writer below must wait while another
  // transaction holds the day, and only that day.
  let testApp: TestApp;
  let holderDatabase: DatabaseHandle;
  let client: Client;
  let bystander: Client;
  let admin: Client;
  const nextDay = dayAllocator(12);
  const at = (date: string, hour: number) =>
    zonedInstant(date, hour * 60, defaultBusinessTimeZone) ?? new Date(Number.NaN);

  beforeAll(async () => {
    testApp = await buildTestApp({ env: raceLimits });
    holderDatabase = await openDatabase({ url: testApp.database.url ?? '' });
    client = await signedInClient(testApp, 'waiter@bookings.test');
    // Another client: the waiting booking holds its client's row.
    bystander = await signedInClient(testApp, 'bystander@bookings.test');
    admin = await signedInAdmin(testApp, 'admin@bookings.test');
  });
  afterAll(async () => {
    await holderDatabase?.close();
    await testApp?.close();
  });

  /** Holds the day of `startsAt` for service 1 in another transaction while `write` runs; answers its status. */
  async function whileDayHeld(startsAt: Date, write: () => Promise<{ statusCode: number }>) {
    let release = () => {};
    let held = () => {};
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const holder = holderDatabase.db.transaction(async (tx) => {
      // Service 1's only consultant, the seed's (id 1).
      await lockConsultantDays(tx, [1], startsAt, defaultBusinessTimeZone);
      held();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await holding;
    let finished = false;
    const writing = write().then((response) => {
      finished = true;
      return response;
    });
    // Another day of the same service is not held up meanwhile.
    const otherDay = await postBooking(testApp.app, bystander, {
      serviceId: 1,
      projectDescription: 'A booking on a day nobody holds.',
      startsAt: at(nextDay(), 9).toISOString(),
    });
    expect(otherDay.statusCode).toBe(201);
    // A wait on purpose: all this while the write must not get through.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waited = !finished;
    release();
    await holder;
    return { waited, response: await writing };
  }

  it('a booking made, moved into the day, or made active again waits for the day', async () => {
    const day = nextDay();
    const made = await whileDayHeld(at(day, 10), () =>
      postBooking(testApp.app, client, {
        serviceId: 1,
        projectDescription: 'A booking on a day someone holds.',
        startsAt: at(day, 10).toISOString(),
      }),
    );
    expect(made).toEqual({ waited: true, response: expect.objectContaining({ statusCode: 201 }) });

    const [away] = await seedBookings(testApp.app, [{ userId: client.id, createdAt: new Date() }]);
    const moved = await whileDayHeld(at(day, 13), () =>
      api(testApp.app, 'POST', `/api/bookings/${away}/reschedule`, client, {
        startsAt: at(day, 13).toISOString(),
      }),
    );
    expect(moved).toEqual({ waited: true, response: expect.objectContaining({ statusCode: 200 }) });

    const [cancelled] = await seedBookings(testApp.app, [
      { userId: client.id, createdAt: new Date(), status: 'cancelled', startsAt: at(day, 15) },
    ]);
    const reactivated = await whileDayHeld(at(day, 15), () =>
      api(testApp.app, 'PUT', `/api/bookings/admin/${cancelled}/status`, admin, { status: 'confirmed' }),
    );
    expect(reactivated).toEqual({ waited: true, response: expect.objectContaining({ statusCode: 200 }) });
  });
});
