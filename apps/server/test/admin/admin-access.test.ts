// Who may use the admin API (every route × signed out, client, administrator), and the status change.
import {
  accountMessages,
  adminMessages,
  apiPaths,
  type BookingResponse,
  bookingMessages,
} from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings } from '../../src/db/schema.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api, type Caller } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { seedBookings, signedInAdmin } from './fixtures.ts';

let testApp: TestApp;
let admin: Client;
let client: Client;
let bookingId: number;
let consultantId: number;
let timeOffId: number;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signedInAdmin(testApp, 'chief@access.test');
  client = await signedInClient(testApp, 'client@access.test', { firstName: 'Cleo', lastName: 'Client' });
  [bookingId = 0] = await seedBookings(testApp.app, [{ userId: client.id, createdAt: new Date() }]);
  const consultant = await api(
    testApp.app,
    'POST',
    apiPaths.consultants.admin,
    { cookie: admin.cookie },
    {
      name: 'Access Consultant',
      email: 'consultant@access.test',
      serviceIds: [1],
    },
  );
  consultantId = consultant.json().consultant.id;
  const timeOff = await api(
    testApp.app,
    'POST',
    apiPaths.consultants.timeOff(consultantId),
    { cookie: admin.cookie },
    { startDate: '2030-01-07', endDate: '2030-01-08', reason: 'Away' },
  );
  timeOffId = timeOff.json().timeOff.id;
});
afterAll(async () => {
  await testApp?.close();
});

interface AdminRoute {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: () => string;
  body?: object;
  ok: number;
}

const routes: Record<string, AdminRoute> = {
  stats: {
    method: 'GET',
    url: () => `${apiPaths.admin.stats}?startDate=2026-01-01&endDate=2026-01-31`,
    ok: 200,
  },
  all: { method: 'GET', url: () => `${apiPaths.admin.all}?status=pending&limit=10`, ok: 200 },
  upcoming: { method: 'GET', url: () => apiPaths.admin.upcoming, ok: 200 },
  export: { method: 'GET', url: () => apiPaths.admin.export, ok: 200 },
  status: {
    method: 'PUT',
    url: () => apiPaths.admin.status(bookingId),
    body: { status: 'pending' },
    ok: 200,
  },
  userStats: { method: 'GET', url: () => `${apiPaths.accounts.userStats}?startDate=2026-01-01`, ok: 200 },
  undeliveredMail: { method: 'GET', url: () => apiPaths.admin.undeliveredMail, ok: 200 },
  counts: { method: 'GET', url: () => apiPaths.admin.counts, ok: 200 },
  consultants: { method: 'GET', url: () => apiPaths.consultants.admin, ok: 200 },
  addConsultant: {
    method: 'POST',
    url: () => apiPaths.consultants.admin,
    body: { name: 'Second Consultant', email: 'second@access.test', serviceIds: [2] },
    ok: 201,
  },
  saveConsultant: {
    method: 'PUT',
    url: () => apiPaths.consultants.adminConsultant(consultantId),
    body: { name: 'Access Consultant', email: 'consultant@access.test', serviceIds: [1, 2] },
    ok: 200,
  },
  addTimeOff: {
    method: 'POST',
    url: () => apiPaths.consultants.timeOff(consultantId),
    body: { startDate: '2030-02-04', endDate: '2030-02-04', reason: 'A conference' },
    ok: 201,
  },
  removeTimeOff: {
    method: 'DELETE',
    url: () => apiPaths.consultants.timeOffEntry(consultantId, timeOffId),
    ok: 204,
  },
  settings: { method: 'GET', url: () => apiPaths.admin.settings, ok: 200 },
  saveSettings: {
    method: 'PUT',
    url: () => apiPaths.admin.settings,
    body: { billing: { legalName: 'OT Consulting LLC' } },
    ok: 200,
  },
};

function call(route: AdminRoute, caller: Caller) {
  return api(testApp.app, route.method, route.url(), caller, route.body);
}

describe('the admin API is for administrators only', () => {
  it.each(Object.keys(routes))('%s: signed out 401, a client 403, an administrator 2xx', async (name) => {
    const route = routes[name];
    if (!route) throw new Error(name);
    const signedOut = await call(route, {});
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: accountMessages.noActiveSession });
    const asClient = await call(route, { cookie: client.cookie });
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toEqual({ message: accountMessages.adminRequired });
    const asAdmin = await call(route, { cookie: admin.cookie });
    expect(asAdmin.statusCode, asAdmin.body).toBe(route.ok);
  });

  it('answers 401 and 403 before it judges a bad request', async () => {
    const bad = `${apiPaths.admin.all}?status=done&limit=1000`;
    expect((await api(testApp.app, 'GET', bad)).statusCode).toBe(401);
    expect((await api(testApp.app, 'GET', bad, { cookie: client.cookie })).statusCode).toBe(403);
    const badStatus = await api(
      testApp.app,
      'PUT',
      apiPaths.admin.status(bookingId),
      { cookie: client.cookie },
      {
        status: 'done',
      },
    );
    expect(badStatus.statusCode).toBe(403);
    // And the booking is untouched.
    const [row] = await testApp.app.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe('pending');
  });

  it('documents every admin route under the tag admin, with its error answers', async () => {
    const document = (await testApp.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
    }>();
    const documented = [
      [apiPaths.admin.stats, 'get'],
      [apiPaths.admin.all, 'get'],
      [apiPaths.admin.upcoming, 'get'],
      [apiPaths.admin.export, 'get'],
      [apiPaths.admin.status('{id}'), 'put'],
      [apiPaths.accounts.userStats, 'get'],
      [apiPaths.admin.undeliveredMail, 'get'],
      [apiPaths.admin.counts, 'get'],
      [apiPaths.consultants.admin, 'get'],
      [apiPaths.consultants.admin, 'post'],
      [apiPaths.consultants.adminConsultant('{id}'), 'put'],
      [apiPaths.consultants.timeOff('{id}'), 'post'],
      [apiPaths.consultants.timeOffEntry('{id}', '{timeOffId}'), 'delete'],
    ] as const;
    for (const [path, method] of documented) {
      const operation = document.paths[path]?.[method];
      expect(operation?.tags, path).toEqual(['admin']);
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(
        expect.arrayContaining([
          method === 'post' ? '201' : method === 'delete' ? '204' : '200',
          '401',
          '403',
        ]),
      );
    }
  });
});

describe('PUT /api/bookings/admin/{id}/status', () => {
  function setStatus(id: number | string, body: object) {
    return api(testApp.app, 'PUT', apiPaths.admin.status(id), { cookie: admin.cookie }, body);
  }

  it('sets the status and records who changed it, from what, to what and when', async () => {
    const [id = 0] = await seedBookings(testApp.app, [{ userId: client.id, createdAt: new Date() }]);
    const before = Date.now();
    const confirmed = await setStatus(id, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { booking } = confirmed.json<BookingResponse>();
    expect(booking).toMatchObject({
      id,
      status: 'confirmed',
      user_profiles: { first_name: 'Cleo', last_name: 'Client', email: 'client@access.test' },
    });
    expect((await setStatus(id, { status: 'completed' })).statusCode).toBe(200);
    const events = await testApp.app.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, id))
      .orderBy(asc(bookingEvents.id));
    expect(
      events.map(({ actor, actorUserId, fromStatus, toStatus }) => ({
        actor,
        actorUserId,
        fromStatus,
        toStatus,
      })),
    ).toEqual([
      { actor: 'admin', actorUserId: admin.id, fromStatus: 'pending', toStatus: 'confirmed' },
      { actor: 'admin', actorUserId: admin.id, fromStatus: 'confirmed', toStatus: 'completed' },
    ]);
    for (const event of events) expect(event.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses to reactivate a cancelled booking into a time another active booking holds (409)', async () => {
    const startsAt = new Date(Date.UTC(2042, 5, 2, 17));
    const [cancelled = 0] = await seedBookings(testApp.app, [
      { userId: client.id, createdAt: new Date(), status: 'cancelled', startsAt, serviceId: 2 },
    ]);
    const [holder = 0] = await seedBookings(testApp.app, [
      { userId: client.id, createdAt: new Date(), status: 'confirmed', startsAt, serviceId: 2 },
    ]);
    expect(holder).toBeGreaterThan(0);
    const response = await setStatus(cancelled, { status: 'pending' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: bookingMessages.slotTaken });
    const [row] = await testApp.app.db.select().from(bookings).where(eq(bookings.id, cancelled));
    expect(row?.status).toBe('cancelled');
    const events = await testApp.app.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, cancelled));
    expect(events).toEqual([]);
  });

  it('answers 404 for an unknown booking and 400 for a status that does not exist', async () => {
    const unknown = await setStatus(2_000_000, { status: 'confirmed' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: bookingMessages.bookingNotFound });
    const bad = await setStatus(bookingId, { status: 'done' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: adminMessages.bookingStatusInvalid,
      errors: [{ path: 'status', msg: adminMessages.bookingStatusInvalid }],
    });
    const badId = await setStatus('abc', { status: 'confirmed' });
    expect(badId.statusCode).toBe(400);
  });
});
