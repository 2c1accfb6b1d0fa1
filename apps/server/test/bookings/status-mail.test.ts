// The client is told of an administrator's decision: the e-mails read back from the in-process SMTP server, with
// the calendar part parsed by an independent iCalendar parser (node-ical).
import { type Booking, type BookingStatus, bookingMessages, defaultBusinessTimeZone } from '@portal/domain';
import { eq } from 'drizzle-orm';
import ical, { type CalendarResponse, type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema.ts';
import { setBookingStatus } from '../../src/modules/bookings/booking-status.service.ts';
import { buildTestApp, defaultBilling, type TestApp } from '../helpers/build-test-app.ts';
import {
  type CapturedAttachment,
  type CapturedMail,
  type MailCapture,
  startMailCapture,
} from '../helpers/mail-capture.ts';
import { businessTime, type Client, dayAllocator, postBooking, signedInClient } from './clients.ts';

const zone = defaultBusinessTimeZone; // America/Phoenix
const appUrl = 'https://portal.example.com';
const mailFrom = 'OT Consulting <bookings@portal.example.com>';
const myBookingsUrl = `${appUrl}/my-bookings`;

let testApp: TestApp;
let capture: MailCapture;
let admin: Client;
let ada: Client;
let grace: Client;
const nextDay = dayAllocator(5);

beforeAll(async () => {
  capture = await startMailCapture();
  testApp = await buildTestApp({
    env: { SMTP_URL: capture.url, MAIL_FROM: mailFrom },
    mail: { pollIntervalMs: 50, retryBaseMs: 100, retryCapMs: 400 },
  });
  admin = await signedInClient(testApp, 'admin@status-mail.test');
  ada = await signedInClient(testApp, 'ada@status-mail.test', { firstName: 'Ada', lastName: 'Lovelace' });
  grace = await signedInClient(testApp, 'grace@status-mail.test', { firstName: 'Grace', lastName: 'Hopper' });
});
afterAll(async () => {
  await testApp?.close();
  await capture?.close();
});

const description = 'Please review the architecture of our order pipeline.';

async function book(client: Client, startsAt: string): Promise<Booking> {
  const response = await postBooking(testApp.app, client, {
    serviceId: 1,
    projectDescription: description,
    startsAt,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

function change(booking: Booking, status: BookingStatus) {
  return setBookingStatus(
    testApp.app.db,
    { bookingId: booking.id, status, actorUserId: admin.id },
    { timeZone: zone, appUrl, mailFrom, ...defaultBilling },
  );
}

/**
 * The letters of an administrator's decisions only (each client also got a verification e-mail, and a letter saying
 * each booking was received: client-action-mail.test.ts).
 */
const bookingSubject = /^(Your consultation (is|has)|Thank you for your consultation)/;

/** The n-th booking letter (0-based) to `email`, once the worker has delivered it. */
function mailTo(email: string, index: number): Promise<CapturedMail> {
  return capture.waitFor(email, { subject: bookingSubject, after: index });
}

/** How many booking letters `email` has received. */
function received(email: string): number {
  return capture.messages.filter((mail) => mail.to === email && bookingSubject.test(mail.subject)).length;
}

/** The booking letters in the outbox to an address: the source of truth of what will be sent. */
async function queued(email: string) {
  const rows = await testApp.app.db.select().from(outbox).where(eq(outbox.to, email));
  return rows.filter((row) => bookingSubject.test(row.subject));
}

function calendarParts(mail: CapturedMail): CapturedAttachment[] {
  return mail.attachments.filter(
    (part) =>
      part.contentType === 'text/calendar' ||
      part.contentType === 'application/ics' ||
      part.filename?.endsWith('.ics'),
  );
}

interface ParsedInvite {
  method: string | undefined;
  event: VEvent;
  raw: string;
}

/** The calendar alternative (text/calendar with METHOD) of a message, parsed. */
function invite(mail: CapturedMail): ParsedInvite {
  const part = mail.attachments.find((candidate) => candidate.contentType === 'text/calendar');
  if (!part) throw new Error(`no text/calendar part in "${mail.subject}"`);
  const parsed: CalendarResponse = ical.sync.parseICS(part.content);
  const events = Object.values(parsed).filter(
    (component): component is VEvent =>
      typeof component === 'object' &&
      component !== null &&
      'type' in component &&
      component.type === 'VEVENT',
  );
  expect(events).toHaveLength(1);
  const [event] = events;
  if (!event) throw new Error('no VEVENT');
  // The part's METHOD parameter and the object's METHOD property must agree (RFC 6047).
  expect(parsed.vcalendar?.method).toBe(part.method);
  return { method: part.method, event, raw: part.content };
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'val' in value) return String(value.val);
  return String(value);
}

describe('an administrator confirms, cancels and completes bookings: the client is told', () => {
  let booking: Booking;
  let confirmation: ParsedInvite;

  it('confirmed: a letter in HTML and text with the facts, and a calendar invitation in the business zone', async () => {
    const date = nextDay();
    booking = await book(ada, businessTime(date, 10));
    const confirmed = await change(booking, 'confirmed');
    expect(confirmed.status).toBe('confirmed');

    const mail = await mailTo(ada.email, 0);
    const code = booking.confirmation_code;
    expect(mail.subject).toBe(`Your consultation is confirmed — ${code}`);
    expect(mail.from).toBe('bookings@portal.example.com');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(code);
      expect(body).toContain(booking.services.name);
      expect(body).toContain('10 AM - 11 AM Mountain Standard Time (America/Phoenix)');
      expect(body).toContain(`$${booking.total_cost.toLocaleString('en-US')}`);
      expect(body).toContain(myBookingsUrl);
    }
    expect(mail.text).toMatch(/^Hello Ada,/);
    expect(mail.html).toContain(`<a href="${myBookingsUrl}"`);

    // A text/calendar alternative with METHOD=REQUEST, and the same object as the invite.ics attachment.
    const parts = calendarParts(mail);
    expect(parts.some((part) => part.filename === 'invite.ics')).toBe(true);
    confirmation = invite(mail);
    expect(confirmation.method).toBe('REQUEST');
    const { event, raw } = confirmation;
    expect(event.uid).toBe(`booking-${booking.id}@portal.example.com`);
    expect(event.start.getTime()).toBe(Date.parse(booking.starts_at));
    expect(event.end?.getTime()).toBe(Date.parse(booking.ends_at));
    expect(event.start.tz).toBe(zone);
    // Written as the wall-clock time in the zone, with that zone's definition in the object.
    expect(raw).toContain(`DTSTART;TZID=${zone}:${date.replaceAll('-', '')}T100000`);
    expect(raw).toContain(`DTEND;TZID=${zone}:${date.replaceAll('-', '')}T110000`);
    expect(raw).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Phoenix\r\n[\s\S]*TZOFFSETTO:-0700/);
    expect(raw).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    expect(text(event.summary)).toBe(`${booking.services.name} consultation`);
    expect(text(event.description)).toContain(code);
    expect(text(event.description)).toContain(description);
    expect(event.status).toBe('CONFIRMED');
    // The booking's own room, where a calendar app offers to join (docs/product.md#where-the-meeting-happens).
    expect(confirmed.meeting_url).toMatch(/^https:\/\/meet\.jit\.si\/[0-9a-f]{32}$/);
    expect(text(event.url)).toBe(confirmed.meeting_url);
    expect(text(event.location)).toBe(confirmed.meeting_url);
    expect(JSON.stringify(event.organizer)).toContain('mailto:bookings@portal.example.com');
    expect(JSON.stringify(event.attendee).toLowerCase()).toContain(`mailto:${ada.email}`);
  });

  it('cancelled: a letter and a cancellation of the same event (same UID, higher SEQUENCE)', async () => {
    expect((await change(booking, 'cancelled')).status).toBe('cancelled');
    const mail = await mailTo(ada.email, 1);
    expect(mail.subject).toBe(`Your consultation has been cancelled — ${booking.confirmation_code}`);
    expect(mail.text).toContain(booking.confirmation_code);
    expect(mail.html).toContain(booking.confirmation_code);

    const cancellation = invite(mail);
    expect(cancellation.method).toBe('CANCEL');
    expect(cancellation.event.uid).toBe(confirmation.event.uid);
    expect(cancellation.event.status).toBe('CANCELLED');
    expect(cancellation.event.sequence).toBeGreaterThan(confirmation.event.sequence ?? 0);
    expect(cancellation.event.start.getTime()).toBe(Date.parse(booking.starts_at));
  });

  it('completed: a thank-you without a calendar part', async () => {
    expect((await change(booking, 'completed')).status).toBe('completed');
    const mail = await mailTo(ada.email, 2);
    expect(mail.subject).toBe(`Thank you for your consultation — ${booking.confirmation_code}`);
    expect(mail.text).toContain(booking.confirmation_code);
    expect(mail.text).toContain(myBookingsUrl);
    expect(calendarParts(mail)).toEqual([]);
    const rows = await queued(ada.email);
    expect(rows.find((row) => row.subject === mail.subject)?.icalEvent).toBeNull();
  });

  it('sends nothing when the status does not change; back to pending after an invitation, an update', async () => {
    const before = (await queued(ada.email)).length;
    expect((await change(booking, 'completed')).status).toBe('completed'); // the same status again
    expect(await queued(ada.email)).toHaveLength(before);

    // Invited once, the event in the client's calendar must not stay confirmed: an update marks it tentative.
    expect((await change(booking, 'pending')).status).toBe('pending');
    const pendingAgain = await mailTo(ada.email, before);
    expect(pendingAgain.subject).toBe(
      `Your consultation is awaiting confirmation again — ${booking.confirmation_code}`,
    );
    const update = invite(pendingAgain);
    expect(update.method).toBe('REQUEST');
    expect(update.event.uid).toBe(confirmation.event.uid);
    expect(update.event.sequence).toBeGreaterThan(confirmation.event.sequence ?? 0);
    expect(update.raw).toContain('STATUS:TENTATIVE');
    expect(update.raw).toContain('PARTSTAT=TENTATIVE');

    // The next real change is the next message: nothing was sent in between.
    await change(booking, 'confirmed');
    const next = await mailTo(ada.email, before + 1);
    expect(next.subject).toMatch(/^Your consultation is confirmed/);
    expect(received(ada.email)).toBe(before + 2);
    expect(invite(next).event.sequence).toBeGreaterThan(update.event.sequence ?? 0);
  });

  it('sends nothing when the change fails (409: the time was taken meanwhile)', async () => {
    const date = nextDay();
    const first = await book(grace, businessTime(date, 13));
    // Never confirmed, yet the client may have its tentative event (a downloaded file, the feed): a cancellation.
    await change(first, 'cancelled');
    const cancelled = await mailTo(grace.email, 0);
    expect(cancelled.subject).toBe(`Your consultation has been cancelled — ${first.confirmation_code}`);
    expect(invite(cancelled).method).toBe('CANCEL');

    await book(ada, businessTime(date, 13)); // someone else takes the time
    const before = await queued(grace.email);
    await expect(change(first, 'confirmed')).rejects.toMatchObject({
      statusCode: 409,
      message: bookingMessages.slotTaken,
    });
    expect(await queued(grace.email)).toEqual(before);

    // Completed holds no slot: that change goes through, and its letter is the very next message.
    await change(first, 'completed');
    const next = await mailTo(grace.email, 1);
    expect(next.subject).toMatch(/^Thank you for your consultation/);
    expect(received(grace.email)).toBe(2);
  });
});

describe('the dev mailbox', () => {
  it('shows the calendar part of a message', async () => {
    const devApp = await buildTestApp({ mail: { pollIntervalMs: 50 } });
    try {
      const client = await signedInClient(devApp, 'dev@status-mail.test');
      const response = await postBooking(devApp.app, client, {
        serviceId: 1,
        projectDescription: description,
        startsAt: businessTime(dayAllocator(6)(), 9),
      });
      const booking = response.json<{ booking: Booking }>().booking;
      await setBookingStatus(
        devApp.app.db,
        { bookingId: booking.id, status: 'confirmed', actorUserId: client.id },
        { timeZone: zone, appUrl, mailFrom, ...defaultBilling },
      );
      const latest = (await devApp.app.inject(`/dev/mail/latest?to=${client.email}`)).json();
      expect(latest.subject).toBe(`Your consultation is confirmed — ${booking.confirmation_code}`);
      expect(latest.icalEvent.method).toBe('REQUEST');
      expect(latest.icalEvent.content).toContain(`UID:booking-${booking.id}@portal.example.com`);
      const page = await devApp.app.inject('/dev/mail');
      expect(page.body).toContain('invite.ics (METHOD:REQUEST)');
    } finally {
      await devApp.close();
    }
  });
});
