// Bookings belong to a consultant (docs/decisions/046; docs/product.md#consultants): availability per person, the
// assignment rule, a chosen consultant, one consultant never twice at once across services, a move keeping or
// changing the consultant, and every answer naming them.
import {
  type AvailabilityResponse,
  apiPaths,
  type Booking,
  bookingMessages,
  type WeeklyHours,
} from '@portal/domain';
import { parse } from 'csv-parse/sync';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { addConsultant, addService } from '../consultants/fixtures.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { businessTime, type Client, dayAllocator, postBooking, signedInClient } from './clients.ts';

let testApp: TestApp;
let admin: Client;
let ada: Client;
let grace: Client;
let hedy: Client;
const nextDay = dayAllocator(2);

beforeAll(async () => {
  testApp = await buildTestApp({
    env: { MAX_PENDING_BOOKINGS_PER_CLIENT: '1000', WRITE_RATE_LIMIT_PER_MINUTE: '10000' },
  });
  admin = await signedInAdmin(testApp, 'office@consultant-bookings.test');
  ada = await signedInClient(testApp, 'ada@consultant-bookings.test');
  grace = await signedInClient(testApp, 'grace@consultant-bookings.test');
  hedy = await signedInClient(testApp, 'hedy@consultant-bookings.test');
});
afterAll(async () => {
  await testApp?.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
  api(testApp.app, method, url, { cookie: admin.cookie }, body);

let made = 0;
const newConsultant = (extra: object = {}) => {
  made += 1;
  return addConsultant(testApp.app, admin, {
    name: `Consultant ${made}`,
    email: `consultant${made}@consultant-bookings.test`,
    ...extra,
  });
};

/** A service of its own, delivered by exactly these consultants. */
const newService = (consultantIds: number[]) => {
  made += 1;
  return addService(testApp.app, admin, { name: `Consulted Service ${made}`, consultantIds });
};

function book(client: Client, serviceId: number, startsAt: string, extra: object = {}) {
  return postBooking(testApp.app, client, {
    serviceId,
    projectDescription: 'We need a review of our platform.',
    startsAt,
    ...extra,
  });
}

async function booked(client: Client, serviceId: number, startsAt: string, extra: object = {}) {
  const response = await book(client, serviceId, startsAt, extra);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

async function slotAt(serviceId: number, date: string, time: string, consultantId?: number) {
  const query = consultantId === undefined ? '' : `&consultantId=${consultantId}`;
  const response = await api(
    testApp.app,
    'GET',
    `${apiPaths.bookings.availability(serviceId)}?date=${date}${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const slot = response
    .json<AvailabilityResponse>()
    .slots.find((candidate) => candidate.starts_at === businessTime(date, time));
  if (!slot) throw new Error(`no slot at ${time}`);
  return slot;
}

describe('two consultants behind one service', () => {
  it('lets both hold the same slot, assigns by the rule, and refuses a third booking', async () => {
    const first = await newConsultant();
    const second = await newConsultant();
    const service = await newService([first.id, second.id]);
    const date = nextDay();
    expect(await slotAt(service.id, date, '10:00')).toMatchObject({
      available: true,
      consultant_ids: [first.id, second.id],
    });

    const one = await booked(ada, service.id, businessTime(date, '10:00'));
    // Neither has a booking that week: the lowest id.
    expect(one.consultant).toEqual({ id: first.id, name: first.name });
    expect(await slotAt(service.id, date, '10:00')).toMatchObject({
      available: true,
      consultant_ids: [second.id],
    });
    const two = await booked(grace, service.id, businessTime(date, '10:00'));
    expect(two.consultant).toEqual({ id: second.id, name: second.name });
    expect(await slotAt(service.id, date, '10:00')).toMatchObject({ available: false, consultant_ids: [] });
    const third = await book(hedy, service.id, businessTime(date, '10:00'));
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(bookingMessages.slotTaken);

    // The first takes another booking that day: the second, with fewer that week, now comes first.
    await booked(ada, service.id, businessTime(date, '14:00'), { consultantId: first.id });
    expect((await slotAt(service.id, date, '09:00')).consultant_ids).toEqual([second.id, first.id]);
    expect((await booked(hedy, service.id, businessTime(date, '09:00'))).consultant.id).toBe(second.id);
  });
});

describe('one consultant behind two services', () => {
  it('is never booked twice at once, whatever the service', async () => {
    const shared = await newConsultant();
    const cloud = await newService([shared.id]);
    const data = await newService([shared.id]);
    const date = nextDay();
    const first = await booked(ada, cloud.id, businessTime(date, '10:00'));
    expect(first.consultant.id).toBe(shared.id);
    // The other service's overlapping slots are gone too.
    for (const time of ['09:30', '10:00', '10:30']) {
      expect(await slotAt(data.id, date, time)).toMatchObject({ available: false, consultant_ids: [] });
      const refused = await book(grace, data.id, businessTime(date, time));
      expect(refused.statusCode, time).toBe(409);
      expect(refused.json().message).toBe(bookingMessages.slotTaken);
    }
    // Back to back is fine.
    expect((await booked(grace, data.id, businessTime(date, '11:00'))).consultant.id).toBe(shared.id);
  });
});

describe('a cancelled booking made active again', () => {
  it("is refused once its consultant's time went to a booking of another service", async () => {
    const shared = await newConsultant();
    const cloud = await newService([shared.id]);
    const data = await newService([shared.id]);
    const date = nextDay();
    const first = await booked(ada, cloud.id, businessTime(date, '10:00'));
    const status = (id: number, to: string) => asAdmin('PUT', apiPaths.admin.status(id), { status: to });
    expect((await status(first.id, 'cancelled')).statusCode).toBe(200);
    await booked(grace, data.id, businessTime(date, '10:30'));
    const again = await status(first.id, 'confirmed');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(bookingMessages.slotTaken);
  });
});

describe('a chosen consultant', () => {
  it('books that consultant, and answers 409 when they are busy though another is free', async () => {
    const first = await newConsultant();
    const second = await newConsultant();
    const service = await newService([first.id, second.id]);
    const date = nextDay();
    const chosen = await booked(ada, service.id, businessTime(date, '13:00'), { consultantId: second.id });
    expect(chosen.consultant).toEqual({ id: second.id, name: second.name });
    expect(await slotAt(service.id, date, '13:00', second.id)).toMatchObject({
      available: false,
      consultant_ids: [],
    });
    expect(await slotAt(service.id, date, '13:00', first.id)).toMatchObject({
      available: true,
      consultant_ids: [first.id],
    });
    const busy = await book(grace, service.id, businessTime(date, '13:00'), { consultantId: second.id });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(bookingMessages.slotTaken);
  });

  it('answers 400 naming consultantId for one who does not deliver the service, a retired one, or a bad id', async () => {
    const outsider = await newConsultant({ serviceIds: [1] });
    const member = await newConsultant();
    const service = await newService([member.id]);
    await asAdmin('PUT', apiPaths.consultants.adminConsultant(member.id), {
      name: member.name,
      email: `consultant-retired-${member.id}@consultant-bookings.test`,
      serviceIds: [service.id],
      active: false,
    });
    const date = nextDay();
    for (const consultantId of [outsider.id, member.id, 999_999]) {
      const refused = await book(ada, service.id, businessTime(date, '09:00'), { consultantId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        { path: 'consultantId', msg: bookingMessages.consultantNotDelivering },
      ]);
      const availability = await api(
        testApp.app,
        'GET',
        `${apiPaths.bookings.availability(service.id)}?date=${date}&consultantId=${consultantId}`,
      );
      expect(availability.statusCode).toBe(400);
      expect(availability.json().errors[0].path).toBe('consultantId');
    }
    for (const consultantId of ['x', 0, -1, 1.5]) {
      const refused = await book(ada, service.id, businessTime(date, '09:00'), { consultantId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].path).toBe('consultantId');
    }
    // Nobody active delivers the service now: no slot is offered and booking it is a 409.
    expect(await slotAt(service.id, date, '09:00')).toMatchObject({ available: false, consultant_ids: [] });
    expect((await book(ada, service.id, businessTime(date, '09:00'))).statusCode).toBe(409);
  });

  it('keeps a consultant out of slots outside their own hours and on their time off', async () => {
    const mornings: WeeklyHours = {
      sunday: [],
      monday: [{ start: '09:00', end: '12:00' }],
      tuesday: [{ start: '09:00', end: '12:00' }],
      wednesday: [{ start: '09:00', end: '12:00' }],
      thursday: [{ start: '09:00', end: '12:00' }],
      friday: [{ start: '09:00', end: '12:00' }],
      saturday: [],
    };
    const early = await newConsultant({ weeklyHours: mornings });
    const service = await newService([early.id]);
    const date = nextDay();
    expect((await slotAt(service.id, date, '11:00')).consultant_ids).toEqual([early.id]);
    expect((await slotAt(service.id, date, '11:30')).consultant_ids).toEqual([]);
    expect((await book(ada, service.id, businessTime(date, '11:30'))).statusCode).toBe(409);
    const kept = await booked(grace, service.id, businessTime(date, '10:00'));
    const away = await asAdmin('POST', apiPaths.consultants.timeOff(early.id), {
      startDate: date,
      endDate: date,
      reason: 'A conference',
    });
    expect(away.statusCode, away.body).toBe(201);
    // The booking already made that day is kept, and listed for the firm to move.
    expect(away.json().affectedBookings.map((booking: Booking) => booking.id)).toEqual([kept.id]);
    expect((await slotAt(service.id, date, '09:00')).consultant_ids).toEqual([]);
    expect((await book(ada, service.id, businessTime(date, '09:00'))).statusCode).toBe(409);
  });
});

describe('moving a booking', () => {
  it('keeps its consultant, changes to another on request, and applies the same rules', async () => {
    const first = await newConsultant();
    const second = await newConsultant();
    const outsider = await newConsultant({ serviceIds: [1] });
    const service = await newService([first.id, second.id]);
    const date = nextDay();
    const booking = await booked(ada, service.id, businessTime(date, '09:00'), { consultantId: second.id });
    const move = (body: object) =>
      api(testApp.app, 'POST', apiPaths.bookings.reschedule(booking.id), { cookie: ada.cookie }, body);

    const kept = await move({ startsAt: businessTime(date, '10:00') });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().booking.consultant).toEqual({ id: second.id, name: second.name });

    // The second is busy at 14:00 with another client's booking: the move there is refused, to the first allowed.
    await booked(grace, service.id, businessTime(date, '14:00'), { consultantId: second.id });
    const busy = await move({ startsAt: businessTime(date, '14:00') });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(bookingMessages.slotTaken);
    const changed = await move({ startsAt: businessTime(date, '14:00'), consultantId: first.id });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().booking.consultant).toEqual({ id: first.id, name: first.name });

    const notDelivering = await move({ startsAt: businessTime(date, '15:00'), consultantId: outsider.id });
    expect(notDelivering.statusCode).toBe(400);
    expect(notDelivering.json().errors).toEqual([
      { path: 'consultantId', msg: bookingMessages.consultantNotDelivering },
    ]);

    // The slots it could move to are its consultant's: the first is free at 14:00 only for itself.
    const offered = await api(
      testApp.app,
      'GET',
      `${apiPaths.bookings.rescheduleAvailability(booking.id)}?date=${date}`,
      { cookie: ada.cookie },
    );
    const slots = offered.json<AvailabilityResponse>().slots;
    expect(slots.find((slot) => slot.starts_at === businessTime(date, '14:00'))?.consultant_ids).toEqual([
      first.id,
    ]);
  });
});

describe('the booking answers', () => {
  it('name the consultant in My Bookings, a booking page and the admin list', async () => {
    const consultant = await newConsultant();
    const service = await newService([consultant.id]);
    const date = nextDay();
    const booking = await booked(hedy, service.id, businessTime(date, '16:00'));
    const expected = { id: consultant.id, name: consultant.name };
    const mine = await api(testApp.app, 'GET', apiPaths.bookings.myBookings, { cookie: hedy.cookie });
    expect(mine.json().bookings.find((each: Booking) => each.id === booking.id)?.consultant).toEqual(
      expected,
    );
    const page = await api(testApp.app, 'GET', apiPaths.bookings.booking(booking.id), {
      cookie: hedy.cookie,
    });
    expect(page.json().booking.consultant).toEqual(expected);
    const all = await asAdmin('GET', `${apiPaths.admin.all}?serviceId=${service.id}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().bookings.find((each: Booking) => each.id === booking.id)?.consultant).toEqual(expected);
  });

  it('name the consultant in the letters, the calendar file and the CSV export', async () => {
    const consultant = await newConsultant({ name: 'Rosalind Franklin' });
    const service = await newService([consultant.id]);
    const booking = await booked(grace, service.id, businessTime(nextDay(), '15:00'));
    const [letter] = await testApp.app.db
      .select({ text: outbox.text, html: outbox.html })
      .from(outbox)
      .where(and(eq(outbox.to, grace.email), like(outbox.text, `%${booking.confirmation_code}%`)));
    expect(letter?.text).toContain('Rosalind Franklin');
    expect(letter?.html).toContain('Rosalind Franklin');
    const ics = await api(testApp.app, 'GET', apiPaths.bookings.calendar(booking.id), {
      cookie: grace.cookie,
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.body.replace(/\r\n[ \t]/g, '')).toContain('With: Rosalind Franklin');
    const csv = await asAdmin('GET', `${apiPaths.admin.export}?serviceId=${service.id}`);
    const rows: Record<string, string>[] = parse(csv.body, { bom: true, columns: true });
    expect(rows.map((row) => row.consultant)).toEqual(['Rosalind Franklin']);
  });
});
