// Reassignments racing on PostgreSQL (docs/product.md#administration): moves to one consultant and new bookings
// of them at the same hour leave them in one place at once, and two moves swapping consultants never deadlock;
// 10 rounds each.

import type { AddressInfo } from 'node:net';
import {
  apiPaths,
  type Booking,
  bookingMessages,
  defaultBusinessTimeZone,
  zonedInstant,
} from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/db/schema.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { addConsultant, addService } from '../consultants/fixtures.ts';
import { appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp, testDriver } from '../helpers/build-test-app.ts';
import { type Client, dayAllocator, postBooking, raceLimits, signedInClient } from './clients.ts';

const rounds = 10;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.skipIf(testDriver !== 'postgres')('reassignments under concurrency (PostgreSQL)', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let admin: Client;
  let ada: Client;
  let grace: Client;
  const nextDay = dayAllocator(6);
  let made = 0;

  beforeAll(async () => {
    testApp = await buildTestApp({ env: { ...raceLimits, MAX_PENDING_BOOKINGS_PER_CLIENT: '1000' } });
    baseUrl = await listen(testApp.app);
    admin = await signedInAdmin(testApp, 'office@reassign-races.test');
    ada = await signedInClient(testApp, 'ada@reassign-races.test');
    grace = await signedInClient(testApp, 'grace@reassign-races.test');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function newConsultant(): Promise<number> {
    made += 1;
    const name = `Moving Consultant ${made}`;
    return (await addConsultant(testApp.app, admin, { name, email: `moving${made}@reassign-races.test` })).id;
  }

  async function newService(consultantIds: number[]): Promise<number> {
    made += 1;
    const name = `Moved Service ${made}`;
    return (
      await addService(testApp.app, admin, {
        name,
        consultantIds,
        description: 'A service whose bookings move.',
      })
    ).id;
  }

  async function booked(client: Client, serviceId: number, consultantId: number, startsAt: string) {
    const response = await postBooking(testApp.app, client, {
      serviceId,
      consultantId,
      projectDescription: 'A booking the firm will move.',
      startsAt,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ booking: Booking }>().booking;
  }

  async function send(method: 'PUT' | 'POST', path: string, cookie: string, body: object) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie, origin: appUrl },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { message?: string } };
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

  it(`moves and books one consultant once at one hour, ${rounds} times over`, async () => {
    const [first, second, target] = [await newConsultant(), await newConsultant(), await newConsultant()];
    const service = await newService([first, second, target]);
    for (let round = 0; round < rounds; round += 1) {
      const startsAt = zonedInstant(nextDay(), 10 * 60, defaultBusinessTimeZone)?.toISOString() ?? '';
      const one = await booked(ada, service, first, startsAt);
      const two = await booked(grace, service, second, startsAt);
      const responses = await Promise.all([
        send('PUT', apiPaths.admin.consultant(one.id), admin.cookie, { consultantId: target }),
        send('PUT', apiPaths.admin.consultant(two.id), admin.cookie, { consultantId: target }),
        ...[ada, grace, ada].map((client) =>
          send('POST', apiPaths.bookings.create, client.cookie, {
            serviceId: service,
            consultantId: target,
            projectDescription: 'Everyone wants this consultant at once.',
            startsAt,
          }),
        ),
      ]);
      const statuses = responses.map((response) => response.status);
      expect(
        statuses.filter((status) => status === 200 || status === 201),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      for (const response of responses.filter((item) => item.status !== 200 && item.status !== 201)) {
        expect(response).toEqual({ status: 409, body: { message: bookingMessages.slotTaken } });
      }
      expect(await activeAt(startsAt, [target])).toHaveLength(1);
      // Nothing is lost: both first bookings are still held by someone.
      expect(await activeAt(startsAt, [first, second, target])).toHaveLength(statuses.includes(201) ? 3 : 2);
    }
  });

  it(`answers two moves swapping consultants without a deadlock, ${rounds} times over`, async () => {
    const [left, right] = [await newConsultant(), await newConsultant()];
    const service = await newService([left, right]);
    for (let round = 0; round < rounds; round += 1) {
      const startsAt = zonedInstant(nextDay(), 14 * 60, defaultBusinessTimeZone)?.toISOString() ?? '';
      const one = await booked(ada, service, left, startsAt);
      const two = await booked(grace, service, right, startsAt);
      const responses = await Promise.all([
        send('PUT', apiPaths.admin.consultant(one.id), admin.cookie, { consultantId: right }),
        send('PUT', apiPaths.admin.consultant(two.id), admin.cookie, { consultantId: left }),
      ]);
      // Each finds the other still there: both refused, neither half-done.
      for (const response of responses) {
        expect(response).toEqual({ status: 409, body: { message: bookingMessages.slotTaken } });
      }
      const held = await activeAt(startsAt, [left, right]);
      expect(held.map((row) => [row.id, row.consultantId]).sort()).toEqual(
        [
          [one.id, left],
          [two.id, right],
        ].sort(),
      );
    }
  });
});
