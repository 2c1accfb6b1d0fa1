// The firm's calendar from /admin: who may touch it, what it accepts, and that availability and booking follow it
// at once, buffer included (held by the database when requests race).
import {
  accountMessages,
  addDays,
  apiPaths,
  bookingMessages,
  defaultBusinessTimeZone,
  defaultSchedule,
  editableServiceFields,
  longDate,
  type Schedule,
  scheduleMessages,
  todayIn,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { bookings, closures } from '../../src/db/schema.ts';
import { signedInAdmin, wallClock } from '../admin/fixtures.ts';
import {
  type Client,
  dayAllocator,
  futureSaturday,
  postBooking,
  signedInClient,
} from '../bookings/clients.ts';
import { appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp, testConfig, testDriver } from '../helpers/build-test-app.ts';

const zone = defaultBusinessTimeZone;
let testApp: TestApp;
let admin: Client;
let client: Client;
const nextDay = dayAllocator(3);

beforeAll(async () => {
  testApp = await buildTestApp({
    env: {
      WRITE_RATE_LIMIT_PER_MINUTE: '100000',
      MAX_PENDING_BOOKINGS_PER_CLIENT: '100000',
      // Not the default 24: the public schedule states the notice the server is configured with.
      CLIENT_CHANGE_NOTICE_HOURS: '36',
    },
  });
  admin = await signedInAdmin(testApp, 'calendar-admin@calendar.test');
  client = await signedInClient(testApp, 'calendar-client@calendar.test');
});
afterAll(async () => {
  await testApp?.close();
});

function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, caller?: Client, body?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: {
      origin: appUrl,
      ...(caller ? { cookie: caller.cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

async function putSchedule(schedule: Schedule) {
  const response = await call('PUT', apiPaths.schedule.admin, admin, { schedule });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function availableTimes(date: string, serviceId = 1): Promise<string[]> {
  const response = await call('GET', `/api/services/${serviceId}/availability?date=${date}`);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json()
    .slots.filter((slot: { available: boolean }) => slot.available)
    .map((slot: { start_time: string }) => slot.start_time);
}

function book(date: string, time: string, serviceId = 1) {
  return postBooking(testApp.app, client, {
    serviceId,
    projectDescription: 'A consultation placed by the calendar tests.',
    startsAt: wallClock(date, time, zone).toISOString(),
  });
}

describe('who may read and change the calendar', () => {
  it.each([
    ['GET', apiPaths.schedule.admin, undefined],
    ['PUT', apiPaths.schedule.admin, { schedule: defaultSchedule }],
    ['GET', apiPaths.schedule.changes, undefined],
    ['GET', apiPaths.schedule.tooClose, undefined],
    ['GET', apiPaths.schedule.closures, undefined],
    [
      'POST',
      apiPaths.schedule.closures,
      { startDate: '2031-01-01', endDate: '2031-01-01', reason: 'Holiday' },
    ],
    ['DELETE', apiPaths.schedule.closure(1), undefined],
  ] as const)('%s %s: 401 signed out, 403 for a client, each saying why', async (method, url, body) => {
    const signedOut = await call(method, url, undefined, body);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: accountMessages.noActiveSession });
    const asClient = await call(method, url, client, body);
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toEqual({ message: accountMessages.adminRequired });
  });

  it('gives anyone the public calendar, the original hours until the firm changes them, and the change notice', async () => {
    const response = await call('GET', apiPaths.schedule.public);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      schedule: defaultSchedule,
      closures: [],
      timeZone: zone,
      client_change_notice_hours: 36,
      // The rules the Terms of Service state (public-terms.test.ts), here the defaults.
      pending_expiry_hours: 72,
      payments: {
        mode: 'invoice',
        currency: 'usd',
        tax_rate_percent: 0,
        invoice_due_days: 14,
        checkout_expiry_minutes: null,
      },
      // MAX_UPLOAD_MB, for the web app's checks of documents (booking-files.test.ts).
      max_upload_mb: 10,
    });
    const admins = await call('GET', apiPaths.schedule.admin, admin);
    expect(admins.json()).toEqual({ schedule: defaultSchedule });
    expect((await call('GET', apiPaths.schedule.changes, admin)).json()).toEqual({ changes: [] });
  });
});

describe('the schedule', () => {
  it('refuses what cannot be a schedule, naming the field', async () => {
    const cases: [Schedule, string, string][] = [
      [
        {
          ...defaultSchedule,
          weeklyHours: { ...defaultSchedule.weeklyHours, monday: [{ start: '13:00', end: '12:00' }] },
        },
        'schedule.weeklyHours.monday.0.end',
        scheduleMessages.rangeBackwards,
      ],
      [
        {
          ...defaultSchedule,
          weeklyHours: {
            ...defaultSchedule.weeklyHours,
            monday: [
              { start: '09:00', end: '12:00' },
              { start: '11:00', end: '17:00' },
            ],
          },
        },
        'schedule.weeklyHours.monday',
        scheduleMessages.rangesOverlap('Monday'),
      ],
      [
        {
          ...defaultSchedule,
          weeklyHours: { ...defaultSchedule.weeklyHours, friday: [{ start: '9:00', end: '17:00' }] },
        },
        'schedule.weeklyHours.friday.0.start',
        scheduleMessages.clockInvalid,
      ],
      [{ ...defaultSchedule, slotStepMinutes: 25 }, 'schedule.slotStepMinutes', scheduleMessages.stepInvalid],
      [{ ...defaultSchedule, bufferMinutes: 7 }, 'schedule.bufferMinutes', scheduleMessages.bufferInvalid],
      [{ ...defaultSchedule, minNoticeHours: -1 }, 'schedule.minNoticeHours', scheduleMessages.noticeInvalid],
      [{ ...defaultSchedule, horizonDays: 0 }, 'schedule.horizonDays', scheduleMessages.horizonInvalid],
    ];
    for (const [schedule, path, msg] of cases) {
      const response = await call('PUT', apiPaths.schedule.admin, admin, { schedule });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().errors, path).toContainEqual({ path, msg });
    }
    // A 60-minute grid would leave the 90-minute service off it.
    const offGrid = await call('PUT', apiPaths.schedule.admin, admin, {
      schedule: { ...defaultSchedule, slotStepMinutes: 60 },
    });
    expect(offGrid.statusCode).toBe(400);
    expect(offGrid.json().errors[0].path).toBe('schedule.slotStepMinutes');
    expect(offGrid.json().message).toMatch(/\(90 min\)/);
    expect((await call('GET', apiPaths.schedule.admin, admin)).json().schedule).toEqual(defaultSchedule);
  });

  it('takes effect at once: a lunch break, Saturday mornings, a buffer, and records who changed what', async () => {
    const monday = (() => {
      let day = nextDay();
      while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 1) day = nextDay();
      return day;
    })();
    const saturday = futureSaturday();
    const schedule: Schedule = {
      ...defaultSchedule,
      weeklyHours: {
        ...defaultSchedule.weeklyHours,
        monday: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
        saturday: [{ start: '10:00', end: '12:00' }],
      },
      bufferMinutes: 30,
    };
    const saved = await putSchedule(schedule);
    expect(saved.json()).toEqual({ schedule });
    expect((await call('GET', apiPaths.schedule.admin, admin)).json()).toEqual({ schedule });
    expect((await call('GET', apiPaths.schedule.changes, admin)).json().changes[0]).toEqual({
      at: expect.any(String),
      by: admin.email,
      subject: 'schedule',
      action: 'updated',
      before: defaultSchedule,
      after: schedule,
    });
    try {
      expect(await availableTimes(monday)).toEqual([
        '09:00',
        '09:30',
        '10:00',
        '10:30',
        '11:00',
        '13:00',
        '13:30',
        '14:00',
        '14:30',
        '15:00',
        '15:30',
        '16:00',
      ]);
      expect(await availableTimes(saturday)).toEqual(['10:00', '10:30', '11:00']);
      expect((await book(saturday, '10:00')).statusCode).toBe(201);
      const lunch = await book(monday, '12:00');
      expect(lunch.statusCode).toBe(400);
      expect(lunch.json().message).toBe(
        'Consultations on Mondays start between 9 AM and 11:30 AM or between 1 PM and 4:30 PM',
      );
      // The buffer: 30 minutes kept free after the Saturday booking (10:00-11:00), both ways.
      expect(await availableTimes(saturday)).toEqual([]);
      expect((await book(monday, '14:00')).statusCode).toBe(201);
      expect(await availableTimes(monday)).toEqual([
        '09:00',
        '09:30',
        '10:00',
        '10:30',
        '11:00',
        '15:30',
        '16:00',
      ]);
      const tooClose = await book(monday, '15:00');
      expect(tooClose.statusCode).toBe(409);
      expect(tooClose.json().message).toBe(bookingMessages.slotTaken);
    } finally {
      await putSchedule(defaultSchedule);
    }
  });
});

/** A booking's end and where it stops holding its service, as stored. */
async function holdOf(id: number) {
  const [row] = await testApp.app.db
    .select({ endsAt: bookings.endsAt, blockedUntil: bookings.blockedUntil })
    .from(bookings)
    .where(eq(bookings.id, id));
  if (!row) throw new Error(`no booking ${id}`);
  return { ...row, bufferMinutes: (row.blockedUntil.getTime() - row.endsAt.getTime()) / 60_000 };
}

describe('a buffer raised or lowered', () => {
  it('protects the bookings made before a raise, and frees the time at once when lowered', async () => {
    const date = nextDay();
    const before = await book(date, '10:00'); // service 1: 60 minutes
    expect(before.statusCode, before.body).toBe(201);
    const beforeId = before.json().booking.id;
    expect(await availableTimes(date)).toEqual(expect.arrayContaining(['09:00', '11:00']));
    await putSchedule({ ...defaultSchedule, bufferMinutes: 15 });
    try {
      expect((await holdOf(beforeId)).bufferMinutes).toBe(15);
      // 09:00 would end at 10:00 with no time kept after it; 11:00 starts as the booking ends.
      const times = await availableTimes(date);
      expect(times).not.toContain('09:00');
      expect(times).not.toContain('11:00');
      expect(times).toContain('11:30');
      const tooClose = await book(date, '11:00');
      expect(tooClose.statusCode).toBe(409);
      expect(tooClose.json()).toEqual({ message: bookingMessages.slotTaken });
      const after = await book(date, '13:00');
      expect(after.statusCode, after.body).toBe(201);
      expect((await holdOf(after.json().booking.id)).bufferMinutes).toBe(15);
      expect(await availableTimes(date)).not.toContain('14:00');
    } finally {
      await putSchedule(defaultSchedule);
    }
    // Lowered to none: the times right after both are free at once, and can be booked.
    expect((await holdOf(beforeId)).bufferMinutes).toBe(0);
    expect(await availableTimes(date)).toEqual(expect.arrayContaining(['11:00', '14:00']));
    expect((await book(date, '11:00')).statusCode).toBe(201);
    expect((await book(date, '14:00')).statusCode).toBe(201);
  });

  it('keeps two bookings a raise would bring too close as they were and lists them; once one goes, the buffer holds', async () => {
    const date = nextDay();
    const first = await book(date, '10:00');
    const second = await book(date, '11:00');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const [firstId, secondId] = [first.json().booking.id, second.json().booking.id];
    const pairOf = async () =>
      (await call('GET', apiPaths.schedule.tooClose, admin))
        .json()
        .pairs.filter((pair: { earlier: { id: number } }) => pair.earlier.id === firstId);
    expect(await pairOf()).toEqual([]);

    await putSchedule({ ...defaultSchedule, bufferMinutes: 30 });
    try {
      // The later one takes the buffer; the earlier one keeps its hold, and the firm sees the two to move one.
      expect((await holdOf(firstId)).bufferMinutes).toBe(0);
      expect((await holdOf(secondId)).bufferMinutes).toBe(30);
      expect(await pairOf()).toEqual([{ earlier: first.json().booking, later: second.json().booking }]);
      const cancelled = await call('PUT', apiPaths.admin.status(secondId), admin, { status: 'cancelled' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await pairOf()).toEqual([]);
      // With the later one gone, the time after the earlier one is kept free: neither offered nor booked (the
      // database refuses it too: a booking first holds those before it with the buffer where they now can).
      const times = await availableTimes(date);
      expect(times).not.toContain('11:00');
      expect(times).toContain('11:30');
      const refused = await book(date, '11:00');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: bookingMessages.slotTaken });
      // Made active again, the cancelled one meets the buffer like a new booking would.
      const back = await call('PUT', apiPaths.admin.status(secondId), admin, { status: 'confirmed' });
      expect(back.statusCode).toBe(409);
      expect(back.json()).toEqual({ message: bookingMessages.slotTaken });
    } finally {
      await putSchedule(defaultSchedule);
    }
  });
});

describe('the slot step and the services', () => {
  it("lets a service's session length follow the firm's slot step", async () => {
    const [service] = (await call('GET', apiPaths.catalogue.adminServices, admin)).json().services;
    const editable = Object.fromEntries(editableServiceFields.map((field) => [field, service[field]]));
    const fortyFive = { ...editable, duration: 45 };
    // On the original 30-minute grid a 45-minute session is off it.
    expect(
      (await call('PUT', apiPaths.catalogue.adminService(service.id), admin, fortyFive)).statusCode,
    ).toBe(400);
    await putSchedule({ ...defaultSchedule, slotStepMinutes: 15 });
    try {
      const saved = await call('PUT', apiPaths.catalogue.adminService(service.id), admin, fortyFive);
      expect(saved.statusCode, saved.body).toBe(200);
      // Now a 30-minute grid would leave it off: the schedule refuses it, naming the service.
      const back = await call('PUT', apiPaths.schedule.admin, admin, { schedule: defaultSchedule });
      expect(back.statusCode).toBe(400);
      expect(back.json().message).toContain(`${service.name} (45 min)`);
    } finally {
      await call('PUT', apiPaths.catalogue.adminService(service.id), admin, editable);
      await putSchedule(defaultSchedule);
    }
  });
});

describe('closed dates', () => {
  it('closes dates at once, lists the bookings on them, and opens them again', async () => {
    const first = nextDay();
    const booked = await book(first, '10:00');
    expect(booked.statusCode).toBe(201);
    const last = addDays(first, 1);
    const added = await call('POST', apiPaths.schedule.closures, admin, {
      startDate: first,
      endDate: last,
      reason: ' Team retreat ',
    });
    expect(added.statusCode, added.body).toBe(201);
    const { closure, affectedBookings } = added.json();
    expect(closure).toMatchObject({ startDate: first, endDate: last, reason: 'Team retreat' });
    expect(affectedBookings.map((booking: { id: number }) => booking.id)).toEqual([booked.json().booking.id]);

    expect(await availableTimes(first)).toEqual([]);
    expect(await availableTimes(last)).toEqual([]);
    const refused = await book(last, '11:00');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(bookingMessages.slotOnClosedDate(longDate(last), 'Team retreat'));
    const publicSchedule = (await call('GET', apiPaths.schedule.public)).json();
    expect(publicSchedule.closures).toContainEqual({
      startDate: first,
      endDate: last,
      reason: 'Team retreat',
    });

    // Listed again on every reading, with the same bookings: the page shows them after a reload too.
    const list = (await call('GET', apiPaths.schedule.closures, admin)).json();
    expect(list).toEqual({ closures: expect.any(Array) });
    expect(list.closures).toContainEqual({ ...closure, affectedBookings });
    const latestChange = async () => (await call('GET', apiPaths.schedule.changes, admin)).json().changes[0];
    expect(await latestChange()).toMatchObject({
      by: admin.email,
      subject: 'closure',
      action: 'created',
      after: closure,
    });
    // A booking cancelled since is no longer one the firm must deal with.
    const cancelled = await call('PUT', apiPaths.admin.status(booked.json().booking.id), admin, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const relisted = (await call('GET', apiPaths.schedule.closures, admin)).json().closures;
    expect(relisted).toContainEqual({ ...closure, affectedBookings: [] });

    expect((await call('DELETE', apiPaths.schedule.closure(closure.id), admin)).statusCode).toBe(200);
    expect(await availableTimes(last)).toContain('11:00');
    const gone = await call('DELETE', apiPaths.schedule.closure(closure.id), admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(scheduleMessages.closureNotFound);
    expect(await latestChange()).toMatchObject({ subject: 'closure', action: 'deleted', before: closure });
  });

  it('holds at most 200 closures ahead', async () => {
    const start = addDays(todayIn(zone, new Date()), 400);
    await testApp.app.db.insert(closures).values(
      Array.from({ length: 200 }, (_, day) => ({
        startDate: addDays(start, day),
        endDate: addDays(start, day),
        reason: 'Filler',
      })),
    );
    try {
      const full = await call('POST', apiPaths.schedule.closures, admin, {
        startDate: start,
        endDate: start,
        reason: 'One more',
      });
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toBe(scheduleMessages.tooManyClosures);
      const listed = (await call('GET', apiPaths.schedule.closures, admin)).json().closures;
      expect(listed.length).toBeLessThanOrEqual(220);
    } finally {
      await testApp.app.db.delete(closures).where(eq(closures.reason, 'Filler'));
    }
  });

  it('refuses a closure without a reason, backwards, too long, or with bad dates', async () => {
    const cases: [object, string, string][] = [
      [
        { startDate: '2031-01-02', endDate: '2031-01-01', reason: 'x' },
        'endDate',
        scheduleMessages.closureBackwards,
      ],
      [
        { startDate: '2031-01-01', endDate: '2032-06-01', reason: 'x' },
        'endDate',
        scheduleMessages.closureTooLong,
      ],
      [
        { startDate: '2031-02-30', endDate: '2031-03-01', reason: 'x' },
        'startDate',
        scheduleMessages.dateInvalid,
      ],
      [
        { startDate: '2031-01-01', endDate: '2031-01-01', reason: '   ' },
        'reason',
        scheduleMessages.reasonRequired,
      ],
      [
        { startDate: '2031-01-01', endDate: '2031-01-01', reason: 'a\u0000b' },
        'reason',
        'Reason must not contain control characters or line breaks',
      ],
    ];
    for (const [body, path, msg] of cases) {
      const response = await call('POST', apiPaths.schedule.closures, admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0], JSON.stringify(body)).toEqual({ path, msg });
    }
  });
});

describe.runIf(testDriver === 'postgres')('on PostgreSQL', () => {
  it('never lets racing bookings on adjacent slots come closer than the buffer (10 runs)', async () => {
    await putSchedule({ ...defaultSchedule, bufferMinutes: 30 });
    try {
      for (let run = 0; run < 10; run++) {
        const date = nextDay();
        const answers = await Promise.all(['10:00', '11:00', '11:30'].map((time) => book(date, time)));
        const made = answers
          .filter((answer) => answer.statusCode === 201)
          .map((answer) => answer.json().booking);
        expect(answers.every((answer) => [201, 409].includes(answer.statusCode))).toBe(true);
        // 10:00-11:00 and 11:30-12:30 may both stand (30 minutes apart); 11:00 stands only alone with 11:30 refused.
        const starts = made
          .map((booking: { starts_at: string }) => Date.parse(booking.starts_at))
          .sort((a: number, b: number) => a - b);
        for (let index = 1; index < starts.length; index++) {
          expect((starts[index] ?? 0) - (starts[index - 1] ?? 0)).toBeGreaterThanOrEqual(90 * 60_000);
        }
        expect(made.length).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await putSchedule(defaultSchedule);
    }
  });

  it('gives a booking made while the buffer changes the buffer that change leaves (10 runs)', async () => {
    try {
      for (let run = 0; run < 10; run++) {
        const date = nextDay();
        const [saved, made] = await Promise.all([
          call('PUT', apiPaths.schedule.admin, admin, {
            schedule: { ...defaultSchedule, bufferMinutes: 30 },
          }),
          book(date, '10:00'),
        ]);
        expect([saved.statusCode, made.statusCode]).toEqual([200, 201]);
        expect((await holdOf(made.json().booking.id)).bufferMinutes, `run ${run}`).toBe(30);
        await putSchedule(defaultSchedule);
      }
    } finally {
      await putSchedule(defaultSchedule);
    }
  });

  it('reaches another server process on the same database within a second', async () => {
    const url = testApp.database.url;
    if (!url) throw new Error('no database url');
    const secondHandle = await openDatabase({ url });
    const second = await buildApp(testConfig(), { database: secondHandle });
    await second.ready();
    try {
      const date = nextDay();
      const before = await second.inject(`/api/services/1/availability?date=${date}`);
      expect(before.json().slots.length).toBeGreaterThan(0);
      const added = await call('POST', apiPaths.schedule.closures, admin, {
        startDate: date,
        endDate: date,
        reason: 'Holiday',
      });
      const started = Date.now();
      let seen = false;
      while (!seen && Date.now() - started < 1000) {
        const after = await second.inject(`/api/services/1/availability?date=${date}`);
        seen = after.json().slots.length === 0;
        if (!seen) await new Promise((done) => setTimeout(done, 20));
      }
      expect(seen).toBe(true);
      await call('DELETE', apiPaths.schedule.closure(added.json().closure.id), admin);
    } finally {
      await second.close();
    }
  });
});
