// The consultants' own area (docs/decisions/048): an administrator links a consultant's record to an account by its
// email, which makes the account a consultant's; the consultant reads and handles their own bookings only.
import {
  accountMessages,
  apiPaths,
  type Booking,
  bookingMessages,
  consultantAreaMessages,
  type ProfileUser,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, consultants, users } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api, type Caller, identity } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { linkIn, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';

let testApp: TestApp;
let mail: MailCapture;
let admin: Client;
let owner: Client;
let stranger: Client;
let mine: Client;
let other: Client;
let mineId: number;
let otherId: number;
let myBooking: number;
let otherBooking: number;

beforeAll(async () => {
  mail = await startMailCapture();
  testApp = await buildTestApp({
    env: { SMTP_URL: mail.url, MAIL_FROM: 'OT Consulting <no-reply@ot.test>' },
    mail: { pollIntervalMs: 50 },
  });
  admin = await signedInAdmin(testApp, 'chief@area.test');
  owner = await signedInClient(testApp, 'owner@area.test', { firstName: 'Olive', lastName: 'Owner' });
  stranger = await signedInClient(testApp, 'stranger@area.test');
  mine = await signedInClient(testApp, 'mine@area.test', { firstName: 'Mia', lastName: 'Mine' });
  other = await signedInClient(testApp, 'other@area.test', { firstName: 'Otto', lastName: 'Other' });
  mineId = await addConsultant({ name: 'Mia Mine', email: 'MINE@area.test', serviceIds: [1] });
  otherId = await addConsultant({ name: 'Otto Other', email: 'other@area.test', serviceIds: [1] });
  [myBooking = 0, otherBooking = 0] = await seedBookings(testApp.app, [
    {
      userId: owner.id,
      createdAt: new Date(),
      consultantId: mineId,
      startsAt: new Date('2040-03-06T15:00:00Z'),
    },
    {
      userId: owner.id,
      createdAt: new Date(),
      consultantId: otherId,
      startsAt: new Date('2040-03-06T15:00:00Z'),
    },
  ]);
});
afterAll(async () => {
  await testApp?.close();
  await mail?.close();
});

async function addConsultant(body: object): Promise<number> {
  const response = await api(testApp.app, 'POST', apiPaths.consultants.admin, { cookie: admin.cookie }, body);
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().consultant.id;
}

async function roleOf(email: string): Promise<string | undefined> {
  const [row] = await testApp.app.db.select({ role: users.role }).from(users).where(eq(users.email, email));
  return row?.role;
}

async function linkOf(consultantId: number): Promise<string | null | undefined> {
  const [row] = await testApp.app.db
    .select({ userId: consultants.userId })
    .from(consultants)
    .where(eq(consultants.id, consultantId));
  return row?.userId;
}

function save(id: number, body: object) {
  return api(testApp.app, 'PUT', apiPaths.consultants.adminConsultant(id), { cookie: admin.cookie }, body);
}

describe('linking a consultant to an account', () => {
  it('links the verified account with the email, whatever its case, and makes it a consultant', async () => {
    expect(await linkOf(mineId)).toBe(mine.id);
    expect(await roleOf('mine@area.test')).toBe('consultant');
    const profile = await api(testApp.app, 'GET', apiPaths.accounts.profile, { cookie: mine.cookie });
    expect(profile.json<{ user: ProfileUser }>().user.role).toBe('consultant');
    const listed = await api(testApp.app, 'GET', apiPaths.consultants.admin, { cookie: admin.cookie });
    expect(
      listed.json().consultants.find((consultant: { id: number }) => consultant.id === mineId).user_id,
    ).toBe(mine.id);
  });

  it('gives the account back to the client role when the email changes or the consultant retires', async () => {
    const moved = await signedInClient(testApp, 'moved@area.test');
    const leaver = await signedInClient(testApp, 'leaver@area.test');
    const id = await addConsultant({ name: 'Lee Leaver', email: 'leaver@area.test', serviceIds: [2] });
    expect(await roleOf('leaver@area.test')).toBe('consultant');

    const changed = await save(id, { name: 'Lee Leaver', email: 'moved@area.test', serviceIds: [2] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().consultant.user_id).toBe(moved.id);
    expect(await roleOf('leaver@area.test')).toBe('client');
    expect(await roleOf('moved@area.test')).toBe('consultant');

    const retired = await save(id, {
      name: 'Lee Leaver',
      email: 'moved@area.test',
      serviceIds: [2],
      active: false,
    });
    expect(retired.json().consultant.user_id).toBeNull();
    expect(await roleOf('moved@area.test')).toBe('client');
    // The former consultant's session answers as a client's at once.
    const denied = await api(
      testApp.app,
      'GET',
      `${apiPaths.consultants.ownBookings}?from=2040-03-05&to=2040-03-11`,
      {
        cookie: moved.cookie,
      },
    );
    expect(denied.statusCode).toBe(403);
    expect(leaver.id).not.toBe(moved.id);
  });

  it('never demotes an administrator, linked or unlinked', async () => {
    const id = await addConsultant({ name: 'Ada Admin', email: 'chief@area.test', serviceIds: [3] });
    expect(await linkOf(id)).toBe(admin.id);
    expect(await roleOf('chief@area.test')).toBe('admin');
    await save(id, { name: 'Ada Admin', email: 'ada-elsewhere@area.test', serviceIds: [3] });
    expect(await linkOf(id)).toBeNull();
    expect(await roleOf('chief@area.test')).toBe('admin');
  });

  it('links nothing to an account not verified, and links it once its owner follows the emailed link', async () => {
    const email = 'later@area.test';
    const id = await addConsultant({ name: 'Lou Later', email, serviceIds: [4] });
    expect(await linkOf(id)).toBeNull();
    const signUp = await identity(
      testApp.app,
      'POST',
      '/sign-up/email',
      { email, password: 'later-password-1' },
      {
        ip: '10.55.0.1',
      },
    );
    expect(signUp.statusCode).toBe(200);
    expect(await linkOf(id)).toBeNull();
    expect(await roleOf(email)).toBe('client');
    const link = new URL(linkIn(await mail.waitFor(email, { subject: /Verify/ }), '/verify-email'));
    const verify = await testApp.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(verify.statusCode).toBeLessThan(400);
    const [user] = await testApp.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await linkOf(id)).toBe(user?.id);
    expect(await roleOf(email)).toBe('consultant');
  });
});

/** What each caller gets: a status code, or a check of the whole answer. */
type Expected = Record<'anonymous' | 'client' | 'consultant' | 'otherConsultant' | 'admin', number>;

function callers(): Record<keyof Expected, Caller> {
  return {
    anonymous: {},
    client: { cookie: stranger.cookie },
    consultant: { cookie: mine.cookie },
    otherConsultant: { cookie: other.cookie },
    admin: { cookie: admin.cookie },
  };
}

describe('the role matrix of every route a consultant may use', () => {
  const week = () => `${apiPaths.consultants.ownBookings}?from=2040-03-05&to=2040-03-11`;

  it('GET /api/bookings/{id}: the consultant of the booking and an administrator, no one else', async () => {
    const expected: Expected = {
      anonymous: 401,
      client: 404,
      consultant: 200,
      otherConsultant: 404,
      admin: 200,
    };
    for (const [who, caller] of Object.entries(callers())) {
      const answer = await api(testApp.app, 'GET', apiPaths.bookings.booking(myBooking), caller);
      expect(answer.statusCode, who).toBe(expected[who as keyof Expected]);
      if (answer.statusCode === 404)
        expect(answer.json()).toEqual({ message: bookingMessages.bookingNotFound });
    }
    const seen = await api(testApp.app, 'GET', apiPaths.bookings.booking(myBooking), { cookie: mine.cookie });
    expect(seen.json()).toMatchObject({
      booking: { id: myBooking, consultant: { id: mineId, name: 'Mia Mine' } },
      is_owner: false,
    });
  });

  it('PUT /api/bookings/admin/{id}/status: their own booking only, and only to confirm, complete or cancel', async () => {
    const expected: Expected = {
      anonymous: 401,
      client: 403,
      consultant: 200,
      otherConsultant: 404,
      admin: 200,
    };
    const statuses: Record<keyof Expected, string> = {
      anonymous: 'confirmed',
      client: 'confirmed',
      consultant: 'confirmed',
      otherConsultant: 'cancelled',
      admin: 'pending',
    };
    for (const [who, caller] of Object.entries(callers())) {
      const key = who as keyof Expected;
      const answer = await api(testApp.app, 'PUT', apiPaths.admin.status(myBooking), caller, {
        status: statuses[key],
      });
      expect(answer.statusCode, `${who}: ${answer.body}`).toBe(expected[key]);
      const [row] = await testApp.app.db.select().from(bookings).where(eq(bookings.id, myBooking));
      // Each refusal left the booking as it was: confirmed by its consultant, then set back by the administrator.
      expect(row?.status, who).toBe(
        key === 'admin' ? 'pending' : key === 'anonymous' || key === 'client' ? 'pending' : 'confirmed',
      );
    }
    const pending = await api(
      testApp.app,
      'PUT',
      apiPaths.admin.status(myBooking),
      { cookie: mine.cookie },
      {
        status: 'pending',
      },
    );
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({ message: consultantAreaMessages.statusNotAllowed });
    for (const status of ['confirmed', 'completed', 'cancelled']) {
      const answer = await api(
        testApp.app,
        'PUT',
        apiPaths.admin.status(myBooking),
        { cookie: mine.cookie },
        {
          status,
        },
      );
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<{ booking: Booking }>().booking.status).toBe(status);
    }
    const missing = await api(
      testApp.app,
      'PUT',
      apiPaths.admin.status(999_999),
      { cookie: mine.cookie },
      {
        status: 'confirmed',
      },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('GET /api/consultant/bookings: their own only; an administrator not linked has none', async () => {
    const expected: Expected = {
      anonymous: 401,
      client: 403,
      consultant: 200,
      otherConsultant: 200,
      admin: 200,
    };
    const ids: Partial<Record<keyof Expected, number[]>> = {
      consultant: [myBooking],
      otherConsultant: [otherBooking],
      admin: [],
    };
    for (const [who, caller] of Object.entries(callers())) {
      const key = who as keyof Expected;
      const answer = await api(testApp.app, 'GET', week(), caller);
      expect(answer.statusCode, who).toBe(expected[key]);
      if (answer.statusCode === 200) {
        expect(
          answer.json<{ bookings: Booking[] }>().bookings.map((booking) => booking.id),
          who,
        ).toEqual(ids[key]);
      }
    }
    const outside = await api(
      testApp.app,
      'GET',
      `${apiPaths.consultants.ownBookings}?from=2040-03-07&to=2040-03-11`,
      { cookie: mine.cookie },
    );
    expect(outside.json().bookings).toEqual([]);
  });

  it('GET /api/consultant/bookings: a bad or unbounded range is a 400 naming the field', async () => {
    const cases: [string, string, string][] = [
      ['from=2040-13-01&to=2040-03-11', 'from', consultantAreaMessages.fromInvalid],
      ['from=2040-03-05&to=tomorrow', 'to', consultantAreaMessages.toInvalid],
      ['from=2040-03-05', 'to', consultantAreaMessages.toInvalid],
      ['from=2040-03-11&to=2040-03-05', 'to', consultantAreaMessages.toBeforeFrom],
      ['from=2040-01-01&to=2040-12-31', 'to', consultantAreaMessages.rangeTooLong],
    ];
    for (const [query, path, message] of cases) {
      const answer = await api(testApp.app, 'GET', `${apiPaths.consultants.ownBookings}?${query}`, {
        cookie: mine.cookie,
      });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().errors, query).toContainEqual({ path, msg: message });
    }
  });

  it('refuses a consultant every other admin route with 403, before reading the request', async () => {
    const document = (await testApp.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    const adminRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes('admin'))
        .map(([method, _]) => ({ method: method.toUpperCase(), path })),
    );
    expect(adminRoutes.length).toBeGreaterThan(20);
    for (const { method, path } of adminRoutes) {
      if (path === apiPaths.admin.status('{id}')) continue;
      const url = path.replace(/\{[^}]+\}/g, '1');
      const answer = await api(testApp.app, method as 'GET' | 'PUT' | 'POST' | 'DELETE', url, {
        cookie: mine.cookie,
      });
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
      expect(answer.json()).toEqual({ message: accountMessages.adminRequired });
    }
  });
});
