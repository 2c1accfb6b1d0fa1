// Races over consultants, on PostgreSQL (docs/decisions/046): the database keeps one consultant out of two places at
// once across services, and "any consultant" never hands out more bookings than consultants free, 10 rounds each.

import type { AddressInfo } from 'node:net';
import { bookingMessages, defaultBusinessTimeZone, zonedInstant } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/db/schema.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { addConsultant, addService } from '../consultants/fixtures.ts';
import { appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp, testDriver } from '../helpers/build-test-app.ts';
import { type Client, dayAllocator, raceLimits, signedInClient } from './clients.ts';

const rounds = 10;
const clientCount = 10;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.skipIf(testDriver !== 'postgres')('bookings of consultants under concurrency (PostgreSQL)', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let admin: Client;
  const clients: Client[] = [];
  const nextDay = dayAllocator(4);
  let made = 0;

  beforeAll(async () => {
    testApp = await buildTestApp({ env: { ...raceLimits, MAX_PENDING_BOOKINGS_PER_CLIENT: '1000' } });
    baseUrl = await listen(testApp.app);
    admin = await signedInAdmin(testApp, 'office@consultant-races.test');
    for (let index = 0; index < clientCount; index += 1) {
      clients.push(await signedInClient(testApp, `racer${index}@consultant-races.test`));
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function newConsultant(): Promise<number> {
    made += 1;
    const name = `Racing Consultant ${made}`;
    return (await addConsultant(testApp.app, admin, { name, email: `racing${made}@consultant-races.test` }))
      .id;
  }

  async function newService(consultantIds: number[]): Promise<number> {
    made += 1;
    const name = `Raced Service ${made}`;
    return (
      await addService(testApp.app, admin, { name, consultantIds, description: 'A service raced for.' })
    ).id;
  }

  async function race(requests: { serviceId: number; consultantId?: number }[], startsAt: string) {
    return Promise.all(
      requests.map(async (request, index) => {
        const client = clients[index % clientCount] as Client;
        const response = await fetch(`${baseUrl}/api/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: client.cookie, origin: appUrl },
          body: JSON.stringify({
            ...request,
            projectDescription: 'Everyone wants this hour at once.',
            startsAt,
          }),
        });
        return {
          status: response.status,
          body: (await response.json()) as { message?: string; booking?: { consultant: { id: number } } },
        };
      }),
    );
  }

  function activeAt(startsAt: string, consultantIds: number[]) {
    return testApp.app.db
      .select({ id: bookings.id, consultantId: bookings.consultantId })
      .from(bookings)
      .where(
        and(
          eq(bookings.startsAt, new Date(startsAt)),
          inArray(bookings.consultantId, consultantIds),
          inArray(bookings.status, ['pending', 'confirmed']),
        ),
      );
  }

  it(`lets one consultant behind two services be booked once when both are booked at once, ${rounds} times over`, async () => {
    const shared = await newConsultant();
    const cloud = await newService([shared]);
    const data = await newService([shared]);
    for (let round = 0; round < rounds; round += 1) {
      const startsAt = zonedInstant(nextDay(), 10 * 60, defaultBusinessTimeZone)?.toISOString() ?? '';
      const responses = await race(
        Array.from({ length: 20 }, (_, index) =>
          index % 2 === 0 ? { serviceId: cloud } : { serviceId: data, consultantId: shared },
        ),
        startsAt,
      );
      const statuses = responses.map((response) => response.status);
      expect(
        statuses.filter((status) => status === 201),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      for (const response of responses.filter((item) => item.status !== 201)) {
        expect(response).toEqual({ status: 409, body: { message: bookingMessages.slotTaken } });
      }
      expect(await activeAt(startsAt, [shared])).toHaveLength(1);
    }
  });

  it(`gives "any consultant" exactly as many bookings as consultants are free, ${rounds} times over`, async () => {
    const team = [await newConsultant(), await newConsultant(), await newConsultant()];
    const service = await newService(team);
    for (let round = 0; round < rounds; round += 1) {
      const startsAt = zonedInstant(nextDay(), 11 * 60, defaultBusinessTimeZone)?.toISOString() ?? '';
      // One of them is taken already (a different one each round): two are free.
      const taken = team[round % team.length] as number;
      const first = await race([{ serviceId: service, consultantId: taken }], startsAt);
      expect(first[0]?.status).toBe(201);
      // Most ask for anyone; some ask for a named consultant, free or not.
      const requests = Array.from({ length: 24 }, (_, index) =>
        index % 4 === 3
          ? { serviceId: service, consultantId: team[index % team.length] }
          : { serviceId: service },
      );
      const responses = await race(requests, startsAt);
      const winners = responses.filter((response) => response.status === 201);
      expect(winners, `round ${round}: ${responses.map((response) => response.status)}`).toHaveLength(2);
      for (const response of responses.filter((item) => item.status !== 201)) {
        expect(response).toEqual({ status: 409, body: { message: bookingMessages.slotTaken } });
      }
      const held = await activeAt(startsAt, team);
      expect(held.map((row) => row.consultantId).sort((a, b) => a - b)).toEqual(
        [...team].sort((a, b) => a - b),
      );
    }
  });
});
