// Where a consultation happens and its summary (docs/product.md#where-the-meeting-happens, #the-summary), on PGlite
// and on PostgreSQL: the booking's own room, told once confirmed and kept across reschedules, in every answer, the
// .ics, the feed and the letters (read back from the in-process SMTP server, calendars parsed by node-ical); the
// administrators' location instead of it; the firm's summary of a completed booking and its one letter.
import {
  accountMessages,
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  bookingMessages,
  defaultBusinessTimeZone,
  maxLocationLength,
  maxSummaryLength,
  meetingTexts,
  type ProfileUser,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, outbox } from '../../src/db/schema.ts';
import { calendarLinkKey } from '../../src/modules/bookings/calendar-link.ts';
import { summaryBodyLimitBytes } from '../../src/modules/meeting/meeting.routes.ts';
import { sendDueReminders } from '../../src/modules/reminders/reminders.service.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { addConsultant } from '../consultants/fixtures.ts';
import { api, appUrl, type Caller } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { type CapturedMail, linkIn, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';
import { businessTime, type Client, dayAllocator, postBooking, signedInClient } from './clients.ts';

const zone = defaultBusinessTimeZone;
const mailFrom = 'OT Consulting <no-reply@meeting.test>';
/** The default MEETING_URL_TEMPLATE with the booking's token: 128 random bits as 32 hex digits. */
const roomShape = /^https:\/\/meet\.jit\.si\/[0-9a-f]{32}$/;
const myBookingsUrl = `${appUrl}/my-bookings`;
const nextDay = dayAllocator(3);

let testApp: TestApp;
let capture: MailCapture;
let admin: Client;
let owner: Client;
let otherClient: Client;
/** The account of the consultant the bookings are with, and of another consultant of the firm. */
let consultant: Client;
let otherConsultant: Client;
let consultantId: number;

beforeAll(async () => {
  capture = await startMailCapture();
  testApp = await buildTestApp({
    env: {
      SMTP_URL: capture.url,
      MAIL_FROM: mailFrom,
      MAX_PENDING_BOOKINGS_PER_CLIENT: '1000',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    },
    mail: { pollIntervalMs: 20 },
  });
  admin = await signedInAdmin(testApp, 'office@meeting.test');
  owner = await signedInClient(testApp, 'ada@meeting.test', { firstName: 'Ada', lastName: 'Lovelace' });
  otherClient = await signedInClient(testApp, 'grace@meeting.test');
  consultant = await signedInClient(testApp, 'maya@meeting.test', {
    firstName: 'Maya',
    lastName: 'Thompson',
  });
  otherConsultant = await signedInClient(testApp, 'otto@meeting.test', {
    firstName: 'Otto',
    lastName: 'Other',
  });
  // Linked by their e-mail: the accounts become the consultants'.
  consultantId = (
    await addConsultant(testApp.app, admin, {
      name: 'Maya Thompson',
      email: consultant.email,
      serviceIds: [1],
    })
  ).id;
  await addConsultant(testApp.app, admin, {
    name: 'Otto Other',
    email: otherConsultant.email,
    serviceIds: [1],
  });
});
afterAll(async () => {
  await testApp?.close();
  await capture?.close();
});

/** A pending booking of the owner's with the consultant, made through the API (so its room is made as in use). */
async function book(): Promise<Booking> {
  const response = await postBooking(testApp.app, owner, {
    serviceId: 1,
    projectDescription: 'Please review the architecture of our order pipeline.',
    startsAt: businessTime(nextDay(), 10),
    consultantId,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

async function setStatus(booking: { id: number }, status: string): Promise<Booking> {
  const response = await api(testApp.app, 'PUT', apiPaths.admin.status(booking.id), admin, { status });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ booking: Booking }>().booking;
}

async function confirmed(): Promise<Booking> {
  return setStatus(await book(), 'confirmed');
}

/** The booking as `caller` reads it on its page. */
async function read(booking: { id: number }, caller: Caller): Promise<Booking> {
  const response = await api(testApp.app, 'GET', apiPaths.bookings.booking(booking.id), caller);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BookingDetailResponse>().booking;
}

/** The room as stored with the booking, whatever its status. */
async function storedRoom(booking: { id: number }): Promise<string | undefined> {
  const [row] = await testApp.app.db
    .select({ meetingUrl: bookings.meetingUrl })
    .from(bookings)
    .where(eq(bookings.id, booking.id));
  return row?.meetingUrl;
}

function reschedule(booking: { id: number }, caller: Caller, startsAt: string) {
  return api(testApp.app, 'POST', apiPaths.bookings.reschedule(booking.id), caller, { startsAt });
}

function setLocation(booking: { id: number }, caller: Caller, body: object) {
  return api(testApp.app, 'PUT', apiPaths.admin.location(booking.id), caller, body);
}

function saveSummary(booking: { id: number }, caller: Caller, body: object) {
  return api(testApp.app, 'PUT', apiPaths.bookings.summary(booking.id), caller, body);
}

function eventsOf(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter(
    (component): component is VEvent =>
      typeof component === 'object' &&
      component !== null &&
      'type' in component &&
      component.type === 'VEVENT',
  );
}

function onlyEvent(text: string): VEvent {
  const events = eventsOf(text);
  expect(events).toHaveLength(1);
  const [event] = events;
  if (!event) throw new Error('no VEVENT');
  return event;
}

/** The event's place as a calendar app reads it: LOCATION, URL (a URI value, which node-ical keeps with its parameters) and SEQUENCE. */
function placeOf(event: VEvent) {
  const url: unknown = event.url;
  const uri = typeof url === 'object' && url !== null && 'val' in url ? url.val : url;
  return { location: event.location, url: uri, sequence: Number(event.sequence) };
}

/** The owner's .ics download. */
async function calendarFile(booking: { id: number }) {
  const response = await api(testApp.app, 'GET', apiPaths.bookings.calendar(booking.id), owner);
  expect(response.statusCode, response.body).toBe(200);
  return placeOf(onlyEvent(response.body));
}

/** The event of `booking` in the owner's calendar feed, fetched as a calendar app does (no cookie). */
async function feedEvent(booking: Booking) {
  const profile = await api(testApp.app, 'GET', apiPaths.accounts.profile, owner);
  const { pathname } = new URL(profile.json<{ user: ProfileUser }>().user.calendar_feed_url);
  const response = await testApp.app.inject({ method: 'GET', url: pathname });
  expect(response.statusCode, response.body).toBe(200);
  const event = eventsOf(response.body).find((each) => each.uid.startsWith(`booking-${booking.id}@`));
  if (!event) throw new Error(`booking ${booking.id} is not in the feed`);
  return placeOf(event);
}

/** The calendar part of a letter: its METHOD, and the event's place. */
function invitationOf(mail: CapturedMail) {
  const part = mail.attachments.find((candidate) => candidate.contentType === 'text/calendar');
  if (!part) throw new Error(`no calendar part in "${mail.subject}"`);
  return { method: part.method, ...placeOf(onlyEvent(part.content)) };
}

/** The letters to the owner about this booking (their subjects end with its code), in the order received. */
function lettersAbout(booking: Booking): CapturedMail[] {
  return capture.messages.filter(
    (mail) => mail.to === owner.email && mail.subject.endsWith(booking.confirmation_code),
  );
}

/** The letter to the owner about this booking whose subject matches, waiting for it; `after` skips earlier ones. */
async function letterAbout(booking: Booking, subject: RegExp, after = 0): Promise<CapturedMail> {
  const code = booking.confirmation_code.replaceAll('-', '\\-');
  return capture.waitFor(owner.email, {
    subject: new RegExp(`${subject.source}.*${code}$`),
    after,
  });
}

/** Resolves once every letter to `email` in the outbox has been sent: none waits any more. */
async function delivered(email: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await testApp.app.db
      .select({ status: outbox.status })
      .from(outbox)
      .where(eq(outbox.to, email));
    if (rows.every((row) => row.status === 'sent')) return;
    if (Date.now() > deadline) throw new Error(`Letters to ${email} still wait in the outbox`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

function expectRefusal(response: LightMyRequestResponse, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  if (message !== undefined) expect(response.json<{ message: string }>().message).toBe(message);
}

describe('the meeting link', () => {
  it('is null while pending, for the client and the firm alike, though the room is made when booked', async () => {
    const pending = await book();
    expect(pending.meeting_url).toBeNull();
    expect(pending.location).toBeNull();
    for (const caller of [owner, admin, consultant])
      expect((await read(pending, caller)).meeting_url).toBeNull();
    const listed = await api(testApp.app, 'GET', apiPaths.bookings.myBookings, owner);
    const inList = listed.json<{ bookings: Booking[] }>().bookings.find((each) => each.id === pending.id);
    expect(inList?.meeting_url).toBeNull();
    expect(await storedRoom(pending)).toMatch(roomShape);
    // No place in the .ics of a pending booking either: it has none yet.
    const file = await calendarFile(pending);
    expect(file.location).toBeUndefined();
    expect(file.url).toBe(myBookingsUrl);
  });

  it('is the booking’s own room once confirmed: the template with 32 hex, the same to everyone, one per booking', async () => {
    const booking = await confirmed();
    expect(booking.meeting_url).toMatch(roomShape);
    expect(booking.meeting_url).toBe(await storedRoom(booking));
    for (const caller of [owner, admin, consultant]) {
      const seen = await read(booking, caller);
      expect(seen.meeting_url).toBe(booking.meeting_url);
      expect(seen.location).toBeNull();
    }
    const another = await confirmed();
    expect(another.meeting_url).toMatch(roomShape);
    expect(another.meeting_url).not.toBe(booking.meeting_url);
  });

  it('is in the confirmation: a Join the meeting line with its link, and the invitation’s LOCATION and URL', async () => {
    const booking = await confirmed();
    const room = booking.meeting_url;
    if (!room) throw new Error('no room');
    const mail = await letterAbout(booking, /^Your consultation is confirmed/);
    expect(mail.text).toContain(`Join the meeting: ${room}`);
    expect(mail.html).toContain(`<a href="${room}">${room}</a>`);
    const invitation = invitationOf(mail);
    expect(invitation).toMatchObject({ method: 'REQUEST', location: room, url: room });
  });

  it('is in the .ics download as LOCATION and URL, and in the calendar feed', async () => {
    const booking = await confirmed();
    const place = { location: booking.meeting_url, url: booking.meeting_url };
    expect(await calendarFile(booking)).toMatchObject(place);
    expect(await feedEvent(booking)).toMatchObject(place);
  });

  it('stays the same after a reschedule, the client’s and an administrator’s: answers, letters, .ics and feed', async () => {
    const booking = await confirmed();
    const room = booking.meeting_url;
    const before = await calendarFile(booking);

    const moved = await reschedule(booking, owner, businessTime(nextDay(), 11));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ booking: Booking }>().booking.meeting_url).toBe(room);
    const byClient = await letterAbout(booking, /^Your consultation has been moved/);
    expect(byClient.text).toContain(`Join the meeting: ${room}`);
    expect(invitationOf(byClient)).toMatchObject({ location: room, url: room });

    const movedByFirm = await reschedule(booking, admin, businessTime(nextDay(), 14));
    expect(movedByFirm.statusCode, movedByFirm.body).toBe(200);
    expect(movedByFirm.json<{ booking: Booking }>().booking.meeting_url).toBe(room);
    const byFirm = await letterAbout(booking, /^Your consultation has been moved/, 1);
    expect(invitationOf(byFirm)).toMatchObject({ location: room, url: room });

    for (const caller of [owner, admin, consultant])
      expect((await read(booking, caller)).meeting_url).toBe(room);
    expect(await storedRoom(booking)).toBe(room);
    const after = await calendarFile(booking);
    expect(after).toMatchObject({ location: room, url: room });
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(await feedEvent(booking)).toMatchObject({ location: room, url: room });
  });

  it('is in the reminder', async () => {
    const booking = await confirmed();
    const reminderOptions = {
      reminderHours: [24],
      timeZone: zone,
      appUrl,
      mailFrom,
      calendarLinkKey: calendarLinkKey('meeting-test-secret-of-at-least-32-characters'),
    };
    const due = new Date(Date.parse(booking.starts_at) - 24 * 3_600_000);
    expect(await sendDueReminders(testApp.app.db, reminderOptions, due)).toBeGreaterThanOrEqual(1);
    const reminder = await letterAbout(booking, /^Reminder:/);
    expect(reminder.text).toContain(`Join the meeting: ${booking.meeting_url}`);
    expect(reminder.html).toContain(`<a href="${booking.meeting_url}">`);
  });

  it('goes once the consultation is completed or cancelled: the answers, the .ics and the letters tell no place', async () => {
    const done = await setStatus(await confirmed(), 'completed');
    expect(done.meeting_url).toBeNull();
    expect((await read(done, owner)).meeting_url).toBeNull();
    const thanks = await letterAbout(done, /^Thank you for your consultation/);
    expect(thanks.text).not.toContain('Join the meeting');

    const cancelled = await setStatus(await confirmed(), 'cancelled');
    expect(cancelled.meeting_url).toBeNull();
    const file = await calendarFile(cancelled);
    expect(file.location).toBeUndefined();
  });
});

describe('PUT /api/admin/bookings/{id}/location', () => {
  const office = 'Suite 400, 12 Main Street, Phoenix AZ';

  it('refuses everyone but an administrator: signed out 401, a client (the owner too) or a consultant 403', async () => {
    const booking = await confirmed();
    expectRefusal(await setLocation(booking, {}, { location: office }), 401, accountMessages.noActiveSession);
    for (const caller of [owner, otherClient, consultant, otherConsultant]) {
      expectRefusal(
        await setLocation(booking, caller, { location: office }),
        403,
        accountMessages.adminRequired,
      );
    }
    expect((await read(booking, owner)).location).toBeNull();
    expect(lettersAbout(booking).filter((mail) => /meeting place/.test(mail.subject))).toEqual([]);
  });

  it('answers 404 for an unknown booking, and 400 naming location for what the text rule refuses', async () => {
    expectRefusal(
      await setLocation({ id: 999_999 }, admin, { location: office }),
      404,
      bookingMessages.bookingNotFound,
    );
    const booking = await confirmed();
    const refusals: [object, string][] = [
      [{}, meetingTexts.locationRequired],
      [{ location: '   ' }, meetingTexts.locationRequired],
      [{ location: 42 }, meetingTexts.locationNotText],
      [
        { location: 'x'.repeat(maxLocationLength + 1) },
        `Location must be at most ${maxLocationLength} characters`,
      ],
      [
        { location: 'Suite 400\n12 Main Street' },
        'Location must not contain control characters or line breaks',
      ],
    ];
    for (const [body, message] of refusals) {
      const response = await setLocation(booking, admin, body);
      expectRefusal(response, 400, message);
      expect(response.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('location');
    }
    const longest = await setLocation(booking, admin, { location: ` ${'é'.repeat(maxLocationLength)} ` });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(longest.json<{ booking: Booking }>().booking.location).toBe('é'.repeat(maxLocationLength));
  });

  it('replaces the room everywhere for a confirmed booking, with a letter and a calendar update; null brings it back', async () => {
    const booking = await confirmed();
    const room = booking.meeting_url;
    const invitation = invitationOf(await letterAbout(booking, /^Your consultation is confirmed/));

    const set = await setLocation(booking, admin, { location: `  ${office}  ` });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ booking: Booking }>().booking).toMatchObject({ location: office, meeting_url: null });
    for (const caller of [owner, admin, consultant]) {
      expect(await read(booking, caller)).toMatchObject({ location: office, meeting_url: null });
    }
    const letter = await letterAbout(booking, /^Your consultation has a new meeting place/);
    expect(letter.text).toContain(`It now takes place here: ${office}.`);
    expect(letter.text).toContain(`Where: ${office}`);
    expect(letter.text).not.toContain('Join the meeting');
    expect(linkIn(letter, '/booking/')).toBe(`${appUrl}/booking/${booking.id}`);
    const update = invitationOf(letter);
    // The same event, a later revision: the client's calendar takes the new place.
    expect(update).toMatchObject({ method: 'REQUEST', location: office, url: myBookingsUrl });
    expect(update.sequence).toBeGreaterThan(invitation.sequence);
    expect(await calendarFile(booking)).toMatchObject({
      location: office,
      url: myBookingsUrl,
      sequence: update.sequence,
    });
    expect(await feedEvent(booking)).toMatchObject({ location: office, url: myBookingsUrl });
    const detail = await api(testApp.app, 'GET', apiPaths.bookings.booking(booking.id), owner);
    expect(detail.json<BookingDetailResponse>().history.at(-1)).toMatchObject({
      type: 'location_changed',
      by: 'admin',
    });

    // Moved, it keeps the location.
    const moved = await reschedule(booking, admin, businessTime(nextDay(), 9));
    expect(moved.json<{ booking: Booking }>().booking.location).toBe(office);
    const movedLetter = await letterAbout(booking, /^Your consultation has been moved/);
    expect(movedLetter.text).toContain(`Where: ${office}`);
    expect(invitationOf(movedLetter).location).toBe(office);

    const cleared = await setLocation(booking, admin, { location: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<{ booking: Booking }>().booking).toMatchObject({ location: null, meeting_url: room });
    const back = await letterAbout(booking, /^Your consultation has a new meeting place/, 1);
    expect(back.text).toContain(`Join the meeting: ${room}`);
    const backUpdate = invitationOf(back);
    expect(backUpdate).toMatchObject({ method: 'REQUEST', location: room, url: room });
    expect(backUpdate.sequence).toBeGreaterThan(update.sequence);
    expect(await calendarFile(booking)).toMatchObject({ location: room, url: room });
    expect(await feedEvent(booking)).toMatchObject({ location: room, url: room });

    // The place it already has changes nothing and sends nothing.
    const again = await setLocation(booking, admin, { location: null });
    expect(again.statusCode, again.body).toBe(200);
    await delivered(owner.email);
    expect(lettersAbout(booking).filter((mail) => /new meeting place/.test(mail.subject))).toHaveLength(2);
  });

  it('on a pending booking sends nothing and shows nothing; the confirmation then carries the location', async () => {
    const booking = await book();
    const set = await setLocation(booking, admin, { location: office });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ booking: Booking }>().booking).toMatchObject({ location: null, meeting_url: null });
    await setStatus(booking, 'confirmed');
    const confirmation = await letterAbout(booking, /^Your consultation is confirmed/);
    expect(confirmation.text).toContain(`Where: ${office}`);
    expect(confirmation.text).not.toContain('Join the meeting');
    expect(invitationOf(confirmation)).toMatchObject({ location: office, url: myBookingsUrl });
    await delivered(owner.email);
    expect(lettersAbout(booking).filter((mail) => /new meeting place/.test(mail.subject))).toEqual([]);
  });
});

describe('PUT /api/bookings/{id}/summary', () => {
  /** A completed booking of the owner's with the consultant. */
  async function completed(): Promise<Booking> {
    const [id = 0] = await seedBookings(testApp.app, [
      { userId: owner.id, createdAt: new Date(), status: 'completed', consultantId },
    ]);
    return read({ id }, admin);
  }

  const summaryText =
    'We reviewed the order pipeline.\n\nNext steps:\n- move the orders into PostgreSQL\n- add a queue';

  it('lets administrators and the booking’s consultant write it; the owner 403; other clients and consultants 404; signed out 401', async () => {
    const booking = await completed();
    expectRefusal(
      await saveSummary(booking, {}, { summary: summaryText }),
      401,
      accountMessages.noActiveSession,
    );
    expectRefusal(
      await saveSummary(booking, owner, { summary: summaryText }),
      403,
      meetingTexts.summaryFirmOnly,
    );
    for (const caller of [otherClient, otherConsultant]) {
      expectRefusal(
        await saveSummary(booking, caller, { summary: summaryText }),
        404,
        bookingMessages.bookingNotFound,
      );
    }
    expect((await read(booking, owner)).summary).toBeNull();

    const byConsultant = await saveSummary(booking, consultant, { summary: summaryText });
    expect(byConsultant.statusCode, byConsultant.body).toBe(200);
    expect(byConsultant.json<{ booking: Booking }>().booking.summary).toBe(summaryText);
    const byAdmin = await saveSummary(booking, admin, { summary: `${summaryText}\n- and a review in May` });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    // The client reads it on the booking's page, paragraphs and lines as written.
    expect((await read(booking, owner)).summary).toBe(`${summaryText}\n- and a review in May`);
    expectRefusal(
      await saveSummary({ id: 999_999 }, admin, { summary: summaryText }),
      404,
      bookingMessages.bookingNotFound,
    );
  });

  it('answers 409 for a booking that is not completed, whoever of the firm writes', async () => {
    const pending = await book();
    const active = await confirmed();
    for (const booking of [pending, active]) {
      for (const caller of [admin, consultant]) {
        expectRefusal(
          await saveSummary(booking, caller, { summary: summaryText }),
          409,
          meetingTexts.summaryNotCompleted(booking.status),
        );
      }
      expect((await read(booking, admin)).summary).toBeNull();
    }
  });

  it('takes 1 to 20,000 characters of the text rule, the longest even with every character escaped', async () => {
    const booking = await completed();
    const refusals: [object, string][] = [
      [{}, meetingTexts.summaryRequired],
      [{ summary: ' \n ' }, meetingTexts.summaryRequired],
      [{ summary: null }, meetingTexts.summaryNotText],
      [
        { summary: 'x'.repeat(maxSummaryLength + 1) },
        `Summary must be at most ${maxSummaryLength} characters`,
      ],
      [
        { summary: 'A bell\u0007' },
        'Summary must not contain control characters other than tabs and line breaks',
      ],
    ];
    for (const [body, message] of refusals) {
      const response = await saveSummary(booking, admin, body);
      expectRefusal(response, 400, message);
      expect(response.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('summary');
    }
    // 20,000 characters written as \uXXXX each: some 120 KB, over the app's default body limit.
    const longest = 'é'.repeat(maxSummaryLength);
    const escaped = JSON.stringify({ summary: longest }).replaceAll('é', '\\u00e9');
    const response = await testApp.app.inject({
      method: 'PUT',
      url: apiPaths.bookings.summary(booking.id),
      headers: { origin: appUrl, cookie: admin.cookie, 'content-type': 'application/json' },
      payload: escaped,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ booking: Booking }>().booking.summary).toBe(longest);
    // Beyond what the longest summary can weigh, the body is not read.
    const tooLarge = await testApp.app.inject({
      method: 'PUT',
      url: apiPaths.bookings.summary(booking.id),
      headers: { origin: appUrl, cookie: admin.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ summary: 'x'.repeat(summaryBodyLimitBytes) }),
    });
    expectRefusal(tooLarge, 413, 'The request body is too large');
  });

  it('tells the client once that it is ready, with a link to the booking’s page; later edits send nothing', async () => {
    const booking = await completed();
    expect((await saveSummary(booking, consultant, { summary: summaryText })).statusCode).toBe(200);
    expect((await saveSummary(booking, admin, { summary: `${summaryText}\n- one more` })).statusCode).toBe(
      200,
    );
    const letter = await letterAbout(booking, /^Your consultation summary is ready/);
    expect(linkIn(letter, '/booking/')).toBe(`${appUrl}/booking/${booking.id}`);
    expect(letter.text).toContain('Read the Summary');
    await delivered(owner.email);
    expect(lettersAbout(booking).filter((mail) => /summary is ready/.test(mail.subject))).toHaveLength(1);
    const [row] = await testApp.app.db
      .select({ at: bookings.summaryNotifiedAt })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(row?.at).toBeInstanceOf(Date);
  });

  it('sends that letter once when several writers save the first summary at the same moment', async () => {
    const booking = await completed();
    const writers = [admin, consultant, admin, consultant, admin, consultant];
    const answers = await Promise.all(
      writers.map((writer, index) => saveSummary(booking, writer, { summary: `${summaryText}\n(${index})` })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const queued = await testApp.app.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.to, owner.email),
          eq(outbox.subject, `Your consultation summary is ready — ${booking.confirmation_code}`),
        ),
      );
    expect(queued).toHaveLength(1);
    await delivered(owner.email);
    expect(lettersAbout(booking).filter((mail) => /summary is ready/.test(mail.subject))).toHaveLength(1);
    expect((await read(booking, owner)).summary).toMatch(/^We reviewed the order pipeline\./);
  });
});
