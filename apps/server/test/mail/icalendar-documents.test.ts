// Every iCalendar document the portal writes — the booking's download, each e-mail's calendar parts, the reminder's
// signed link, the feed — through a booking's life (pending, confirmed, moved, back to pending, reminded, cancelled,
// expired), read back by Mozilla's parser (ical.js, strict) and held to the rules of docs/decisions/023: one UID
// everywhere, a SEQUENCE that grows with each change, the METHOD of each kind, no ATTENDEE in a PUBLISH, a final
// CRLF, the calendar's properties before its components, text/calendar, and an empty feed still a calendar.
import { type Booking, defaultBusinessTimeZone, type ProfileUser } from '@portal/domain';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultationUid } from '../../src/lib/mail/calendar.ts';
import { expirePendingBooking } from '../../src/modules/bookings/booking-status.service.ts';
import { calendarLinkKey } from '../../src/modules/bookings/calendar-link.ts';
import { sendDueReminders } from '../../src/modules/reminders/reminders.service.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { bookAt, businessTime, type Client, dayAllocator, signedInClient } from '../bookings/clients.ts';
import { api, appUrl } from '../helpers/accounts.ts';
import { buildTestApp, defaultBilling, type TestApp } from '../helpers/build-test-app.ts';
import { type CapturedMail, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';

const zone = defaultBusinessTimeZone;
const hour = 3_600_000;
const authSecret = 'icalendar-documents-test-secret-0123456789';
const mailFrom = 'OT Consulting <no-reply@portal.test>';
const firmAddress = 'office@firm.test';
// Quotes and semicolons: Outlook and Google do not decode RFC 6868's ^' escapes, so none may be written.
const firstName = 'Ada "The Countess"';
const lastName = 'Lovelace; King';
const nextDay = dayAllocator(7);

let testApp: TestApp;
let capture: MailCapture;
let ada: Client;
let admin: Client;

beforeAll(async () => {
  ICAL.design.strict = true;
  capture = await startMailCapture();
  testApp = await buildTestApp({
    env: {
      SMTP_URL: capture.url,
      MAIL_FROM: mailFrom,
      FIRM_EMAIL: firmAddress,
      AUTH_SECRET: authSecret,
      MAX_PENDING_BOOKINGS_PER_CLIENT: '1000',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    },
    mail: { pollIntervalMs: 50, retryBaseMs: 100, retryCapMs: 400 },
  });
  ada = await signedInClient(testApp, 'ada@icalendar.test', { firstName, lastName });
  admin = await signedInAdmin(testApp, 'admin@icalendar.test');
});
afterAll(async () => {
  ICAL.design.strict = false;
  await testApp?.close();
  await capture?.close();
});

type Method = 'PUBLISH' | 'REQUEST' | 'CANCEL';

interface EventSeen {
  uid: string;
  sequence: number;
  status: string;
  attendees: ICAL.Property[];
}

/** An iCalendar document checked against every rule of its kind, and its events. */
function checkDocument(text: string, method: Method, what: string): EventSeen[] {
  // Lines end with CRLF, the last one too, and no line break stands alone.
  expect(text.endsWith('\r\n'), `${what}: final CRLF`).toBe(true);
  expect(text.replaceAll('\r\n', ''), `${what}: bare line breaks`).not.toMatch(/[\r\n]/);
  // Never an RFC 6868 escape: the calendars that matter show them literally.
  expect(text, what).not.toMatch(/\^['n^]/);

  // The calendar's own properties come before its first component, and none after it.
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines[0], what).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1), what).toBe('END:VCALENDAR');
  let depth = 0;
  let componentSeen = false;
  const calendarProperties: string[] = [];
  for (const line of lines) {
    if (line.startsWith('BEGIN:')) {
      depth += 1;
      if (depth === 2) componentSeen = true;
    } else if (line.startsWith('END:')) depth -= 1;
    else if (depth === 1) {
      expect(componentSeen, `${what}: ${line} after a component`).toBe(false);
      calendarProperties.push(line.split(/[:;]/)[0] ?? '');
    }
  }
  expect(calendarProperties, what).toEqual(
    expect.arrayContaining(['VERSION', 'PRODID', 'METHOD', 'CALSCALE']),
  );

  // Mozilla's parser, strict, reads it as one VCALENDAR with the properties some clients need.
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name, what).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version'), what).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid'), what).toBeTruthy();
  expect(calendar.getFirstPropertyValue('calscale'), what).toBe('GREGORIAN');
  expect(calendar.getFirstPropertyValue('method'), what).toBe(method);

  return calendar.getAllSubcomponents('vevent').map((event) => {
    const attendees = event.getAllProperties('attendee');
    const organizer = event.getFirstProperty('organizer');
    if (method === 'PUBLISH') {
      // A file or a feed is no invitation: nobody is shown as having answered one.
      expect(attendees, `${what}: ATTENDEE in a PUBLISH`).toEqual([]);
    } else {
      // An invitation names the firm's real address, asks for no answer, and names the client as written.
      expect(organizer?.getFirstValue(), what).toBe(`mailto:${firmAddress}`);
      expect(attendees, what).toHaveLength(1);
      expect(attendees[0]?.getParameter('rsvp'), what).toBe('FALSE');
      expect(attendees[0]?.getParameter('cn'), what).toBe(`Ada 'The Countess' Lovelace; King`);
    }
    return {
      uid: String(event.getFirstPropertyValue('uid')),
      sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
      status: String(event.getFirstPropertyValue('status')),
      attendees,
    };
  });
}

/** The one event of a single-event document. */
function onlyEvent(text: string, method: Method, what: string): EventSeen {
  const events = checkDocument(text, method, what);
  expect(events, what).toHaveLength(1);
  const [event] = events;
  if (!event) throw new Error(`${what}: no VEVENT`);
  return event;
}

/** An e-mail's calendar parts: the text/calendar alternative with its method, and the invite.ics attachment. */
function mailEvent(mail: CapturedMail, method: Exclude<Method, 'PUBLISH'>): EventSeen {
  const what = mail.subject;
  const parts = mail.attachments.filter(
    (part) => part.contentType === 'text/calendar' || part.filename?.endsWith('.ics'),
  );
  expect(parts.length, `${what}: calendar parts`).toBeGreaterThan(0);
  const alternative = parts.find((part) => part.contentType === 'text/calendar');
  expect(alternative?.method, what).toBe(method);
  expect(mail.raw, what).toMatch(
    new RegExp(`Content-Type: text/calendar; charset=utf-8; method=${method}`, 'i'),
  );
  const events = parts.map((part) => onlyEvent(part.content, method, `${what} (${part.filename ?? 'part'})`));
  // Both parts are the same event.
  expect(new Set(events.map((event) => `${event.uid}/${event.sequence}`)).size, what).toBe(1);
  return events[0] as EventSeen;
}

function noCalendarPart(mail: CapturedMail) {
  expect(
    mail.attachments.filter(
      (part) =>
        part.contentType === 'text/calendar' ||
        part.contentType === 'application/ics' ||
        part.filename?.endsWith('.ics'),
    ),
    mail.subject,
  ).toEqual([]);
  expect(mail.raw, mail.subject).not.toMatch(/method=REQUEST/i);
}

async function download(booking: Booking): Promise<EventSeen> {
  const response = await api(testApp.app, 'GET', `/api/bookings/${booking.id}/calendar.ics`, ada);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return onlyEvent(response.body, 'PUBLISH', `download of ${booking.id}`);
}

async function feedUrl(client: Client): Promise<string> {
  const response = await api(testApp.app, 'GET', '/api/auth/profile', client);
  return response.json<{ user: ProfileUser }>().user.calendar_feed_url;
}

/** The feed as a calendar app fetches it: the URL alone. */
async function feed(client: Client): Promise<EventSeen[]> {
  const response = await testApp.app.inject({ method: 'GET', url: new URL(await feedUrl(client)).pathname });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return checkDocument(response.body, 'PUBLISH', 'feed');
}

async function setStatus(booking: Booking, status: string) {
  const response = await api(testApp.app, 'PUT', `/api/bookings/admin/${booking.id}/status`, admin, {
    status,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The letter about a booking whose subject matches, once delivered. */
function letter(booking: Booking, subject: RegExp): Promise<CapturedMail> {
  return capture.waitFor(ada.email, {
    subject: new RegExp(`${subject.source}.*${booking.confirmation_code}`),
  });
}

/** The SEQUENCEs a booking's event went through, in order: each change outranks the last. */
function expectIncreasing(sequences: number[]) {
  for (let index = 1; index < sequences.length; index++) {
    expect(sequences[index], `revision ${index}: ${sequences.join(', ')}`).toBeGreaterThan(
      sequences[index - 1] ?? -1,
    );
  }
}

describe('every iCalendar document the portal writes', () => {
  it('an empty feed is still a calendar', async () => {
    const fresh = await signedInClient(testApp, 'nobody@icalendar.test', {
      firstName: 'No',
      lastName: 'One',
    });
    expect(await feed(fresh)).toEqual([]);
  });

  it('one booking, confirmed, moved, reminded and cancelled: one UID, a growing SEQUENCE, the right METHOD', async () => {
    const booking = await bookAt(testApp.app, ada, businessTime(nextDay(), 10));
    const uid = consultationUid(booking.id, appUrl);

    // Pending: the download and the feed show it tentative, the received letter carries no calendar part.
    const pendingFile = await download(booking);
    expect(pendingFile).toMatchObject({ uid, status: 'TENTATIVE' });
    const pendingFeed = (await feed(ada)).find((event) => event.uid === uid);
    expect(pendingFeed).toMatchObject({ uid, status: 'TENTATIVE', sequence: pendingFile.sequence });
    noCalendarPart(await letter(booking, /request has been received/));

    // Confirmed: an invitation (accepted, no RSVP) of the same event, which the file and the feed then match.
    await setStatus(booking, 'confirmed');
    const invitation = mailEvent(await letter(booking, /is confirmed/), 'REQUEST');
    expect(invitation).toMatchObject({ uid, status: 'CONFIRMED' });
    expect(invitation.attendees[0]?.getParameter('partstat')).toBe('ACCEPTED');
    const confirmedFile = await download(booking);
    expect(confirmedFile).toMatchObject({ uid, status: 'CONFIRMED', sequence: invitation.sequence });
    const confirmedFeed = (await feed(ada)).filter((event) => event.uid === uid);
    expect(confirmedFeed).toHaveLength(1);
    expect(confirmedFeed[0]?.sequence).toBe(invitation.sequence);

    // Moved by the client: an update of the same event.
    const moved = await testApp.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/reschedule`,
      headers: { 'content-type': 'application/json', origin: appUrl, cookie: ada.cookie },
      payload: JSON.stringify({ startsAt: businessTime(nextDay(), 11) }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const movedBooking = moved.json<{ booking: Booking }>().booking;
    const update = mailEvent(await letter(booking, /has been moved/), 'REQUEST');
    expect(update.uid).toBe(uid);
    expect((await download(booking)).sequence).toBe(update.sequence);

    // Reminded: no invitation again; its link opens the same event without a session.
    const options = {
      reminderHours: [24],
      timeZone: zone,
      appUrl,
      mailFrom,
      replyTo: firmAddress,
      calendarLinkKey: calendarLinkKey(authSecret),
    };
    const dueAt = new Date(Date.parse(movedBooking.starts_at) - 24 * hour);
    expect(await sendDueReminders(testApp.app.db, options, dueAt)).toBe(1);
    const reminder = await capture.waitFor(ada.email, { subject: /^Reminder:/ });
    noCalendarPart(reminder);
    const link = /https?:\/\/\S+\/calendar\.ics\?\S+/.exec(reminder.text)?.[0];
    if (!link) throw new Error('no calendar link in the reminder');
    const linked = await testApp.app.inject({ method: 'GET', url: link.replace(appUrl, '') });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(onlyEvent(linked.body, 'PUBLISH', 'reminder link')).toMatchObject({
      uid,
      sequence: update.sequence,
    });

    // Cancelled by the client: a CANCEL of the same event, outranking the update; the feed drops it.
    const cancelled = await api(testApp.app, 'PUT', `/api/bookings/${booking.id}`, ada, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancellation = mailEvent(await letter(booking, /You have cancelled/), 'CANCEL');
    expect(cancellation).toMatchObject({ uid, status: 'CANCELLED' });
    expect((await feed(ada)).map((event) => event.uid)).not.toContain(uid);

    expectIncreasing([pendingFile.sequence, invitation.sequence, update.sequence, cancellation.sequence]);
  });

  it('back to pending: an update marks the event tentative; a cancellation by the firm withdraws it', async () => {
    const booking = await bookAt(testApp.app, ada, businessTime(nextDay(), 13));
    const uid = consultationUid(booking.id, appUrl);
    await setStatus(booking, 'confirmed');
    const invitation = mailEvent(await letter(booking, /is confirmed/), 'REQUEST');

    await setStatus(booking, 'pending');
    const update = mailEvent(await letter(booking, /awaiting confirmation again/), 'REQUEST');
    expect(update).toMatchObject({ uid, status: 'TENTATIVE' });
    // Not shown as accepted while the firm has not confirmed it.
    expect(update.attendees[0]?.getParameter('partstat')).toBe('TENTATIVE');
    const file = await download(booking);
    expect(file).toMatchObject({ uid, status: 'TENTATIVE', sequence: update.sequence });

    await setStatus(booking, 'cancelled');
    const cancellation = mailEvent(await letter(booking, /has been cancelled/), 'CANCEL');
    expect(cancellation.uid).toBe(uid);
    expectIncreasing([invitation.sequence, update.sequence, cancellation.sequence]);
  });

  it('a pending booking the client downloaded: its expiry and the firm’s cancellation each withdraw it', async () => {
    for (const end of ['expired', 'cancelled'] as const) {
      const booking = await bookAt(testApp.app, ada, businessTime(nextDay(), 9));
      const uid = consultationUid(booking.id, appUrl);
      const file = await download(booking);
      if (end === 'expired') {
        const afterStart = new Date(Date.parse(booking.starts_at) + 60_000);
        expect(
          await expirePendingBooking(
            testApp.app.db,
            booking.id,
            { now: afterStart, hours: 72 },
            { timeZone: zone, appUrl, mailFrom, replyTo: firmAddress, ...defaultBilling },
          ),
        ).toBe(true);
      } else {
        await setStatus(booking, 'cancelled');
      }
      const subject = end === 'expired' ? /request has been cancelled/ : /has been cancelled/;
      const cancellation = mailEvent(await letter(booking, subject), 'CANCEL');
      expect(cancellation).toMatchObject({ uid, status: 'CANCELLED' });
      expectIncreasing([file.sequence, cancellation.sequence]);
    }
    // Nothing of Ada's is active any more: her feed is an empty calendar, still valid.
    expect(await feed(ada)).toEqual([]);
  });
});
