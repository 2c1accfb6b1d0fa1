// The statistics against figures worked out by hand, on bookings seeded across two periods and around their
// edges, in a zone with daylight saving (Denver jumps an hour on 2021-03-14).
import {
  type AdminStatsResponse,
  adminMessages,
  apiPaths,
  confirmedCount,
  percentChange,
  type UserStatsResponse,
} from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services, users } from '../../src/db/schema.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { seedBookings, signedInAdmin, wallClock } from './fixtures.ts';

const zone = 'America/Denver';
let testApp: TestApp;
let admin: Client;
const at = (date: string, time: string) => wallClock(date, time, zone);

beforeAll(async () => {
  testApp = await buildTestApp({ env: { BUSINESS_TIMEZONE: zone } });
  admin = await signedInAdmin(testApp, 'chief@stats.test');
  const [u1, u2, u3, u4] = await Promise.all(
    ['u1', 'u2', 'u3', 'u4'].map((name) => signedInClient(testApp, `${name}@stats.test`)),
  );
  if (!u1 || !u2 || !u3 || !u4) throw new Error('clients missing');
  const { db } = testApp.app;
  // New users: u1 and u2 in the range, u3 in the previous one; u4 in the range but never verified.
  await db
    .update(users)
    .set({ createdAt: at('2021-03-12', '08:00') })
    .where(eq(users.id, u1.id));
  await db
    .update(users)
    .set({ createdAt: at('2021-03-19', '23:59:59') })
    .where(eq(users.id, u2.id));
  await db
    .update(users)
    .set({ createdAt: at('2021-03-05', '10:00') })
    .where(eq(users.id, u3.id));
  await db
    .update(users)
    .set({ createdAt: at('2021-03-11', '10:00'), emailVerified: false })
    .where(eq(users.id, u4.id));

  await seedBookings(testApp.app, [
    // The range 2021-03-10 … 2021-03-19.
    { userId: u1.id, createdAt: at('2021-03-10', '00:00'), serviceId: 1, status: 'pending', totalCost: 100 },
    {
      userId: u1.id,
      createdAt: at('2021-03-10', '10:00'),
      serviceId: 1,
      status: 'confirmed',
      totalCost: 200,
    },
    {
      userId: u2.id,
      createdAt: at('2021-03-14', '01:30'),
      serviceId: 2,
      status: 'completed',
      totalCost: 300,
    },
    {
      userId: u1.id,
      createdAt: at('2021-03-14', '23:59'),
      serviceId: 2,
      status: 'cancelled',
      totalCost: 400,
    },
    {
      userId: u2.id,
      createdAt: at('2021-03-15', '12:00'),
      serviceId: 3,
      status: 'confirmed',
      totalCost: 250,
    },
    {
      userId: u2.id,
      createdAt: at('2021-03-19', '23:59:59'),
      serviceId: 1,
      status: 'completed',
      totalCost: 500,
    },
    // Just after it.
    {
      userId: u3.id,
      createdAt: at('2021-03-20', '00:00'),
      serviceId: 1,
      status: 'confirmed',
      totalCost: 999,
    },
    // The previous range 2021-02-28 … 2021-03-09.
    { userId: u3.id, createdAt: at('2021-02-28', '00:00'), serviceId: 3, status: 'cancelled', totalCost: 50 },
    {
      userId: u3.id,
      createdAt: at('2021-03-01', '09:00'),
      serviceId: 2,
      status: 'completed',
      totalCost: 250,
    },
    { userId: u3.id, createdAt: at('2021-03-05', '09:00'), serviceId: 2, status: 'pending', totalCost: 70 },
    {
      userId: u3.id,
      createdAt: at('2021-03-09', '23:59:59'),
      serviceId: 1,
      status: 'confirmed',
      totalCost: 150,
    },
    // Just before that.
    {
      userId: u1.id,
      createdAt: at('2021-02-27', '23:59:59'),
      serviceId: 1,
      status: 'completed',
      totalCost: 888,
    },
  ]);
});
afterAll(async () => {
  await testApp?.close();
});

function statsOf(query: string) {
  return api(testApp.app, 'GET', `${apiPaths.admin.stats}${query}`, { cookie: admin.cookie });
}

describe('GET /api/bookings/admin/stats', () => {
  it('counts the bookings made in the range by status, with revenue, the previous period and their change', async () => {
    const response = await statsOf('?startDate=2021-03-10&endDate=2021-03-19');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AdminStatsResponse>();
    expect(body.timeZone).toBe(zone);
    expect(body.stats).toEqual({
      total: 6,
      pending: 1,
      confirmed: 2,
      completed: 2,
      cancelled: 1,
      // confirmed 200 + 250, completed 300 + 500; pending and cancelled are not revenue.
      totalRevenue: 1250,
    });
    expect(body.stats.confirmed).toBe(confirmedCount(body.stats));
    expect(body.previousRange).toEqual({ startDate: '2021-02-28', endDate: '2021-03-09' });
    expect(body.previous).toEqual({
      total: 4,
      pending: 1,
      confirmed: 1,
      completed: 1,
      cancelled: 1,
      totalRevenue: 400,
    });
    const previous = body.previous ?? body.stats;
    // (6 − 4) / 4 = +50 %; (1250 − 400) / 400 = +212.5 %; (2 − 1) / 1 = +100 %; 1 → 1 = 0 %.
    expect(percentChange(body.stats.total, previous.total)).toBe(50);
    expect(percentChange(body.stats.totalRevenue, previous.totalRevenue)).toBe(212.5);
    expect(percentChange(body.stats.confirmed, previous.confirmed)).toBe(100);
    expect(percentChange(body.stats.pending, previous.pending)).toBe(0);
  });

  it('gives one day per entry of the range, zeros included, across the daylight-saving change', async () => {
    const body = (await statsOf('?startDate=2021-03-10&endDate=2021-03-19')).json<AdminStatsResponse>();
    const figures: Record<string, [number, number]> = {
      '2021-03-10': [2, 200],
      '2021-03-14': [2, 300],
      '2021-03-15': [1, 250],
      '2021-03-19': [1, 500],
    };
    const days = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((day) => `2021-03-${day}`);
    expect(body.daily).toEqual(
      days.map((date) => ({ date, bookings: figures[date]?.[0] ?? 0, revenue: figures[date]?.[1] ?? 0 })),
    );
  });

  it('lists every service in catalogue order with its bookings, completed, cancelled and revenue', async () => {
    const body = (await statsOf('?startDate=2021-03-10&endDate=2021-03-19')).json<AdminStatsResponse>();
    const catalogue = await testApp.app.db
      .select({ id: services.id, name: services.name })
      .from(services)
      .orderBy(asc(services.id));
    const expected: Record<number, [number, number, number, number]> = {
      1: [3, 1, 0, 700],
      2: [2, 1, 1, 300],
      3: [1, 0, 0, 250],
    };
    expect(body.services).toEqual(
      catalogue.map(({ id, name }) => {
        const [bookings, completed, cancelled, revenue] = expected[id] ?? [0, 0, 0, 0];
        return { serviceId: id, name, bookings, completed, cancelled, revenue };
      }),
    );
  });

  it('with a date left open counts from or up to the other, without previous period or daily series', async () => {
    const all = (await statsOf('')).json<AdminStatsResponse>();
    expect(all.stats).toEqual({
      total: 12,
      pending: 2,
      confirmed: 4,
      completed: 4,
      cancelled: 2,
      totalRevenue: 200 + 250 + 300 + 500 + 999 + 250 + 150 + 888,
    });
    expect(all).toMatchObject({ previous: null, previousRange: null, daily: [] });
    const from = (await statsOf('?startDate=2021-03-10')).json<AdminStatsResponse>();
    expect(from.stats.total).toBe(7);
    expect(from.stats.totalRevenue).toBe(1250 + 999);
    const until = (await statsOf('?endDate=2021-03-09')).json<AdminStatsResponse>();
    expect(until.stats.total).toBe(5);
    expect(until.previous).toBeNull();
  });

  it('a single day compares with the day before', async () => {
    const body = (await statsOf('?startDate=2021-03-10&endDate=2021-03-10')).json<AdminStatsResponse>();
    expect(body.stats).toMatchObject({ total: 2, pending: 1, confirmed: 1, totalRevenue: 200 });
    expect(body.previousRange).toEqual({ startDate: '2021-03-09', endDate: '2021-03-09' });
    expect(body.previous).toMatchObject({ total: 1, confirmed: 1, totalRevenue: 150 });
    expect(body.daily).toEqual([{ date: '2021-03-10', bookings: 2, revenue: 200 }]);
  });

  it.each([
    [
      '?startDate=2021-02-30',
      'startDate',
      'startDate must be a date from 1970-01-01 to 2999-12-31, written YYYY-MM-DD',
    ],
    [
      '?endDate=yesterday',
      'endDate',
      'endDate must be a date from 1970-01-01 to 2999-12-31, written YYYY-MM-DD',
    ],
    ['?startDate=2021-03-10&endDate=2021-03-09', 'endDate', adminMessages.endBeforeStart],
    ['?startDate=1990-01-01&endDate=2021-03-09', 'endDate', adminMessages.rangeTooLong],
  ])('refuses %s with 400 and the field at fault', async (query, path, msg) => {
    const response = await statsOf(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: msg, errors: [{ path, msg }] });
  });
});

describe('GET /api/auth/users/stats', () => {
  it('counts active users (booked in the range) and new verified users, with the previous period', async () => {
    const response = await api(
      testApp.app,
      'GET',
      `${apiPaths.accounts.userStats}?startDate=2021-03-10&endDate=2021-03-19`,
      { cookie: admin.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    // Active: u1 and u2 booked in the range; only u3 in the previous one. New: u1 and u2 (u4 is unverified);
    // u3 before.
    expect(response.json<UserStatsResponse>()).toEqual({
      stats: { activeUsers: 2, newUsers: 2 },
      previous: { activeUsers: 1, newUsers: 1 },
    });
  });

  it('with open dates counts everything and has no previous period; bad dates are a 400', async () => {
    const open = await api(testApp.app, 'GET', apiPaths.accounts.userStats, { cookie: admin.cookie });
    // Everyone who ever booked (u1, u2, u3); every verified account (u1, u2, u3 and the administrator).
    expect(open.json<UserStatsResponse>()).toEqual({
      stats: { activeUsers: 3, newUsers: 4 },
      previous: null,
    });
    const bad = await api(
      testApp.app,
      'GET',
      `${apiPaths.accounts.userStats}?startDate=2021-03-10&endDate=2021-03-01`,
      { cookie: admin.cookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: adminMessages.endBeforeStart,
      errors: [{ path: 'endDate', msg: adminMessages.endBeforeStart }],
    });
  });
});
