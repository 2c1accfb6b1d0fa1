// Each consultant's booked hours, open hours and utilisation in the admin statistics (utilisationDefinition), against
// figures worked out by hand: their consultations starting in the range, their hours within the firm's, less a
// closed date and their time off.
import { type AdminStatsResponse, apiPaths, type WeeklyHours } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closures, consultants } from '../../src/db/schema.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { seedBookings, signedInAdmin, wallClock } from './fixtures.ts';

const zone = 'America/Phoenix';
let testApp: TestApp;
let admin: Client;
let client: Client;
/** The seed's consultant of service 1 (firm's hours), and one added with mornings only. */
let firmHoursId = 0;
let morningsId = 0;
let retiredId = 0;
const at = (date: string, time: string) => wallClock(date, time, zone);

/** 9 AM - 1 PM, Monday-Friday. */
const mornings: WeeklyHours = {
  sunday: [],
  monday: [{ start: '09:00', end: '13:00' }],
  tuesday: [{ start: '09:00', end: '13:00' }],
  wednesday: [{ start: '09:00', end: '13:00' }],
  thursday: [{ start: '09:00', end: '13:00' }],
  friday: [{ start: '09:00', end: '13:00' }],
  saturday: [],
};

beforeAll(async () => {
  testApp = await buildTestApp({ env: { BUSINESS_TIMEZONE: zone } });
  admin = await signedInAdmin(testApp, 'chief@utilisation.test');
  client = await signedInClient(testApp, 'client@utilisation.test');
  const asAdmin = (method: 'POST' | 'PUT', url: string, body: object) =>
    api(testApp.app, method, url, { cookie: admin.cookie }, body);
  const { db } = testApp.app;
  const [seeded] = await db.select({ id: consultants.id }).from(consultants).orderBy(consultants.id).limit(1);
  firmHoursId = seeded?.id ?? 0;

  const added = await asAdmin('POST', apiPaths.consultants.admin, {
    name: 'Morning Person',
    email: 'mornings@utilisation.test',
    serviceIds: [1],
    weeklyHours: mornings,
  });
  expect(added.statusCode, added.body).toBe(201);
  morningsId = added.json<{ consultant: { id: number } }>().consultant.id;
  const away = await asAdmin('POST', apiPaths.consultants.timeOff(morningsId), {
    startDate: '2030-01-09',
    endDate: '2030-01-10',
    reason: 'Conference',
  });
  expect(away.statusCode, away.body).toBe(201);

  const retired = await asAdmin('POST', apiPaths.consultants.admin, {
    name: 'Gone Quiet',
    email: 'retired@utilisation.test',
    serviceIds: [1],
  });
  retiredId = retired.json<{ consultant: { id: number } }>().consultant.id;
  await db.update(consultants).set({ active: false }).where(eq(consultants.id, retiredId));

  // The firm is closed on Tuesday 8 January 2030.
  await db.insert(closures).values({ startDate: '2030-01-08', endDate: '2030-01-08', reason: 'Holiday' });

  const createdAt = new Date('2029-12-01T00:00:00Z');
  const booking = (
    consultantId: number,
    date: string,
    time: string,
    status: 'pending' | 'confirmed' | 'completed' | 'cancelled',
  ) => ({
    userId: client.id,
    createdAt,
    serviceId: 1,
    consultantId,
    status,
    startsAt: at(date, time),
  });
  // Each seeded booking lasts an hour.
  await seedBookings(testApp.app, [
    booking(firmHoursId, '2030-01-07', '09:00', 'confirmed'),
    booking(firmHoursId, '2030-01-09', '09:00', 'pending'),
    booking(firmHoursId, '2030-01-11', '15:00', 'completed'),
    booking(firmHoursId, '2030-01-11', '09:00', 'cancelled'), // not booked time
    booking(firmHoursId, '2030-01-14', '09:00', 'confirmed'), // the day after the range
    booking(firmHoursId, '2030-01-06', '23:00', 'confirmed'), // the hour before it
    booking(morningsId, '2030-01-07', '10:00', 'confirmed'),
    booking(morningsId, '2030-01-11', '10:00', 'confirmed'),
  ]);
});
afterAll(async () => {
  await testApp?.close();
});

const statsOf = (query: string, cookie = admin.cookie) =>
  api(testApp.app, 'GET', `${apiPaths.admin.stats}${query}`, { cookie });

describe('GET /api/bookings/admin/stats: consultants', () => {
  it("gives each consultant's booked hours, open hours and utilisation for the range", async () => {
    const response = await statsOf('?startDate=2030-01-07&endDate=2030-01-13');
    expect(response.statusCode, response.body).toBe(200);
    const { consultants: figures } = response.json<AdminStatsResponse>();
    // The firm's hours: 5 × 8 h less closed Tuesday = 32 h; 3 h booked (the cancelled one and those outside not).
    expect(figures.find((entry) => entry.id === firmHoursId)).toMatchObject({
      booked_hours: 3,
      open_hours: 32,
      utilisation: 0.0938,
    });
    // Mornings: 4 h on Monday and Friday only (Tuesday closed, Wednesday-Thursday off) = 8 h; 2 h booked.
    expect(figures.find((entry) => entry.id === morningsId)).toEqual({
      id: morningsId,
      name: 'Morning Person',
      booked_hours: 2,
      open_hours: 8,
      utilisation: 0.25,
    });
    // The other seed consultants: open, nothing booked. A retired one without consultations is not listed.
    expect(
      figures.filter((entry) => entry.booked_hours === 0).every((entry) => entry.utilisation === 0),
    ).toBe(true);
    expect(figures.map((entry) => entry.id)).not.toContain(retiredId);
    expect(figures.map((entry) => entry.id)).toEqual(
      [...figures.map((entry) => entry.id)].sort((a, b) => a - b),
    );
  });

  it('has no utilisation without open hours (a weekend), and no consultants when a date is omitted', async () => {
    const weekend = (await statsOf('?startDate=2030-01-12&endDate=2030-01-13')).json<AdminStatsResponse>();
    expect(weekend.consultants.find((entry) => entry.id === firmHoursId)).toMatchObject({
      booked_hours: 0,
      open_hours: 0,
      utilisation: null,
    });
    const open = await statsOf('?startDate=2030-01-07');
    expect(open.statusCode).toBe(200);
    expect(open.json<AdminStatsResponse>().consultants).toEqual([]);
  });

  it('is for administrators only', async () => {
    expect((await statsOf('?startDate=2030-01-07&endDate=2030-01-13', client.cookie)).statusCode).toBe(403);
    expect((await statsOf('?startDate=2030-01-07&endDate=2030-01-13', '')).statusCode).toBe(401);
  });
});
