// Invoice numbers under concurrency on PostgreSQL (docs/decisions/049): 50 confirmations at once take 50
// consecutive numbers, with no gap and no repeat, 10 rounds over.
import type { AddressInfo } from 'node:net';
import { apiPaths } from '@portal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { type Client, raceLimits, signedInClient } from '../bookings/clients.ts';
import { appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp, testDriver } from '../helpers/build-test-app.ts';

const rounds = 10;
const confirmationsPerRound = 50;

describe.skipIf(testDriver !== 'postgres')('invoice numbers under concurrency (PostgreSQL)', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let admin: Client;
  let client: Client;

  beforeAll(async () => {
    testApp = await buildTestApp({ env: raceLimits });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    admin = await signedInAdmin(testApp, 'office@invoice-races.test');
    client = await signedInClient(testApp, 'ada@invoice-races.test', { firstName: 'Ada', lastName: 'L' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  function confirm(bookingId: number) {
    return fetch(`${baseUrl}${apiPaths.admin.status(bookingId)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: appUrl },
      body: JSON.stringify({ status: 'confirmed' }),
    });
  }

  it(`gives ${confirmationsPerRound} confirmations at once consecutive numbers, ${rounds} times over`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const ids = await seedBookings(
        testApp.app,
        Array.from({ length: confirmationsPerRound }, (_, index) => ({
          userId: client.id,
          createdAt: new Date(),
          startsAt: new Date(Date.UTC(2041, 0, 1) + (round * confirmationsPerRound + index) * 3_600_000),
        })),
      );
      const responses = await Promise.all(ids.map(confirm));
      expect(responses.map((response) => response.status)).toEqual(ids.map(() => 200));
      const issued = await testApp.app.db
        .select({ bookingId: invoices.bookingId, sequence: invoices.sequence, number: invoices.number })
        .from(invoices)
        .where(inArray(invoices.bookingId, ids))
        .orderBy(asc(invoices.sequence));
      expect(issued).toHaveLength(confirmationsPerRound);
      expect(new Set(issued.map((invoice) => invoice.bookingId)).size).toBe(confirmationsPerRound);
      const first = round * confirmationsPerRound + 1;
      expect(issued.map((invoice) => invoice.sequence)).toEqual(ids.map((_, index) => first + index));
    }
    const all = await testApp.app.db
      .select({ sequence: invoices.sequence, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.kind, 'invoice'))
      .orderBy(asc(invoices.sequence));
    expect(all.map((invoice) => invoice.sequence)).toEqual(all.map((_, index) => index + 1));
    expect(new Set(all.map((invoice) => invoice.number)).size).toBe(rounds * confirmationsPerRound);
    // 500 confirmations, each a transaction with its letter: 16 s alone, twice that beside the rest of the suite.
  }, 120_000);
});
