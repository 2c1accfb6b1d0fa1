// Moving bookings races like booking does: many clients, and an administrator moving clients' bookings, at once
// reschedule into one free slot, over real HTTP, against PostgreSQL (PGlite runs one transaction at a time, so there
// it proves nothing). Exactly one wins; the others keep their old time, and nothing of theirs is recorded.
import type { AddressInfo } from 'node:net';
import { bookingMessages } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp, testDriver } from '../helpers/build-test-app.ts';
import { businessTime, type Client, dayAllocator, raceLimits, signedInClient } from './clients.ts';

const rounds = 10;
const racers = 20;
const clientCount = 5;

describe.skipIf(testDriver !== 'postgres')(
  'POST /api/bookings/{id}/reschedule under concurrency (PostgreSQL)',
  () => {
    let testApp: TestApp;
    let baseUrl: string;
    const clients: Client[] = [];
    let admin: Client;
    const nextDay = dayAllocator(2);

    beforeAll(async () => {
      testApp = await buildTestApp({ env: raceLimits });
      await testApp.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
      for (let index = 0; index < clientCount; index += 1) {
        clients.push(await signedInClient(testApp, `mover${index}@reschedule.test`));
      }
      admin = await signedInAdmin(testApp, 'mover-admin@reschedule.test');
    });
    afterAll(async () => {
      await testApp?.close();
    });

    async function move(client: Client, id: number, startsAt: Date) {
      const response = await fetch(`${baseUrl}/api/bookings/${id}/reschedule`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: client.cookie, origin: appUrl },
        body: JSON.stringify({ startsAt: startsAt.toISOString() }),
      });
      return { id, status: response.status, body: (await response.json()) as { message?: string } };
    }

    it(`lets exactly one of ${racers} bookings moving at once into a slot just freed win, ${rounds} times over`, async () => {
      for (let round = 0; round < rounds; round += 1) {
        // Twenty bookings of service 1, each an hour of its own far ahead (written straight into the database); the
        // slot is held by a twenty-first booking that moves away first, so the racers race for a slot just freed.
        const target = nextDay();
        const owners = Array.from({ length: racers }, (_, index) => clients[index % clientCount] as Client);
        const ids = await seedBookings(
          testApp.app,
          owners.map((owner, index) => ({
            userId: owner.id,
            createdAt: new Date(),
            status: index % 2 === 0 ? 'confirmed' : 'pending',
          })),
        );
        const before = new Map(
          (
            await testApp.app.db
              .select({ id: bookings.id, startsAt: bookings.startsAt })
              .from(bookings)
              .where(inArray(bookings.id, ids))
          ).map((row) => [row.id, row.startsAt.getTime()]),
        );
        const holder = clients[0] as Client;
        const [held] = await seedBookings(testApp.app, [
          {
            userId: holder.id,
            createdAt: new Date(),
            status: 'confirmed',
            startsAt: new Date(businessTime(target, 10)),
          },
        ]);
        const freed = await move(holder, held ?? 0, new Date(businessTime(target, 14)));
        expect(freed.status, JSON.stringify(freed.body)).toBe(200);

        const answers = await Promise.all(
          // Every fourth one is moved by the administrator, under the same lock and constraint.
          ids.map((id, index) =>
            move(index % 4 === 3 ? admin : (owners[index] as Client), id, new Date(businessTime(target, 10))),
          ),
        );
        const statuses = answers.map((answer) => answer.status);
        expect(
          statuses.filter((status) => status === 200),
          `round ${round}: ${statuses}`,
        ).toHaveLength(1);
        expect(
          statuses.filter((status) => status === 409),
          `round ${round}: ${statuses}`,
        ).toHaveLength(racers - 1);
        for (const answer of answers.filter((item) => item.status === 409)) {
          expect(answer.body).toEqual({ message: bookingMessages.slotTaken });
        }
        const winner = answers.find((answer) => answer.status === 200)?.id;
        const rows = await testApp.app.db
          .select({ id: bookings.id, startsAt: bookings.startsAt })
          .from(bookings)
          .where(inArray(bookings.id, ids));
        expect(rows).toHaveLength(racers);
        for (const row of rows) {
          expect(row.startsAt.getTime(), `booking ${row.id}`).toBe(
            row.id === winner ? new Date(businessTime(target, 10)).getTime() : before.get(row.id),
          );
        }
        const moves = await testApp.app.db
          .select({ bookingId: bookingEvents.bookingId })
          .from(bookingEvents)
          .where(and(inArray(bookingEvents.bookingId, ids), eq(bookingEvents.type, 'rescheduled')));
        expect(moves).toEqual([{ bookingId: winner }]);
      }
    });
  },
);
