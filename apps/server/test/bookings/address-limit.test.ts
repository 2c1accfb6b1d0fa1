// The pending limit per client address (MAX_PENDING_BOOKINGS_PER_ADDRESS, docs/product.md#limits): throwaway
// accounts from one address cannot hold every slot. Counted across accounts, IPv6 by /64, recorded on the booking
// and forgotten by housekeeping once the booking no longer counts. The race runs on PostgreSQL only: PGlite runs
// one transaction at a time, so there it would prove nothing.
import { type Booking, bookingErrorCodes, bookingMessages } from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { bookings } from '../../src/db/schema.ts';
import { clearClientAddresses } from '../../src/modules/housekeeping/housekeeping.service.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { api, appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp, testDriver } from '../helpers/build-test-app.ts';
import { businessTime, type Client, dayAllocator, raceLimits, signedInClient } from './clients.ts';

/** POST /api/bookings as the client, from `address` (the connection's remote address). */
function bookFrom(testApp: TestApp, client: Client, address: string, startsAt: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: address,
    headers: { 'content-type': 'application/json', origin: appUrl, cookie: client.cookie },
    payload: JSON.stringify({
      serviceId: 1,
      projectDescription: 'A review of our booking platform, please.',
      startsAt,
    }),
  });
}

describe('the pending limit per client address', () => {
  const maxPerAddress = 3;
  let testApp: TestApp;
  let admin: Client;
  let people = 0;
  const nextDay = dayAllocator(2);
  const newClient = () => {
    people += 1;
    return signedInClient(testApp, `holder${people}@address-limit.test`);
  };

  beforeAll(async () => {
    testApp = await buildTestApp({
      env: {
        MAX_PENDING_BOOKINGS_PER_ADDRESS: String(maxPerAddress),
        MAX_PENDING_BOOKINGS_PER_CLIENT: '5',
        WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      },
    });
    admin = await signedInAdmin(testApp, 'admin@address-limit.test');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('counts pending bookings across accounts from one address, and records the address on each', async () => {
    const address = '203.0.113.7';
    const made: Booking[] = [];
    for (let index = 0; index < maxPerAddress; index += 1) {
      const response = await bookFrom(testApp, await newClient(), address, businessTime(nextDay(), 10));
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json<{ booking: Booking }>().booking);
    }
    const rows = await testApp.app.db
      .select({ clientAddress: bookings.clientAddress })
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          made.map((booking) => booking.id),
        ),
      );
    expect(rows.map((row) => row.clientAddress)).toEqual([address, address, address]);

    const latecomer = await newClient();
    const refused = await bookFrom(testApp, latecomer, address, businessTime(nextDay(), 10));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: bookingMessages.addressPendingLimitReached(maxPerAddress),
      code: bookingErrorCodes.pendingLimit,
    });
    expect(await testApp.app.db.select().from(bookings).where(eq(bookings.userId, latecomer.id))).toEqual([]);

    // Another address is not held back by this one.
    const elsewhere = await bookFrom(testApp, latecomer, '198.51.100.20', businessTime(nextDay(), 10));
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);

    // Once the firm confirms one, the address holds fewer pending bookings and may book again.
    const confirmed = await api(testApp.app, 'PUT', `/api/bookings/admin/${made[0]?.id}/status`, admin, {
      status: 'confirmed',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const again = await bookFrom(testApp, latecomer, address, businessTime(nextDay(), 10));
    expect(again.statusCode, again.body).toBe(201);
  });

  it('counts IPv6 addresses by their /64, IPv4-mapped ones as the IPv4 address', async () => {
    const network = ['2001:db8:5:6::1', '2001:db8:5:6:aaaa::2', '2001:db8:5:6:ffff:1:2:3'];
    for (const address of network) {
      const response = await bookFrom(testApp, await newClient(), address, businessTime(nextDay(), 11));
      expect(response.statusCode, response.body).toBe(201);
    }
    const refused = await bookFrom(
      testApp,
      await newClient(),
      '2001:db8:5:6:1234::9',
      businessTime(nextDay(), 11),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(bookingMessages.addressPendingLimitReached(maxPerAddress));
    const nextNetwork = await bookFrom(
      testApp,
      await newClient(),
      '2001:db8:5:7::1',
      businessTime(nextDay(), 11),
    );
    expect(nextNetwork.statusCode, nextNetwork.body).toBe(201);
    expect(
      (await testApp.app.db.select().from(bookings).where(eq(bookings.clientAddress, '2001:db8:5:6::/64')))
        .length,
    ).toBe(3);

    const mapped = await bookFrom(
      testApp,
      await newClient(),
      '::ffff:192.0.2.44',
      businessTime(nextDay(), 11),
    );
    expect(mapped.statusCode, mapped.body).toBe(201);
    const [row] = await testApp.app.db
      .select({ clientAddress: bookings.clientAddress })
      .from(bookings)
      .where(eq(bookings.id, mapped.json<{ booking: Booking }>().booking.id));
    expect(row?.clientAddress).toBe('192.0.2.44');
  });

  it('housekeeping forgets the address once the booking no longer counts; a pending one keeps it', async () => {
    const address = '203.0.113.99';
    const pending = await bookFrom(testApp, await newClient(), address, businessTime(nextDay(), 12));
    const cancelledLater = await bookFrom(testApp, await newClient(), address, businessTime(nextDay(), 12));
    expect(pending.statusCode, pending.body).toBe(201);
    expect(cancelledLater.statusCode, cancelledLater.body).toBe(201);
    const pendingId = pending.json<{ booking: Booking }>().booking.id;
    const cancelledId = cancelledLater.json<{ booking: Booking }>().booking.id;
    const cancel = await api(testApp.app, 'PUT', `/api/bookings/admin/${cancelledId}/status`, admin, {
      status: 'cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    expect(await clearClientAddresses(testApp.app.db, new Date())).toBeGreaterThanOrEqual(1);
    const addressOf = async (id: number) =>
      (
        await testApp.app.db
          .select({ clientAddress: bookings.clientAddress })
          .from(bookings)
          .where(eq(bookings.id, id))
      )[0]?.clientAddress;
    expect(await addressOf(cancelledId)).toBeNull();
    expect(await addressOf(pendingId)).toBe(address);
    // Judged a day after its start, the pending booking no longer counts either: its address goes.
    await clearClientAddresses(
      testApp.app.db,
      new Date(Date.parse(businessTime(nextDay(), 12)) + 86_400_000 * 30),
    );
    expect(await addressOf(pendingId)).toBeNull();
  });

  it('reads MAX_PENDING_BOOKINGS_PER_ADDRESS: 10 by default, a positive whole number', () => {
    expect(loadConfig({}).maxPendingBookingsPerAddress).toBe(10);
    expect(loadConfig({ MAX_PENDING_BOOKINGS_PER_ADDRESS: '25' }).maxPendingBookingsPerAddress).toBe(25);
    for (const value of ['0', '-1', '2.5', 'ten']) {
      expect(() => loadConfig({ MAX_PENDING_BOOKINGS_PER_ADDRESS: value })).toThrow(
        `MAX_PENDING_BOOKINGS_PER_ADDRESS must be a positive whole number (got "${value}")`,
      );
    }
  });
});

describe.skipIf(testDriver !== 'postgres')('the limit per address under concurrency (PostgreSQL)', () => {
  const accounts = 15;
  const maxPerAddress = 10;
  let testApp: TestApp;
  const clients: Client[] = [];
  const nextDay = dayAllocator(2);

  beforeAll(async () => {
    testApp = await buildTestApp({
      env: { ...raceLimits, MAX_PENDING_BOOKINGS_PER_ADDRESS: String(maxPerAddress) },
    });
    for (let index = 0; index < accounts; index += 1) {
      clients.push(await signedInClient(testApp, `throwaway${index}@address-race.test`));
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it(`${accounts} accounts booking at once from one address leave exactly ${maxPerAddress} pending`, async () => {
    const address = '192.0.2.15';
    // Each a slot of its own: only the limit per address can refuse them.
    const slots = clients.map(() => businessTime(nextDay(), 10));
    const responses = await Promise.all(
      clients.map((client, index) => bookFrom(testApp, client, address, slots[index] as string)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(maxPerAddress);
    expect(statuses.filter((status) => status === 409)).toHaveLength(accounts - maxPerAddress);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json().message).toBe(bookingMessages.addressPendingLimitReached(maxPerAddress));
    }
    const held = await testApp.app.db.select().from(bookings).where(eq(bookings.clientAddress, address));
    expect(held.filter((booking) => booking.status === 'pending')).toHaveLength(maxPerAddress);
  });
});
