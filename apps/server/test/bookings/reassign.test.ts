// The firm moves a booking to another consultant (docs/product.md#administration): the same time, another person,
// under the same rules as a booking with a chosen consultant; the history says so and the client and both
// consultants are written to (not at a placeholder's .invalid address). Admin only.
import {
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  bookingMessages,
  bookingReassignedMessages,
  defaultBusinessTimeZone,
  firmNoticeMessages,
  historySentence,
  type WeeklyHours,
} from '@portal/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, outbox } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { addConsultant, addService } from '../consultants/fixtures.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { businessTime, type Client, dayAllocator, postBooking, signedInClient } from './clients.ts';

const zone = defaultBusinessTimeZone;
let testApp: TestApp;
let admin: Client;
let ada: Client;
let grace: Client;
const nextDay = dayAllocator(5);

beforeAll(async () => {
  testApp = await buildTestApp({
    env: { MAX_PENDING_BOOKINGS_PER_CLIENT: '1000', WRITE_RATE_LIMIT_PER_MINUTE: '10000' },
  });
  admin = await signedInAdmin(testApp, 'office@reassign.test');
  ada = await signedInClient(testApp, 'ada@reassign.test', { firstName: 'Ada', lastName: 'Lovelace' });
  grace = await signedInClient(testApp, 'grace@reassign.test');
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
    name: `Reassigned Consultant ${made}`,
    email: `consultant${made}@reassign.test`,
    ...extra,
  });
};

const newService = (consultantIds: number[]) => {
  made += 1;
  return addService(testApp.app, admin, { name: `Reassigned Service ${made}`, consultantIds });
};

async function booked(client: Client, serviceId: number, startsAt: string, extra: object = {}) {
  const response = await postBooking(testApp.app, client, {
    serviceId,
    projectDescription: 'We need a review of our platform.',
    startsAt,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

function reassign(caller: Client | undefined, bookingId: number | string, consultantId: unknown) {
  return api(
    testApp.app,
    'PUT',
    apiPaths.admin.consultant(bookingId),
    caller ? { cookie: caller.cookie } : {},
    { consultantId },
  );
}

async function mailTo(to: string, code: string) {
  return testApp.app.db
    .select({ subject: outbox.subject, text: outbox.text, icalEvent: outbox.icalEvent })
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox.text, `%${code}%`)));
}

describe('moving a booking to another consultant', () => {
  it('moves it at the same time, records it and writes to the client and both consultants', async () => {
    const first = await newConsultant();
    const second = await newConsultant();
    const service = await newService([first.id, second.id]);
    const date = nextDay();
    const booking = await booked(ada, service.id, businessTime(date, '10:00'), { consultantId: first.id });

    const response = await reassign(admin, booking.id, second.id);
    expect(response.statusCode, response.body).toBe(200);
    const moved = response.json<{ booking: Booking }>().booking;
    expect(moved.consultant).toEqual({ id: second.id, name: second.name });
    expect(moved.starts_at).toBe(booking.starts_at);
    expect(moved.status).toBe('pending');

    // The first is free at that hour again; the second holds it.
    const [row] = await testApp.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.consultantId).toBe(second.id);

    const detail = await asAdmin('GET', apiPaths.bookings.booking(booking.id));
    const last = detail.json<BookingDetailResponse>().history.at(-1);
    expect(last).toMatchObject({
      type: 'reassigned',
      from_consultant: first.name,
      to_consultant: second.name,
    });
    expect(last && historySentence(last, zone)).toBe(
      `Moved from ${first.name} to ${second.name} by the firm`,
    );

    const code = booking.confirmation_code;
    const [client] = await mailTo(ada.email, code).then((rows) =>
      rows.filter((mail) => mail.subject === bookingReassignedMessages.subject(code)),
    );
    expect(client?.text).toContain(
      bookingReassignedMessages.intro(moved.services.name, first.name, second.name),
    );
    // Pending and never invited: no calendar part yet (the confirmation brings the invitation).
    expect(client?.icalEvent ?? null).toBeNull();
    // The first had the firm's notice of the new booking as its consultant, then the letter of the move.
    expect((await mailTo(first.email, code)).map((mail) => mail.subject).sort()).toEqual(
      [firmNoticeMessages.subject.newBooking(code), bookingReassignedMessages.leftSubject(code)].sort(),
    );
    expect((await mailTo(second.email, code)).map((mail) => mail.subject)).toEqual([
      bookingReassignedMessages.joinedSubject(code),
    ]);
  });

  it("writes to no placeholder's .invalid address", async () => {
    const placeholder = await newConsultant({ email: `placeholder${made}@consultants.invalid` });
    const real = await newConsultant();
    const service = await newService([placeholder.id, real.id]);
    const booking = await booked(ada, service.id, businessTime(nextDay(), '09:00'), {
      consultantId: placeholder.id,
    });
    expect((await reassign(admin, booking.id, real.id)).statusCode).toBe(200);
    expect(await mailTo(placeholder.email, booking.confirmation_code)).toEqual([]);
    expect((await mailTo(real.email, booking.confirmation_code)).map((mail) => mail.subject)).toEqual([
      bookingReassignedMessages.joinedSubject(booking.confirmation_code),
    ]);
  });

  it('updates the calendar event of a confirmed booking, naming the new consultant', async () => {
    const first = await newConsultant();
    const second = await newConsultant();
    const service = await newService([first.id, second.id]);
    const booking = await booked(ada, service.id, businessTime(nextDay(), '11:00'), {
      consultantId: first.id,
    });
    const confirm = await asAdmin('PUT', apiPaths.admin.status(booking.id), { status: 'confirmed' });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await reassign(admin, booking.id, second.id)).statusCode).toBe(200);
    const code = booking.confirmation_code;
    const [client] = (await mailTo(ada.email, code)).filter(
      (mail) => mail.subject === bookingReassignedMessages.subject(code),
    );
    expect(client?.icalEvent?.method).toBe('REQUEST');
    // Unfolded (RFC 5545 folds long lines): the same event, a later revision, with the new consultant.
    const event = client?.icalEvent?.content.replaceAll('\r\n ', '') ?? '';
    expect(event).toContain(`UID:booking-${booking.id}@`);
    expect(event).toContain(`With: ${second.name}`);
    expect(event).toMatch(/SEQUENCE:2\r\n/);
  });

  it('refuses a busy, away or out-of-hours consultant with 409 and changes nothing', async () => {
    const afternoons = [{ start: '13:00', end: '17:00' }];
    const late = await newConsultant({
      weeklyHours: {
        sunday: [],
        monday: afternoons,
        tuesday: afternoons,
        wednesday: afternoons,
        thursday: afternoons,
        friday: afternoons,
        saturday: [],
      } satisfies WeeklyHours,
    });
    const first = await newConsultant();
    const busy = await newConsultant();
    const service = await newService([first.id, busy.id, late.id]);
    const date = nextDay();
    const booking = await booked(ada, service.id, businessTime(date, '10:00'), { consultantId: first.id });
    const outOfHours = await reassign(admin, booking.id, late.id);
    expect(outOfHours.statusCode).toBe(409);
    expect(outOfHours.json().message).toBe(bookingMessages.slotTaken);
    // The other consultant holds that hour with another booking.
    await booked(grace, service.id, businessTime(date, '10:00'), { consultantId: busy.id });
    const taken = await reassign(admin, booking.id, busy.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(bookingMessages.slotTaken);

    const away = await newConsultant({ serviceIds: [service.id] });
    const off = await asAdmin('POST', apiPaths.consultants.timeOff(away.id), {
      startDate: date,
      endDate: date,
      reason: 'Conference',
    });
    expect(off.statusCode, off.body).toBe(201);
    const awayAnswer = await reassign(admin, booking.id, away.id);
    expect(awayAnswer.statusCode).toBe(409);
    expect(awayAnswer.json().message).toBe(bookingMessages.slotTaken);

    const [row] = await testApp.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.consultantId).toBe(first.id);
  });

  it('refuses a consultant who does not deliver the service, a retired one and the same one with 400', async () => {
    const first = await newConsultant();
    const other = await newConsultant();
    const retired = await newConsultant();
    const service = await newService([first.id, retired.id]);
    const booking = await booked(ada, service.id, businessTime(nextDay(), '13:00'), {
      consultantId: first.id,
    });
    const retire = await asAdmin('PUT', apiPaths.consultants.adminConsultant(retired.id), {
      name: retired.name,
      email: retired.email,
      serviceIds: [service.id],
      active: false,
    });
    expect(retire.statusCode, retire.body).toBe(200);

    for (const consultantId of [other.id, retired.id, 999_999]) {
      const answer = await reassign(admin, booking.id, consultantId);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().errors).toEqual([
        { path: 'consultantId', msg: bookingMessages.consultantNotDelivering },
      ]);
    }
    const same = await reassign(admin, booking.id, first.id);
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([
      { path: 'consultantId', msg: bookingMessages.reassignSameConsultant },
    ]);
    for (const bad of ['x', -1, 1.5, null]) {
      expect((await reassign(admin, booking.id, bad)).statusCode).toBe(400);
    }
  });

  it('refuses a booking no longer active, or started, with 409; an unknown one is 404', async () => {
    const first = await newConsultant();
    const second = await newConsultant();
    const service = await newService([first.id, second.id]);
    const [cancelled, started] = await seedBookings(testApp.app, [
      {
        userId: ada.id,
        createdAt: new Date(),
        serviceId: service.id,
        consultantId: first.id,
        status: 'cancelled',
      },
      {
        userId: ada.id,
        createdAt: new Date(Date.now() - 7_200_000),
        serviceId: service.id,
        consultantId: first.id,
        status: 'confirmed',
        startsAt: new Date(Date.now() - 3_600_000),
      },
    ]);
    const one = await reassign(admin, cancelled as number, second.id);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(bookingMessages.onlyActiveReassignable('cancelled'));
    const two = await reassign(admin, started as number, second.id);
    expect(two.statusCode).toBe(409);
    expect(two.json().message).toBe(bookingMessages.reassignAfterStart);
    const none = await reassign(admin, 2_000_000_000, second.id);
    expect(none.statusCode).toBe(404);
  });

  it('is for administrators only: anonymous 401, client 403, admin 200', async () => {
    const first = await newConsultant();
    const second = await newConsultant();
    const service = await newService([first.id, second.id]);
    const booking = await booked(ada, service.id, businessTime(nextDay(), '15:00'), {
      consultantId: first.id,
    });
    expect((await reassign(undefined, booking.id, second.id)).statusCode).toBe(401);
    expect((await reassign(ada, booking.id, second.id)).statusCode).toBe(403);
    const [row] = await testApp.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.consultantId).toBe(first.id);
    expect((await reassign(admin, booking.id, second.id)).statusCode).toBe(200);
  });
});
