// The admin list's from/to: the consultations starting on those days in the business zone (the admin calendar's
// week), whenever they were booked, at both edges of the range and across a daylight-saving change.
import { type AdminBookingsResponse, adminMessages, apiPaths } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { seedBookings, signedInAdmin, wallClock } from './fixtures.ts';

const zone = 'America/Denver';
let testApp: TestApp;
let admin: Client;
let client: Client;
const ids: Record<string, number> = {};

beforeAll(async () => {
  testApp = await buildTestApp({ env: { BUSINESS_TIMEZONE: zone } });
  admin = await signedInAdmin(testApp, 'chief@calendar.test');
  client = await signedInClient(testApp, 'client@calendar.test');
  const at = (date: string, time: string) => wallClock(date, time, zone);
  const named = {
    before: at('2030-03-09', '23:00'), // the evening before the range
    first: at('2030-03-10', '00:00'), // the range's first minute (Denver moves its clocks that night)
    middle: at('2030-03-12', '09:00'),
    cancelled: at('2030-03-13', '10:00'),
    last: at('2030-03-16', '23:00'), // the range's last day
    after: at('2030-03-17', '00:00'), // the midnight after it
  };
  const seeded = await seedBookings(
    testApp.app,
    Object.entries(named).map(([name, startsAt]) => ({
      userId: client.id,
      // Booked long before: the consultation's day counts, not the day it was made.
      createdAt: new Date('2029-01-01T12:00:00Z'),
      startsAt,
      status: name === 'cancelled' ? ('cancelled' as const) : ('confirmed' as const),
    })),
  );
  Object.keys(named).forEach((name, index) => {
    ids[name] = seeded[index] ?? 0;
  });
});
afterAll(async () => {
  await testApp?.close();
});

const list = (query: string, cookie = admin.cookie) =>
  api(testApp.app, 'GET', `${apiPaths.admin.all}${query}`, { cookie });

describe('GET /api/bookings/admin/all?from=&to=', () => {
  it('lists the consultations starting from the first day to the last, both included, whatever their status', async () => {
    const response = await list('?from=2030-03-10&to=2030-03-16&limit=100');
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json<AdminBookingsResponse>().bookings.map((booking) => booking.id);
    expect(listed.sort((a, b) => a - b)).toEqual(
      [ids.first, ids.middle, ids.cancelled, ids.last].sort((a = 0, b = 0) => a - b),
    );
  });

  it('takes one end alone, and the other filters with it', async () => {
    const from = (await list('?from=2030-03-16&limit=100')).json<AdminBookingsResponse>();
    expect(from.bookings.map((booking) => booking.id).sort()).toEqual([ids.last, ids.after].sort());
    const confirmed = (
      await list('?from=2030-03-10&to=2030-03-16&status=cancelled')
    ).json<AdminBookingsResponse>();
    expect(confirmed.bookings.map((booking) => booking.id)).toEqual([ids.cancelled]);
    // startDate/endDate stay the day booked: nothing was booked in 2030.
    const booked = (
      await list('?from=2030-03-10&to=2030-03-16&startDate=2030-01-01')
    ).json<AdminBookingsResponse>();
    expect(booked.bookings).toEqual([]);
  });

  it('refuses a bad day or a "to" before the "from" with 400 naming the field', async () => {
    const backwards = await list('?from=2030-03-16&to=2030-03-10');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ errors: { path: string; msg: string }[] }>().errors).toEqual([
      { path: 'to', msg: adminMessages.consultationToBeforeFrom },
    ]);
    const bad = await list('?from=2030-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('from');
  });

  it('is for administrators only', async () => {
    expect((await list('?from=2030-03-10&to=2030-03-16', client.cookie)).statusCode).toBe(403);
  });
});
