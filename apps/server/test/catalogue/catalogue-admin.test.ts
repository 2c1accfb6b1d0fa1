import {
  type AdminBookingsResponse,
  accountMessages,
  apiPaths,
  defaultBusinessTimeZone,
  defaultSchedule,
  type MyBookingsResponse,
  type NewServiceBody,
  type Service,
  type ServiceChangesResponse,
  serviceLimits,
  serviceMessages,
  zonedInstant,
} from '@portal/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminChanges, services } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { type Client, dayAllocator, postBooking, signedInClient } from '../bookings/clients.ts';
import { api, type Caller } from '../helpers/accounts.ts';
import { buildTestApp, secondApp, type TestApp } from '../helpers/build-test-app.ts';

let testApp: TestApp;
let admin: Client;
let client: Client;
const nextDay = dayAllocator(3);

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signedInAdmin(testApp, 'office@services.test');
  client = await signedInClient(testApp, 'client@services.test', { firstName: 'Cleo', lastName: 'Client' });
});
afterAll(async () => {
  await testApp?.close();
});

const asAdmin = () => ({ cookie: admin.cookie });

function send(method: 'GET' | 'POST' | 'PUT', url: string, body?: object, caller: Caller = asAdmin()) {
  return api(testApp.app, method, url, caller, body);
}

/** The whole editable record of a service, as the form sends it. */
function editable(service: Service) {
  const { id: _id, icon: _icon, rating: _rating, ...record } = service;
  return record;
}

let nameCounter = 0;
function newService(overrides: Partial<NewServiceBody> = {}): NewServiceBody {
  nameCounter += 1;
  return {
    name: `Security Review ${nameCounter}`,
    category: 'security',
    hourly_rate: 180,
    duration: 90,
    description: 'An independent look at how well your systems resist attack.',
    longDescription: 'We review your systems.\nThen we write it down.',
    features: ['Threat model', 'Configuration review'],
    benefits: ['Fewer surprises'],
    process: ['Interview', 'Review', 'Report'],
    technologies: ['OWASP ZAP'],
    deliverables: ['A written report'],
    ...overrides,
  };
}

async function create(overrides: Partial<NewServiceBody> = {}): Promise<Service> {
  const response = await send('POST', apiPaths.catalogue.adminServices, newService(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ service: Service }>().service;
}

async function save(service: Service, changes: Partial<Service>): Promise<Service> {
  const response = await send('PUT', apiPaths.catalogue.adminService(service.id), {
    ...editable(service),
    ...changes,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ service: Service }>().service;
}

async function serviceOne(): Promise<Service> {
  return (await api(testApp.app, 'GET', apiPaths.catalogue.service(1))).json<{ service: Service }>().service;
}

async function publicList(app: FastifyInstance = testApp.app): Promise<Service[]> {
  return (await api(app, 'GET', apiPaths.catalogue.services)).json<{ services: Service[] }>().services;
}

describe('the admin catalogue API is for administrators only', () => {
  const routes = {
    list: { method: 'GET', url: () => apiPaths.catalogue.adminServices, body: undefined, ok: 200 },
    changes: { method: 'GET', url: () => apiPaths.catalogue.adminChanges, body: undefined, ok: 200 },
    create: { method: 'POST', url: () => apiPaths.catalogue.adminServices, body: newService(), ok: 201 },
    // Saving service 1 as it is: allowed, and changes nothing.
    update: { method: 'PUT', url: () => apiPaths.catalogue.adminService(1), body: undefined, ok: 200 },
  } as const;

  it.each(Object.keys(routes) as (keyof typeof routes)[])(
    '%s: signed out 401, a client 403, an administrator 2xx',
    async (name) => {
      const route = routes[name];
      const body = name === 'update' ? editable(await serviceOne()) : route.body;
      const call = (caller: Caller) => send(route.method, route.url(), body, caller);
      const signedOut = await call({});
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ message: accountMessages.noActiveSession });
      const asClient = await call({ cookie: client.cookie });
      expect(asClient.statusCode).toBe(403);
      expect(asClient.json()).toEqual({ message: accountMessages.adminRequired });
      const ok = await call(asAdmin());
      expect(ok.statusCode, ok.body).toBe(route.ok);
    },
  );
});

describe('POST /api/admin/services', () => {
  it('adds a service with the next id, a slug from its name and the generic icon for a new category', async () => {
    const ids = (await testApp.app.db.select({ id: services.id }).from(services)).map((row) => row.id);
    const service = await create({ name: 'Café & Cloud Review' });
    expect(service.id).toBe(Math.max(...ids) + 1);
    expect(service).toMatchObject({ active: true, icon: 'cog', category: 'security', hourly_rate: 180 });
    const [row] = await testApp.app.db.select().from(services).where(eq(services.id, service.id));
    expect(row?.slug).toBe('cafe-and-cloud-review');
    expect((await publicList()).map((listed) => listed.id)).toContain(service.id);
  });

  it('gives a known category its icon, and trims texts and list items', async () => {
    const service = await create({
      category: 'ai-solutions',
      description: '  Models that earn their keep.  ',
      features: ['  Model review  '],
    });
    expect(service).toMatchObject({
      icon: 'brain',
      description: 'Models that earn their keep.',
      features: ['Model review'],
    });
  });

  it('takes a record without the long description and lists: empty, and offered', async () => {
    const { longDescription: _l, features: _f, active: _a, ...minimal } = newService();
    const response = await send('POST', apiPaths.catalogue.adminServices, minimal);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ service: Service }>().service).toMatchObject({
      longDescription: '',
      features: [],
      active: true,
    });
  });

  it('refuses a name another service has (any case) with 409 naming the field', async () => {
    const response = await send(
      'POST',
      apiPaths.catalogue.adminServices,
      newService({ name: 'web DEVELOPMENT' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: serviceMessages.nameTaken,
      errors: [{ path: 'name', msg: serviceMessages.nameTaken }],
    });
  });

  it('gives a different name with the same slug a slug of its own', async () => {
    const first = await create({ name: 'C# Help' });
    const second = await create({ name: 'C Help' });
    const rows = await testApp.app.db.select({ id: services.id, slug: services.slug }).from(services);
    const slugOf = (id: number) => rows.find((row) => row.id === id)?.slug;
    expect([slugOf(first.id), slugOf(second.id)]).toEqual(['c-help', 'c-help-2']);
  });
});

describe('validation: 400 naming the field', () => {
  const tooMany = Array.from({ length: serviceLimits.listItems + 1 }, (_, index) => `Item ${index}`);
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['an empty name', { name: '   ' }, 'name', serviceMessages.nameRequired],
    ['a missing name', { name: undefined }, 'name', 'Name is required'],
    [
      'a name with a control character',
      { name: 'Bad\u0007Name' },
      'name',
      'Name must not contain control characters or line breaks',
    ],
    [
      'a name too long',
      { name: 'x'.repeat(serviceLimits.name + 1) },
      'name',
      `Name must be at most ${serviceLimits.name} characters`,
    ],
    ['a category that is not a slug', { category: 'Web Dev' }, 'category', serviceMessages.categoryInvalid],
    ['a rate with cents', { hourly_rate: 150.5 }, 'hourly_rate', serviceMessages.rateInvalid],
    ['a negative rate', { hourly_rate: -1 }, 'hourly_rate', serviceMessages.rateInvalid],
    ['a rate as text', { hourly_rate: '150' }, 'hourly_rate', serviceMessages.rateInvalid],
    ['a zero duration', { duration: 0 }, 'duration', serviceMessages.durationInvalid],
    ['a duration off the slot step', { duration: 45 }, 'duration', serviceMessages.durationStep(30)],
    ['an empty description', { description: '' }, 'description', serviceMessages.descriptionRequired],
    [
      'an empty list item',
      { features: ['Fine', '   '] },
      'features.1',
      serviceMessages.itemEmpty('features'),
    ],
    [
      'a list item that is not text',
      { benefits: [3] },
      'benefits.0',
      serviceMessages.listInvalid('benefits'),
    ],
    ['too many list items', { process: tooMany }, 'process', serviceMessages.listTooLong('process')],
    [
      'a list that is not a list',
      { technologies: 'React' },
      'technologies',
      serviceMessages.listInvalid('technologies'),
    ],
    ['an unknown field', { price: 10 }, 'price', serviceMessages.unknownField('price')],
    ['an active that is not a boolean', { active: 'yes' }, 'active', serviceMessages.activeInvalid],
  ];

  it.each(cases)('refuses %s', async (_name, change, path, msg) => {
    const body: Record<string, unknown> = { ...newService(), ...change };
    const response = await send('POST', apiPaths.catalogue.adminServices, body);
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json<{ message: string; errors: { path: string; msg: string }[] }>();
    expect(answer.errors).toContainEqual({ path, msg });
    expect(answer.message).toBe(answer.errors[0]?.msg);
  });

  it('refuses a PUT without the whole record, naming each missing field', async () => {
    const response = await send('PUT', apiPaths.catalogue.adminService(1), { name: 'Web Development' });
    expect(response.statusCode).toBe(400);
    const paths = response.json<{ errors: { path: string }[] }>().errors.map((error) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining(['category', 'hourly_rate', 'duration', 'active', 'features']),
    );
  });

  it('answers 404 for a service that does not exist, and writes nothing', async () => {
    const response = await send('PUT', apiPaths.catalogue.adminService(99_999), {
      ...newService(),
      active: true,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /api/admin/services/{id}', () => {
  it('saves a new rate: the public list shows it, and the change is recorded with who, before and after', async () => {
    const service = await create();
    const saved = await save(service, { hourly_rate: 240, features: ['Threat model', 'Cloud review'] });
    expect(saved.hourly_rate).toBe(240);
    expect((await publicList()).find((listed) => listed.id === service.id)?.hourly_rate).toBe(240);

    const rows = await testApp.app.db
      .select()
      .from(adminChanges)
      .where(and(eq(adminChanges.subject, 'service'), eq(adminChanges.subjectId, service.id)))
      .orderBy(asc(adminChanges.id));
    expect(rows.map((row) => row.action)).toEqual(['created', 'updated']);
    expect(rows[1]).toMatchObject({
      actorUserId: admin.id,
      actorEmail: admin.email,
      before: expect.objectContaining({ hourly_rate: 180, name: service.name }),
      after: expect.objectContaining({ hourly_rate: 240, features: ['Threat model', 'Cloud review'] }),
    });
    expect(rows[0]).toMatchObject({ before: null, after: expect.objectContaining({ hourly_rate: 180 }) });

    const changes = await send('GET', apiPaths.catalogue.adminChanges);
    expect(changes.statusCode).toBe(200);
    const [latest] = changes.json<ServiceChangesResponse>().changes;
    expect(latest).toMatchObject({
      action: 'updated',
      actorEmail: admin.email,
      serviceId: service.id,
      serviceName: service.name,
      fields: [
        { field: 'hourly_rate', before: 180, after: 240 },
        {
          field: 'features',
          before: ['Threat model', 'Configuration review'],
          after: ['Threat model', 'Cloud review'],
        },
      ],
    });
  });

  it('records nothing for a save that changes nothing', async () => {
    const service = await create();
    const count = async () =>
      (await testApp.app.db.select().from(adminChanges).where(eq(adminChanges.subjectId, service.id))).length;
    const before = await count();
    await save(service, {});
    expect(await count()).toBe(before);
  });

  it('keeps a session length the step no longer allows while other fields change', async () => {
    const service = await create({ duration: 60 });
    await testApp.app.db.update(services).set({ durationMinutes: 50 }).where(eq(services.id, service.id));
    const saved = await save({ ...service, duration: 50 }, { description: 'A shorter description.' });
    expect(saved.duration).toBe(50);
    // Retired, it leaves the other tests free to change the step.
    await save(saved, { active: false });
  });
});

describe('retiring a service', () => {
  it('takes it off the public list, keeps its detail (active false), refuses bookings, and keeps old bookings', async () => {
    const service = await create({ hourly_rate: 120, duration: 60 });
    const [oldBooking = 0] = await seedBookings(testApp.app, [
      { userId: client.id, createdAt: new Date(), serviceId: service.id, totalCost: 120 },
    ]);
    const retired = await save(service, { active: false });
    expect(retired.active).toBe(false);

    expect((await publicList()).map((listed) => listed.id)).not.toContain(service.id);
    const detail = await api(testApp.app, 'GET', apiPaths.catalogue.service(service.id));
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ service: Service }>().service).toMatchObject({ id: service.id, active: false });
    const all = (await send('GET', apiPaths.catalogue.adminServices)).json<{ services: Service[] }>()
      .services;
    expect(all.find((listed) => listed.id === service.id)?.active).toBe(false);

    const startsAt = zonedInstant(nextDay(), 10 * 60, defaultBusinessTimeZone)?.toISOString();
    const booking = await postBooking(testApp.app, client, {
      serviceId: service.id,
      projectDescription: 'We would like a review of our whole estate.',
      startsAt,
    });
    expect(booking.statusCode).toBe(400);
    expect(booking.json()).toEqual({
      message: serviceMessages.retired,
      errors: [{ path: 'serviceId', msg: serviceMessages.retired }],
    });

    const list = await send('GET', `${apiPaths.admin.all}?serviceId=${service.id}`);
    expect(list.statusCode, list.body).toBe(200);
    const [kept] = list.json<AdminBookingsResponse>().bookings;
    expect(kept).toMatchObject({ id: oldBooking, total_cost: 120, services: { name: service.name } });
    // Its client still sees it, with its price and the service's name, in My Bookings and on its page.
    const mine = await api(testApp.app, 'GET', apiPaths.bookings.myBookings, client);
    expect(mine.json<MyBookingsResponse>().bookings.find((listed) => listed.id === oldBooking)).toMatchObject(
      {
        total_cost: 120,
        services: { name: service.name },
      },
    );
    const page = await api(testApp.app, 'GET', apiPaths.bookings.booking(oldBooking), client);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ booking: { services: { name: string } } }>().booking.services.name).toBe(service.name);

    const back = await save(retired, { active: true });
    expect(back.active).toBe(true);
    expect((await publicList()).map((listed) => listed.id)).toContain(service.id);
    const booked = await postBooking(testApp.app, client, {
      serviceId: service.id,
      projectDescription: 'We would like a review of our whole estate.',
      startsAt,
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('brings a service back only with a session length the slot step in force allows', async () => {
    const putStep = async (slotStepMinutes: number) => {
      const response = await send('PUT', apiPaths.schedule.admin, {
        schedule: { ...defaultSchedule, slotStepMinutes },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await putStep(15);
    const service = await create({ duration: 45 });
    const retired = await save(service, { active: false });
    try {
      // Retired, it no longer holds the grid back: the firm returns to 30-minute slots.
      await putStep(30);
      const refused = await send('PUT', apiPaths.catalogue.adminService(service.id), {
        ...editable(retired),
        active: true,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: serviceMessages.durationStep(30),
        errors: [{ path: 'duration', msg: serviceMessages.durationStep(30) }],
      });
      expect((await publicList()).map((listed) => listed.id)).not.toContain(service.id);
      const back = await save(retired, { active: true, duration: 60 });
      expect(back).toMatchObject({ active: true, duration: 60 });
    } finally {
      await send('PUT', apiPaths.catalogue.adminService(service.id), { ...editable(retired), duration: 60 });
      await putStep(30);
    }
  });

  it('keeps a booking’s rate and duration when the service’s change', async () => {
    const service = await create({ hourly_rate: 100, duration: 60 });
    const startsAt = zonedInstant(nextDay(), 11 * 60, defaultBusinessTimeZone)?.toISOString();
    const made = await postBooking(testApp.app, client, {
      serviceId: service.id,
      projectDescription: 'Booked before the rate went up, kept at its price.',
      startsAt,
    });
    expect(made.statusCode, made.body).toBe(201);
    await save(service, { hourly_rate: 300, duration: 120 });
    const list = await send('GET', `${apiPaths.admin.all}?serviceId=${service.id}`);
    expect(list.json<AdminBookingsResponse>().bookings[0]).toMatchObject({
      total_cost: 100,
      services: { hourly_rate: 100, duration: 60 },
    });
  });
});

describe('several server processes', () => {
  it('a change made through one app is served by the other within a second', async () => {
    const other = await secondApp(testApp);
    try {
      const service = await create({ hourly_rate: 150 });
      const seen = async () => (await publicList(other.app)).find((listed) => listed.id === service.id);
      expect((await seen())?.hourly_rate).toBe(150);
      await save(service, { hourly_rate: 175 });
      const changedAt = Date.now();
      while ((await seen())?.hourly_rate !== 175) {
        expect(Date.now() - changedAt).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await other.close();
    }
  });
});
