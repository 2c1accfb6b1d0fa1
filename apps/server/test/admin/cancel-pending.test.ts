// All Bookings narrowed to one client's or one client address's bookings, and their pending holds cancelled in
// one action (docs/product.md#administration): recorded as the administrator's, each client e-mailed, nothing else
// touched. The bookings are made through the API from the addresses a test names, as the limit per address sees them.
import { type AdminBookingsResponse, adminMessages, apiPaths, type Booking } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, outbox } from '../../src/db/schema.ts';
import { businessTime, type Client, dayAllocator, signedInClient } from '../bookings/clients.ts';
import { api, appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { signedInAdmin } from './fixtures.ts';

let testApp: TestApp;
let admin: Client;
let ann: Client;
let bob: Client;
const nextDay = dayAllocator(2);

async function bookFrom(client: Client, address: string): Promise<Booking> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: apiPaths.bookings.create,
    remoteAddress: address,
    headers: { 'content-type': 'application/json', origin: appUrl, cookie: client.cookie },
    payload: JSON.stringify({
      serviceId: 1,
      projectDescription: 'A review of our booking platform, please.',
      startsAt: businessTime(nextDay(), 10),
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

async function list(query: string): Promise<AdminBookingsResponse> {
  const response = await api(testApp.app, 'GET', `${apiPaths.admin.all}?${query}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminBookingsResponse>();
}

const cancelPending = (caller: Client | undefined, body: object) =>
  api(testApp.app, 'POST', apiPaths.admin.cancelPending, caller, body);

async function statusOf(ids: number[]): Promise<Record<number, string>> {
  const rows = await testApp.app.db
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(inArray(bookings.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
}

beforeAll(async () => {
  testApp = await buildTestApp({
    env: { MAX_PENDING_BOOKINGS_PER_CLIENT: '100', WRITE_RATE_LIMIT_PER_MINUTE: '10000' },
  });
  admin = await signedInAdmin(testApp, 'admin@cancel-pending.test');
  ann = await signedInClient(testApp, 'ann@cancel-pending.test');
  bob = await signedInClient(testApp, 'bob@cancel-pending.test');
});
afterAll(async () => {
  await testApp?.close();
});

describe('All Bookings by client and by client address', () => {
  it("shows whose each booking is and a pending one's address, and filters by either", async () => {
    const annHold = await bookFrom(ann, '203.0.113.5');
    const annConfirmed = await bookFrom(ann, '203.0.113.5');
    const bobHold = await bookFrom(bob, '2001:db8:aa:bb::7');
    const confirm = await api(testApp.app, 'PUT', apiPaths.admin.status(annConfirmed.id), admin, {
      status: 'confirmed',
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const anns = await list(`clientId=${encodeURIComponent(ann.id)}`);
    expect(anns.total).toBe(2);
    expect(anns.bookings.map((booking) => [booking.id, booking.user_id, booking.client_address])).toEqual([
      [annConfirmed.id, ann.id, null],
      [annHold.id, ann.id, '203.0.113.5'],
    ]);
    const annsPending = await list(`clientId=${encodeURIComponent(ann.id)}&status=pending`);
    expect(annsPending.bookings.map((booking) => booking.id)).toEqual([annHold.id]);

    // An address finds what was made from it; any address of an IPv6 /64, or the /64 as the list shows it.
    expect((await list('address=203.0.113.5&status=pending')).bookings.map((b) => b.id)).toEqual([
      annHold.id,
    ]);
    const fromNetwork = await list(`address=${encodeURIComponent('2001:db8:aa:bb:1:2:3:4')}`);
    expect(fromNetwork.bookings.map((booking) => [booking.id, booking.client_address])).toEqual([
      [bobHold.id, '2001:db8:aa:bb::/64'],
    ]);
    expect((await list(`address=${encodeURIComponent('2001:db8:aa:bb::/64')}`)).total).toBe(1);
    expect((await list('address=198.51.100.1')).total).toBe(0);
    expect((await list('clientId=nobody')).total).toBe(0);

    // The client never sees an address or an account id in their own list.
    const mine = await api(testApp.app, 'GET', apiPaths.bookings.myBookings, ann);
    expect(mine.body).not.toContain('client_address');
    expect(mine.body).not.toContain('203.0.113.5');
  });
});

describe('POST /api/admin/bookings/cancel-pending', () => {
  it("cancels every pending booking from an address, whoever's, as the administrator, and tells each client", async () => {
    const address = '192.0.2.77';
    const holds = [await bookFrom(ann, address), await bookFrom(bob, address), await bookFrom(bob, address)];
    const confirmedThere = await bookFrom(ann, address);
    await api(testApp.app, 'PUT', apiPaths.admin.status(confirmedThere.id), admin, { status: 'confirmed' });
    const elsewhere = await bookFrom(bob, '192.0.2.78');
    const before = await list(`address=${address}&status=pending`);
    expect(before.total).toBe(3);

    const response = await cancelPending(admin, { address });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ cancelled: 3 });

    const ids = holds.map((booking) => booking.id);
    const statuses = await statusOf([...ids, confirmedThere.id, elsewhere.id]);
    expect(ids.map((id) => statuses[id])).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(statuses[confirmedThere.id]).toBe('confirmed');
    expect(statuses[elsewhere.id]).toBe('pending');

    const history = await testApp.app.db
      .select()
      .from(bookingEvents)
      .where(and(inArray(bookingEvents.bookingId, ids), eq(bookingEvents.type, 'status_changed')));
    expect(history).toHaveLength(3);
    for (const event of history) {
      expect(event).toMatchObject({
        actor: 'admin',
        actorUserId: admin.id,
        fromStatus: 'pending',
        toStatus: 'cancelled',
      });
    }
    const letters = await testApp.app.db.select({ to: outbox.to, subject: outbox.subject }).from(outbox);
    for (const booking of holds) {
      expect(letters).toContainEqual({
        to: booking.user_profiles.email,
        subject: `Your consultation has been cancelled — ${booking.confirmation_code}`,
      });
    }
    expect((await list(`address=${address}&status=pending`)).total).toBe(0);

    // Again: nothing left to cancel.
    expect((await cancelPending(admin, { address })).json()).toEqual({ cancelled: 0 });
  });

  it("cancels one client's pending bookings from wherever they were made, and no one else's", async () => {
    const hers = [await bookFrom(ann, '198.51.100.10'), await bookFrom(ann, '198.51.100.11')];
    const his = await bookFrom(bob, '198.51.100.10');
    const response = await cancelPending(admin, { clientId: ann.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ cancelled: number }>().cancelled).toBeGreaterThanOrEqual(2);
    const statuses = await statusOf([...hers.map((booking) => booking.id), his.id]);
    expect(hers.map((booking) => statuses[booking.id])).toEqual(['cancelled', 'cancelled']);
    expect(statuses[his.id]).toBe('pending');
    expect((await list(`clientId=${encodeURIComponent(ann.id)}&status=pending`)).total).toBe(0);
  });

  it('needs exactly one of clientId and address, and an administrator', async () => {
    const hold = await bookFrom(bob, '203.0.113.200');
    for (const body of [{}, { clientId: bob.id, address: '203.0.113.200' }, { clientId: '' }]) {
      const refused = await cancelPending(admin, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await cancelPending(admin, {})).json().message).toBe(adminMessages.cancelPendingTarget);
    expect((await cancelPending(admin, { address: 'not\u0000an address' })).json()).toMatchObject({
      errors: [{ path: 'address', msg: adminMessages.addressInvalid }],
    });
    const badFilter = await api(testApp.app, 'GET', `${apiPaths.admin.all}?clientId=a%20b`, admin);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toBe(adminMessages.clientIdInvalid);
    expect((await cancelPending(bob, { clientId: bob.id })).statusCode).toBe(403);
    expect((await cancelPending(undefined, { clientId: bob.id })).statusCode).toBe(401);
    expect((await statusOf([hold.id]))[hold.id]).toBe('pending');
  });
});
