// The consultants' admin API (records, services, hours, time off; each change recorded) and the public list.
// Who may call the admin routes is in admin/admin-access.test.ts.
import {
  addDays,
  apiPaths,
  consultantLimits,
  consultantMessages,
  defaultBusinessTimeZone,
  todayIn,
  type WeeklyHours,
} from '@portal/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminChanges, consultants, consultantTimeOff } from '../../src/db/schema.ts';
import { seedConsultants } from '../../src/modules/catalogue/catalogue.seed.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import type { Client } from '../bookings/clients.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

let testApp: TestApp;
let admin: Client;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signedInAdmin(testApp, 'office@consultants.test');
});
afterAll(async () => {
  await testApp?.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
  api(testApp.app, method, url, { cookie: admin.cookie }, body);

function changesOf(subject: 'consultant' | 'time_off', subjectId: number) {
  return testApp.app.db
    .select()
    .from(adminChanges)
    .where(and(eq(adminChanges.subject, subject), eq(adminChanges.subjectId, subjectId)))
    .orderBy(asc(adminChanges.id));
}

/** Mornings only, Monday-Friday: inside the firm's default hours (9 AM - 5 PM). */
const mornings: WeeklyHours = {
  sunday: [],
  monday: [{ start: '09:00', end: '12:00' }],
  tuesday: [{ start: '09:00', end: '12:00' }],
  wednesday: [{ start: '09:00', end: '12:00' }],
  thursday: [{ start: '09:00', end: '12:00' }],
  friday: [{ start: '09:00', end: '12:00' }],
  saturday: [],
};

let emails = 0;
function newBody(extra: object = {}) {
  emails += 1;
  return {
    name: `Consultant ${emails}`,
    email: `consultant${emails}@consultants.test`,
    serviceIds: [1],
    ...extra,
  };
}

async function created(extra: object = {}) {
  const response = await asAdmin('POST', apiPaths.consultants.admin, newBody(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().consultant as { id: number; email: string; name: string };
}

describe('GET /api/admin/consultants', () => {
  it("answers the seeded consultants in the contract's shape, by id", async () => {
    const response = await asAdmin('GET', apiPaths.consultants.admin);
    expect(response.statusCode).toBe(200);
    const seeded = response.json().consultants.slice(0, 4);
    expect(seeded).toEqual(
      seedConsultants.map((consultant) => ({
        id: consultant.id,
        name: consultant.name,
        email: consultant.email,
        title: consultant.title,
        bio: consultant.bio,
        service_ids: [consultant.serviceId],
        weekly_hours: null,
        active: true,
        user_id: null,
        time_off: [],
      })),
    );
  });
});

describe('POST /api/admin/consultants', () => {
  it('adds a consultant (201 { consultant }) and records who added them, and what', async () => {
    const response = await asAdmin('POST', apiPaths.consultants.admin, {
      name: 'Nora Quinn',
      email: 'Nora.Quinn@consultants.test',
      title: 'Cloud Architect',
      bio: 'Moves firms to the cloud.',
      serviceIds: [4, 1, 4],
      weeklyHours: mornings,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { consultant } = response.json();
    expect(consultant).toEqual({
      id: expect.any(Number),
      name: 'Nora Quinn',
      email: 'Nora.Quinn@consultants.test',
      title: 'Cloud Architect',
      bio: 'Moves firms to the cloud.',
      service_ids: [1, 4],
      weekly_hours: mornings,
      active: true,
      user_id: null,
      time_off: [],
    });
    const listed = (await asAdmin('GET', apiPaths.consultants.admin)).json().consultants;
    expect(listed).toContainEqual(consultant);
    const [change, ...more] = await changesOf('consultant', consultant.id);
    expect(more).toEqual([]);
    expect(change).toMatchObject({
      actorEmail: 'office@consultants.test',
      action: 'created',
      before: null,
      after: {
        name: 'Nora Quinn',
        email: 'Nora.Quinn@consultants.test',
        title: 'Cloud Architect',
        bio: 'Moves firms to the cloud.',
        serviceIds: [1, 4],
        weeklyHours: mornings,
        active: true,
      },
    });
  });

  it("leaves title, bio and hours to their defaults: no title, no bio, the firm's hours", async () => {
    const consultant = await created();
    expect(consultant).toMatchObject({ title: '', bio: '', weekly_hours: null, active: true });
  });

  it('refuses an email another consultant has, whatever its case (409 naming email)', async () => {
    const first = await created();
    const again = await asAdmin(
      'POST',
      apiPaths.consultants.admin,
      newBody({ email: first.email.toUpperCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: consultantMessages.emailTaken,
      errors: [{ path: 'email', msg: consultantMessages.emailTaken }],
    });
  });

  it.each([
    ['weeklyHours', { weeklyHours: { ...mornings, monday: [{ start: '08:00', end: '12:00' }] } }],
    ['weeklyHours', { weeklyHours: { ...mornings, saturday: [{ start: '10:00', end: '11:00' }] } }],
    ['serviceIds', { serviceIds: [1, 9999] }],
    ['serviceIds', { serviceIds: 'all' }],
    ['email', { email: 'not an address' }],
    ['name', { name: '' }],
    ['hourlyRate', { hourlyRate: 3 }],
  ])('answers 400 naming %s', async (field, extra) => {
    const response = await asAdmin('POST', apiPaths.consultants.admin, newBody(extra));
    expect(response.statusCode, response.body).toBe(400);
    const paths = response.json().errors.map((error: { path: string }) => error.path.split('.')[0]);
    expect(paths).toContain(field);
  });

  it("names the day and the hours outside the firm's, and the unknown service", async () => {
    const early = await asAdmin(
      'POST',
      apiPaths.consultants.admin,
      newBody({ weeklyHours: { ...mornings, monday: [{ start: '08:00', end: '12:00' }] } }),
    );
    expect(early.json().errors).toEqual([
      { path: 'weeklyHours', msg: consultantMessages.hoursOutsideFirm('Monday', '08:00', '12:00') },
    ]);
    expect(consultantMessages.hoursOutsideFirm('Monday', '08:00', '12:00')).toBe(
      "Monday: 8 AM - 12 PM is outside the firm's opening hours",
    );
    const unknown = await asAdmin('POST', apiPaths.consultants.admin, newBody({ serviceIds: [9999] }));
    expect(unknown.json().errors).toEqual([
      { path: 'serviceIds', msg: consultantMessages.serviceUnknown([9999]) },
    ]);
  });
});

describe('PUT /api/admin/consultants/{id}', () => {
  it('saves the record, keeps what is left out, records before and after', async () => {
    const consultant = await created({ title: 'Adviser', bio: 'Advises.' });
    const response = await asAdmin('PUT', apiPaths.consultants.adminConsultant(consultant.id), {
      name: 'Renamed',
      email: consultant.email,
      serviceIds: [2, 3],
      active: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      consultant: {
        id: consultant.id,
        name: 'Renamed',
        email: consultant.email,
        title: 'Adviser',
        bio: 'Advises.',
        service_ids: [2, 3],
        weekly_hours: null,
        active: false,
        user_id: null,
        time_off: [],
      },
    });
    const changes = await changesOf('consultant', consultant.id);
    expect(changes.map((change) => change.action)).toEqual(['created', 'updated']);
    expect(changes[1]).toMatchObject({
      actorEmail: 'office@consultants.test',
      before: { name: consultant.name, serviceIds: [1], active: true },
      after: { name: 'Renamed', serviceIds: [2, 3], active: false, title: 'Adviser' },
    });
    // The same save again changes nothing, and records nothing.
    await asAdmin('PUT', apiPaths.consultants.adminConsultant(consultant.id), {
      name: 'Renamed',
      email: consultant.email,
      serviceIds: [3, 2],
    });
    expect(await changesOf('consultant', consultant.id)).toHaveLength(2);
  });

  it('sets their own hours and gives them back to the firm with null', async () => {
    const consultant = await created();
    const url = apiPaths.consultants.adminConsultant(consultant.id);
    const own = await asAdmin('PUT', url, {
      name: consultant.name,
      email: consultant.email,
      serviceIds: [1],
      weeklyHours: mornings,
    });
    expect(own.json().consultant.weekly_hours).toEqual(mornings);
    const firms = await asAdmin('PUT', url, {
      name: consultant.name,
      email: consultant.email,
      serviceIds: [1],
      weeklyHours: null,
    });
    expect(firms.json().consultant.weekly_hours).toBeNull();
  });

  it("refuses another consultant's email (409), an unknown id (404) and hours outside the firm's (400)", async () => {
    const [first, second] = [await created(), await created()];
    const taken = await asAdmin('PUT', apiPaths.consultants.adminConsultant(second.id), {
      name: second.name,
      email: first.email,
      serviceIds: [1],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'email', msg: consultantMessages.emailTaken }]);
    const missing = await asAdmin('PUT', apiPaths.consultants.adminConsultant(999_999), newBody());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: consultantMessages.notFound });
    const late = await asAdmin('PUT', apiPaths.consultants.adminConsultant(second.id), {
      name: second.name,
      email: second.email,
      serviceIds: [1],
      weeklyHours: { ...mornings, friday: [{ start: '15:00', end: '18:00' }] },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors[0].path).toBe('weeklyHours');
  });
});

describe('time off', () => {
  const today = () => todayIn(defaultBusinessTimeZone, new Date());

  it('adds time off (201, no bookings affected yet), lists it ahead, removes it (204); each recorded', async () => {
    const consultant = await created();
    const start = addDays(today(), 10);
    const end = addDays(today(), 12);
    const response = await asAdmin('POST', apiPaths.consultants.timeOff(consultant.id), {
      startDate: start,
      endDate: end,
      reason: 'A conference',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { timeOff } = response.json();
    expect(response.json()).toEqual({
      timeOff: { id: expect.any(Number), startDate: start, endDate: end, reason: 'A conference' },
      affectedBookings: [],
    });
    // Time off already over is not listed.
    await asAdmin('POST', apiPaths.consultants.timeOff(consultant.id), {
      startDate: addDays(today(), -5),
      endDate: addDays(today(), -3),
      reason: 'Last week',
    });
    const listed = (await asAdmin('GET', apiPaths.consultants.admin)).json().consultants;
    expect(listed.find((each: { id: number }) => each.id === consultant.id).time_off).toEqual([timeOff]);
    expect(await changesOf('time_off', timeOff.id)).toMatchObject([
      { action: 'created', before: null, after: { consultantId: consultant.id, ...timeOff } },
    ]);

    const removed = await asAdmin('DELETE', apiPaths.consultants.timeOffEntry(consultant.id, timeOff.id));
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const afterwards = (await asAdmin('GET', apiPaths.consultants.admin)).json().consultants;
    expect(afterwards.find((each: { id: number }) => each.id === consultant.id).time_off).toEqual([]);
    expect((await changesOf('time_off', timeOff.id)).map((change) => change.action)).toEqual([
      'created',
      'deleted',
    ]);
    const again = await asAdmin('DELETE', apiPaths.consultants.timeOffEntry(consultant.id, timeOff.id));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: consultantMessages.timeOffNotFound });
  });

  it("answers 404 for another consultant's time off and for an unknown consultant", async () => {
    const [owner, other] = [await created(), await created()];
    const day = addDays(today(), 20);
    const { timeOff } = (
      await asAdmin('POST', apiPaths.consultants.timeOff(owner.id), {
        startDate: day,
        endDate: day,
        reason: 'Away',
      })
    ).json();
    const wrong = await asAdmin('DELETE', apiPaths.consultants.timeOffEntry(other.id, timeOff.id));
    expect(wrong.statusCode).toBe(404);
    const unknown = await asAdmin('POST', apiPaths.consultants.timeOff(999_999), {
      startDate: day,
      endDate: day,
      reason: 'Away',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: consultantMessages.notFound });
  });

  it.each([
    [
      'startDate',
      { startDate: '2030-02-30', endDate: '2030-03-01', reason: 'Away' },
      consultantMessages.dateInvalid,
    ],
    ['endDate', { startDate: '2030-03-01', endDate: 'soon', reason: 'Away' }, consultantMessages.dateInvalid],
    [
      'endDate',
      { startDate: '2030-03-02', endDate: '2030-03-01', reason: 'Away' },
      consultantMessages.timeOffBackwards,
    ],
    [
      'reason',
      { startDate: '2030-03-01', endDate: '2030-03-01', reason: ' ' },
      consultantMessages.reasonRequired,
    ],
  ])('answers 400 naming %s', async (path, body, msg) => {
    const consultant = await created();
    const response = await asAdmin('POST', apiPaths.consultants.timeOff(consultant.id), body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path, msg });
  });
});

describe('GET /api/consultants', () => {
  it('lists the active consultants by name, without their email; ?serviceId= those who deliver it', async () => {
    const retired = await created({ name: 'Aaron Retired', serviceIds: [2] });
    await asAdmin('PUT', apiPaths.consultants.adminConsultant(retired.id), {
      name: retired.name,
      email: retired.email,
      serviceIds: [2],
      active: false,
    });
    const abby = await created({ name: 'Abby First', title: 'Data Lead', bio: 'Data.', serviceIds: [2, 3] });
    const everyone = await api(testApp.app, 'GET', apiPaths.consultants.public);
    expect(everyone.statusCode).toBe(200);
    const { consultants } = everyone.json();
    expect(consultants[0]).toEqual({
      id: abby.id,
      name: 'Abby First',
      title: 'Data Lead',
      bio: 'Data.',
      service_ids: [2, 3],
    });
    expect(consultants.map((each: { id: number }) => each.id)).not.toContain(retired.id);
    const names = consultants.map((each: { name: string }) => each.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));

    const database = (await api(testApp.app, 'GET', `${apiPaths.consultants.public}?serviceId=2`)).json();
    expect(database.consultants.map((each: { id: number }) => each.id)).toEqual([
      abby.id,
      seedConsultants[1].id,
    ]);
  });

  it.each(['abc', '0', '-1', '1.5'])('answers 400 naming serviceId for ?serviceId=%s', async (value) => {
    const response = await api(testApp.app, 'GET', `${apiPaths.consultants.public}?serviceId=${value}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toEqual({
      path: 'serviceId',
      msg: consultantMessages.serviceIdInvalid,
    });
  });
});

describe('services name their consultants', () => {
  let services = 0;
  function serviceBody(extra: object = {}) {
    services += 1;
    return {
      name: `Consulted Service ${services}`,
      category: 'it-consulting',
      hourly_rate: 120,
      duration: 60,
      description: 'A service with consultants.',
      ...extra,
    };
  }
  const deliverers = async (serviceId: number) =>
    (await api(testApp.app, 'GET', `${apiPaths.consultants.public}?serviceId=${serviceId}`))
      .json()
      .consultants.map((each: { id: number }) => each.id)
      .sort((a: number, b: number) => a - b);

  it('gives a new service every active consultant when it names none, and only those it names', async () => {
    const retired = await created();
    await asAdmin('PUT', apiPaths.consultants.adminConsultant(retired.id), {
      name: retired.name,
      email: retired.email,
      serviceIds: [1],
      active: false,
    });
    const everyone = await asAdmin('POST', apiPaths.catalogue.adminServices, serviceBody());
    expect(everyone.statusCode, everyone.body).toBe(201);
    const active = (await asAdmin('GET', apiPaths.consultants.admin))
      .json()
      .consultants.filter((each: { active: boolean }) => each.active)
      .map((each: { id: number }) => each.id);
    expect(await deliverers(everyone.json().service.id)).toEqual(active);
    const admins = (await asAdmin('GET', apiPaths.consultants.admin)).json().consultants;
    expect(admins.find((each: { id: number }) => each.id === retired.id).service_ids).toEqual([1]);

    const named = await asAdmin(
      'POST',
      apiPaths.catalogue.adminServices,
      serviceBody({ consultantIds: [2, 3] }),
    );
    expect(named.statusCode, named.body).toBe(201);
    expect(await deliverers(named.json().service.id)).toEqual([2, 3]);
  });

  it('replaces the consultants of a service on PUT, records each one changed, keeps them when left out', async () => {
    const consultant = await created();
    const record = serviceBody();
    const service = (
      await asAdmin('POST', apiPaths.catalogue.adminServices, { ...record, consultantIds: [1] })
    ).json().service;
    const saved = await asAdmin('PUT', apiPaths.catalogue.adminService(service.id), {
      ...record,
      longDescription: '',
      features: [],
      benefits: [],
      process: [],
      technologies: [],
      deliverables: [],
      active: true,
      consultantIds: [consultant.id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await deliverers(service.id)).toEqual([consultant.id]);
    const changes = await changesOf('consultant', consultant.id);
    expect(changes.at(-1)).toMatchObject({
      action: 'updated',
      before: { serviceIds: [1] },
      after: { serviceIds: [1, service.id] },
    });
    // Left out: they stay.
    const again = await asAdmin('PUT', apiPaths.catalogue.adminService(service.id), {
      ...record,
      description: 'Changed.',
      longDescription: '',
      features: [],
      benefits: [],
      process: [],
      technologies: [],
      deliverables: [],
      active: true,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await deliverers(service.id)).toEqual([consultant.id]);
  });

  it('answers 400 naming consultantIds for an unknown consultant, and adds no service', async () => {
    const body = serviceBody({ consultantIds: [1, 999_999] });
    const response = await asAdmin('POST', apiPaths.catalogue.adminServices, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'consultantIds', msg: consultantMessages.consultantUnknown([999_999]) },
    ]);
    const listed = (await asAdmin('GET', apiPaths.catalogue.adminServices)).json().services;
    expect(listed.map((each: { name: string }) => each.name)).not.toContain(body.name);
    const malformed = await asAdmin(
      'POST',
      apiPaths.catalogue.adminServices,
      serviceBody({ consultantIds: 'all' }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].path).toBe('consultantIds');
  });
});

describe('the lists are bounded', () => {
  it('refuses a consultant beyond 200, and time off beyond 100 periods ahead (409), keeping nothing', async () => {
    const db = testApp.app.db;
    const [existing] = await db.select({ total: count() }).from(consultants);
    const missing = consultantLimits.maxConsultants - (existing?.total ?? 0);
    const filler = await db
      .insert(consultants)
      .values(
        Array.from({ length: missing }, (_, index) => ({
          name: `Filler ${index}`,
          email: `filler${index}@bounds.test`,
          active: false,
        })),
      )
      .returning({ id: consultants.id });
    try {
      const refused = await asAdmin('POST', apiPaths.consultants.admin, newBody());
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(consultantMessages.tooManyConsultants);
    } finally {
      await db.delete(consultants).where(
        inArray(
          consultants.id,
          filler.map((row) => row.id),
        ),
      );
    }

    const consultant = await created();
    const from = addDays(todayIn(defaultBusinessTimeZone, new Date()), 1);
    await db.insert(consultantTimeOff).values(
      Array.from({ length: consultantLimits.maxTimeOffAhead }, (_, index) => ({
        consultantId: consultant.id,
        startDate: addDays(from, index),
        endDate: addDays(from, index),
        reason: 'Conference',
      })),
    );
    const more = await asAdmin('POST', apiPaths.consultants.timeOff(consultant.id), {
      startDate: addDays(from, 200),
      endDate: addDays(from, 200),
      reason: 'Holiday',
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(consultantMessages.tooMuchTimeOff);
    const kept = await db
      .select({ total: count() })
      .from(consultantTimeOff)
      .where(eq(consultantTimeOff.consultantId, consultant.id));
    expect(kept[0]?.total).toBe(consultantLimits.maxTimeOffAhead);
  });
});
