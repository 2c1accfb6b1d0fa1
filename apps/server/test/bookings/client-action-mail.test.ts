// The client and the firm hear of every client action (docs/decisions/020): a booking received, cancelled by
// the client, moved by the client. The e-mails are read back from the in-process SMTP server, their calendar parts
// parsed by an independent iCalendar parser (node-ical), and the firm's link followed to the admin list.
import {
  type AdminBookingsResponse,
  adminMessages,
  type Booking,
  bookingMessages,
  defaultBusinessTimeZone,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { api, appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { type CapturedMail, linkIn, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';
import { businessTime, type Client, dayAllocator, postBooking, signedInClient } from './clients.ts';

const zone = defaultBusinessTimeZone; // America/Phoenix: UTC−7 all year, so expected times are plain arithmetic
const zoneShown = 'Mountain Standard Time (America/Phoenix)';
const mailFrom = 'OT Consulting <bookings@portal.example.com>';
const hour = 3_600_000;
const description = 'Please review the architecture of our order pipeline.';

/** The one VEVENT of a message's text/calendar part, with the part's METHOD. */
function inviteOf(mail: CapturedMail): { method: string | undefined; event: VEvent; raw: string } {
  const part = mail.attachments.find((candidate) => candidate.contentType === 'text/calendar');
  if (!part) throw new Error(`no text/calendar part in "${mail.subject}"`);
  const parsed = ical.sync.parseICS(part.content);
  const events = Object.values(parsed).filter(
    (component): component is VEvent =>
      typeof component === 'object' &&
      component !== null &&
      'type' in component &&
      component.type === 'VEVENT',
  );
  expect(events).toHaveLength(1);
  expect(parsed.vcalendar?.method).toBe(part.method);
  return { method: part.method, event: events[0] as VEvent, raw: part.content };
}

function calendarParts(mail: CapturedMail) {
  return mail.attachments.filter(
    (part) => part.contentType === 'text/calendar' || part.filename?.endsWith('.ics'),
  );
}

/** 'Thursday, January 10, 2030, 14:05' of an instant in Phoenix, computed without the code under test. */
function phoenixMoment(instant: number): string {
  const local = new Date(instant - 7 * hour);
  const date = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(local);
  // 12-hour, minutes only when not on the hour: '9 AM', '2:05 PM'.
  const [hours, minutes] = [local.getUTCHours(), local.getUTCMinutes()];
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`}`;
  return `${date}, ${clock} ${hours < 12 ? 'AM' : 'PM'}`;
}

interface World {
  testApp: TestApp;
  capture: MailCapture;
  book(client: Client, startsAt: string, key?: string): Promise<Booking>;
}

async function world(env: Record<string, string>): Promise<World> {
  const capture = await startMailCapture();
  const testApp = await buildTestApp({
    env: {
      SMTP_URL: capture.url,
      MAIL_FROM: mailFrom,
      MAX_PENDING_BOOKINGS_PER_CLIENT: '1000',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      // Each action told at once, in a letter of its own: how notices gather is firm-notices.test.ts's subject.
      FIRM_NOTICE_DELAY_SECONDS: '0',
      FIRM_NOTICE_WINDOW_MINUTES: '0.001',
      ...env,
    },
    mail: { pollIntervalMs: 50, retryBaseMs: 100, retryCapMs: 400 },
  });
  return {
    testApp,
    capture,
    async book(client, startsAt, key) {
      const response = await postBooking(
        testApp.app,
        client,
        { serviceId: 1, projectDescription: description, startsAt, preferredContact: 'phone' },
        key,
      );
      expect(response.statusCode, response.body).toBeLessThan(202);
      return response.json<{ booking: Booking }>().booking;
    },
  };
}

describe('without FIRM_EMAIL: the client and every administrator hear of each client action', () => {
  let w: World;
  let ada: Client;
  let admin: Client;
  let otherAdmin: Client;
  const nextDay = dayAllocator(4);

  beforeAll(async () => {
    w = await world({});
    ada = await signedInClient(w.testApp, 'ada@client-action.test', {
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    admin = await signedInAdmin(w.testApp, 'admin@client-action.test');
    otherAdmin = await signedInAdmin(w.testApp, 'boss@client-action.test');
  });
  afterAll(async () => {
    await w?.testApp.close();
    await w?.capture.close();
  });

  const cancel = (client: Client, id: number) =>
    api(w.testApp.app, 'PUT', `/api/bookings/${id}`, client, { status: 'cancelled' });
  const reschedule = (client: Client, id: number, startsAt: string) =>
    api(w.testApp.app, 'POST', `/api/bookings/${id}/reschedule`, client, { startsAt });
  /** The new booking's notice delivered to both administrators: the next action is told in a letter of its own. */
  const firmToldOfBooking = async (code: string) => {
    for (const email of [admin.email, otherAdmin.email]) {
      await w.capture.waitFor(email, { subject: new RegExp(`New booking — ${code}`) });
    }
  };
  const confirm = async (booking: Booking) => {
    const response = await api(w.testApp.app, 'PUT', `/api/bookings/admin/${booking.id}/status`, admin, {
      status: 'confirmed',
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const outboxTo = (email: string) => w.testApp.app.db.select().from(outbox).where(eq(outbox.to, email));

  it('booking received: the client is told it is pending and what happens next, without a calendar part', async () => {
    const date = nextDay();
    const booking = await w.book(ada, businessTime(date, 10));
    const code = booking.confirmation_code;
    const mail = await w.capture.waitFor(ada.email, { subject: /received/ });
    expect(mail.subject).toBe(`Your consultation request has been received — ${code}`);
    expect(mail.from).toBe('bookings@portal.example.com');
    const deadline = `${phoenixMoment(Date.parse(booking.created_at) + 72 * hour)} ${zoneShown}`;
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('OT Consulting');
      expect(body).toContain(code);
      expect(body).toContain(booking.services.name);
      expect(body).toContain(`10 AM - 11 AM ${zoneShown}`);
      expect(body).toContain('it is pending until we confirm it');
      expect(body).toContain('we review your request and confirm it');
      // How they will be contacted: the preferred contact they chose (phone).
      expect(body).toContain('we will contact you by phone, as you asked');
      // PENDING_EXPIRY_HOURS (72 by default): when an unconfirmed request lapses, in the business zone.
      expect(body).toContain(`If we have not confirmed it by ${deadline}`);
      expect(body).toContain(`${appUrl}/booking/${booking.id}`);
    }
    expect(mail.text).toMatch(/^Hello Ada,/);
    expect(calendarParts(mail)).toEqual([]);
  });

  it('new booking: every administrator gets the notice, with a link that opens the booking in All Bookings', async () => {
    const booking = await w.book(ada, businessTime(nextDay(), 11));
    const code = booking.confirmation_code;
    for (const email of [admin.email, otherAdmin.email]) {
      const notice = await w.capture.waitFor(email, { subject: new RegExp(code) });
      expect(notice.subject).toBe(`New booking — ${code}`);
      // Answering the notice writes to the client.
      expect(notice.replyTo).toBe('ada@client-action.test');
      for (const body of [notice.text, notice.html]) {
        expect(body).toContain('Ada Lovelace has booked a');
        expect(body).toContain('ada@client-action.test');
        expect(body).toContain(`11 AM - 12 PM ${zoneShown}`);
        expect(body).toContain(description);
        expect(body).toContain('Phone');
        expect(body).toContain('Pending');
      }
      expect(calendarParts(notice)).toEqual([]);
    }
    const notice = await w.capture.waitFor(admin.email, { subject: new RegExp(code) });
    const link = new URL(linkIn(notice, '/admin/bookings'));
    expect(link.toString()).toBe(`${appUrl}/admin/bookings?bookingId=${booking.id}`);
    expect(notice.html).toContain(`<a href="${link}"`);

    // The admin list honours the link's filter: that booking alone.
    const list = await api(w.testApp.app, 'GET', `/api/bookings/admin/all${link.search}`, admin);
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<AdminBookingsResponse>();
    expect(page.total).toBe(1);
    expect(page.bookings.map((each) => each.id)).toEqual([booking.id]);
    // And its export, which shares the filters.
    const csv = await api(w.testApp.app, 'GET', `/api/bookings/admin/export${link.search}`, admin);
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual([`"${code}"`]);
    // The client is never one of the firm's recipients.
    expect((await outboxTo(ada.email)).filter((row) => row.subject.startsWith('New booking'))).toEqual([]);
  });

  it('the admin list refuses a bookingId that is not an id, and finds nothing for an unknown one', async () => {
    const bad = await api(w.testApp.app, 'GET', '/api/bookings/admin/all?bookingId=abc', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: [{ path: 'bookingId', msg: adminMessages.bookingIdInvalid }],
    });
    const none = await api(w.testApp.app, 'GET', '/api/bookings/admin/all?bookingId=999999', admin);
    expect(none.json<AdminBookingsResponse>()).toMatchObject({ total: 0, bookings: [] });
    // The client cannot use it to see the firm's list.
    expect((await api(w.testApp.app, 'GET', '/api/bookings/admin/all?bookingId=1', ada)).statusCode).toBe(
      403,
    );
  });

  it('a replayed booking (same Idempotency-Key) tells nobody twice', async () => {
    const startsAt = businessTime(nextDay(), 9);
    const first = await w.book(ada, startsAt, 'client-action-replay');
    const again = await w.book(ada, startsAt, 'client-action-replay');
    expect(again.id).toBe(first.id);
    const code = first.confirmation_code;
    const rows = await w.testApp.app.db.select().from(outbox);
    expect(
      rows
        .filter((row) => row.subject.endsWith(code))
        .map((row) => row.to)
        .sort(),
    ).toEqual([ada.email, admin.email, otherAdmin.email].sort());
  });

  it('cancelled by the client: their letter withdraws the invitation (same UID, higher SEQUENCE); the firm is told', async () => {
    const booking = await w.book(ada, businessTime(nextDay(), 13));
    const code = booking.confirmation_code;
    await firmToldOfBooking(code);
    await confirm(booking);
    const invitation = inviteOf(await w.capture.waitFor(ada.email, { subject: /is confirmed/, after: 0 }));

    const response = await cancel(ada, booking.id);
    expect(response.statusCode, response.body).toBe(200);
    const mail = await w.capture.waitFor(ada.email, {
      subject: new RegExp(`cancelled your consultation — ${code}`),
    });
    expect(mail.subject).toBe(`You have cancelled your consultation — ${code}`);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('has been cancelled, as you asked');
      expect(body).toContain(`1 PM - 2 PM ${zoneShown}`);
      expect(body).toContain('OT Consulting');
      expect(body).toContain(`${appUrl}/my-bookings`);
    }
    expect(mail.text).toContain('invite.ics');
    const cancellation = inviteOf(mail);
    expect(cancellation.method).toBe('CANCEL');
    expect(cancellation.event.uid).toBe(`booking-${booking.id}@localhost`);
    expect(cancellation.event.uid).toBe(invitation.event.uid);
    expect(cancellation.event.status).toBe('CANCELLED');
    expect(Number(cancellation.event.sequence)).toBeGreaterThan(Number(invitation.event.sequence));
    expect(cancellation.event.start.toISOString()).toBe(booking.starts_at);
    expect(cancellation.raw).toContain(`DTSTART;TZID=${zone}:`);

    for (const email of [admin.email, otherAdmin.email]) {
      const notice = await w.capture.waitFor(email, { subject: /cancelled by the client/ });
      expect(notice.replyTo).toBe(ada.email);
      expect(notice.subject).toBe(`Booking cancelled by the client — ${code}`);
      expect(notice.text).toContain('Ada Lovelace has cancelled their');
      expect(notice.text).toContain(`1 PM - 2 PM ${zoneShown}`);
      expect(notice.text).toContain('Cancelled');
      expect(linkIn(notice, '/admin/bookings')).toBe(`${appUrl}/admin/bookings?bookingId=${booking.id}`);
    }
  });

  it('a refused cancellation (a pending booking) sends nothing', async () => {
    const booking = await w.book(ada, businessTime(nextDay(), 15));
    const before = (await w.testApp.app.db.select().from(outbox)).length;
    const response = await cancel(ada, booking.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(bookingMessages.onlyConfirmedCancellable('pending'));
    expect(await w.testApp.app.db.select().from(outbox)).toHaveLength(before);
  });

  it('rescheduled by the client: their letter moves the event; the firm is told where it was and where it is', async () => {
    const date = nextDay();
    const booking = await w.book(ada, businessTime(date, 10));
    const code = booking.confirmation_code;
    await firmToldOfBooking(code);
    const moved = await reschedule(ada, booking.id, businessTime(date, 14));
    expect(moved.statusCode, moved.body).toBe(200);

    const mail = await w.capture.waitFor(ada.email, { subject: new RegExp(`moved — ${code}`) });
    expect(mail.text).toContain(`2 PM - 3 PM ${zoneShown}`);
    expect(mail.text).toContain('10 AM - 11 AM');
    const update = inviteOf(mail);
    expect(update.method).toBe('REQUEST');
    expect(update.event.uid).toBe(`booking-${booking.id}@localhost`);
    expect(update.event.start.toISOString()).toBe(businessTime(date, 14));

    for (const email of [admin.email, otherAdmin.email]) {
      const notice = await w.capture.waitFor(email, { subject: /rescheduled by the client/ });
      expect(notice.replyTo).toBe(ada.email);
      expect(notice.subject).toBe(`Booking rescheduled by the client — ${code}`);
      for (const body of [notice.text, notice.html]) {
        expect(body).toContain('Ada Lovelace has moved their');
        expect(body).toContain(`2 PM - 3 PM ${zoneShown}`);
        expect(body).toMatch(
          new RegExp(`Previously[\\s\\S]*10 AM - 11 AM ${zoneShown.replace(/[()]/g, '\\$&')}`),
        );
      }
      expect(linkIn(notice, '/admin/bookings')).toBe(`${appUrl}/admin/bookings?bookingId=${booking.id}`);
    }
  });

  it('no subject of these e-mails says "reminder"', async () => {
    const rows = await w.testApp.app.db.select({ subject: outbox.subject }).from(outbox);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((row) => /reminder/i.test(row.subject))).toEqual([]);
  });
});

describe('with FIRM_EMAIL: the notices go to those addresses, not to the administrators', () => {
  let w: World;
  let grace: Client;
  let admin: Client;
  const nextDay = dayAllocator(4);

  beforeAll(async () => {
    // Expiry off: the received letter then promises no lapse.
    w = await world({ FIRM_EMAIL: 'office@firm.test, owner@firm.test', PENDING_EXPIRY_HOURS: '0' });
    grace = await signedInClient(w.testApp, 'grace@client-action.test', {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    admin = await signedInAdmin(w.testApp, 'admin@firm-email.test');
  });
  afterAll(async () => {
    await w?.testApp.close();
    await w?.capture.close();
  });

  it('each firm address gets the new booking; the administrator does not; no lapse is promised', async () => {
    const booking = await w.book(grace, businessTime(nextDay(), 10));
    const code = booking.confirmation_code;
    for (const email of ['office@firm.test', 'owner@firm.test']) {
      const notice = await w.capture.waitFor(email, { subject: new RegExp(code) });
      expect(notice.subject).toBe(`New booking — ${code}`);
      expect(notice.text).toContain('Grace Hopper has booked a');
      expect(notice.replyTo).toBe(grace.email);
    }
    const letter = await w.capture.waitFor(grace.email, { subject: /received/ });
    // The client's answer goes to the firm's first address, not to the no-reply sender.
    expect(letter.replyTo).toBe('office@firm.test');
    expect(letter.text).toContain('it is pending until we confirm it');
    expect(letter.text).not.toContain('If we have not confirmed it by');
    const rows = await w.testApp.app.db.select().from(outbox).where(eq(outbox.to, admin.email));
    expect(rows.filter((row) => row.subject.includes(code))).toEqual([]);
  });
});
