// Reminders before confirmed consultations (docs/decisions/021), on PGlite and on PostgreSQL: due at their time,
// at once after a late confirmation, never after a cancellation, re-armed by a reschedule, withdrawn from the
// outbox when the booking changes before the e-mail went out. Time is driven by the pass's `now`; the e-mails
// are read back from the in-process SMTP server, their calendar part parsed by node-ical.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Booking,
  type BookingStatus,
  bookingStatuses,
  defaultBusinessTimeZone,
  firmNoticeKinds,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReminders, outbox } from '../../src/db/schema.ts';
import {
  existingAccountEmail,
  passwordResetEmail,
  verificationEmail,
} from '../../src/lib/mail/account-emails.ts';
import {
  bookingReceivedEmail,
  closureNoticeEmail,
  reassignedEmail,
  rescheduledEmail,
  statusChangeEmail,
} from '../../src/lib/mail/booking-emails.ts';
import { contactAcknowledgmentEmail, contactFirmEmail } from '../../src/lib/mail/contact-emails.ts';
import { conversationClientEmail, conversationFirmEmail } from '../../src/lib/mail/conversation-emails.ts';
import { consultantReassignmentEmail, firmNoticeEmail } from '../../src/lib/mail/firm-emails.ts';
import { invoiceOverdueEmail } from '../../src/lib/mail/invoice-emails.ts';
import type { MailMessage } from '../../src/lib/mail/letter.ts';
import { locationChangedEmail, summaryReadyEmail } from '../../src/lib/mail/meeting-emails.ts';
import { reminderEmail } from '../../src/lib/mail/reminder-email.ts';
import { setBookingStatus } from '../../src/modules/bookings/booking-status.service.ts';
import { calendarLinkKey, signedCalendarUrl } from '../../src/modules/bookings/calendar-link.ts';
import { housekeep, sentMailKeptMs } from '../../src/modules/housekeeping/housekeeping.service.ts';
import { type ReminderOptions, sendDueReminders } from '../../src/modules/reminders/reminders.service.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { businessTime, type Client, dayAllocator, postBooking, signedInClient } from '../bookings/clients.ts';
import { api, appUrl as portalOrigin } from '../helpers/accounts.ts';
import { buildTestApp, defaultBilling, type TestApp } from '../helpers/build-test-app.ts';
import { type CapturedMail, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';
import { invoiceFixture } from '../mail/invoice-fixture.ts';

const zone = defaultBusinessTimeZone; // America/Phoenix
const appUrl = 'https://portal.example.com';
const mailFrom = 'OT Consulting <bookings@portal.example.com>';
const hour = 3_600_000;
// A known secret: the reminder's calendar link is signed with a key derived from it, and the app checks it.
const authSecret = 'reminders-test-secret-of-at-least-32-characters';
const options: ReminderOptions = {
  reminderHours: [24, 1],
  timeZone: zone,
  appUrl,
  mailFrom,
  calendarLinkKey: calendarLinkKey(authSecret),
};
const reminderSubject = /^Reminder:/;
const nextDay = dayAllocator(6);

/** `hours` before the booking's start. */
function before(booking: Pick<Booking, 'starts_at'>, hours: number): Date {
  return new Date(Date.parse(booking.starts_at) - hours * hour);
}

/** The people and helpers of one app. */
function world(testApp: () => TestApp) {
  let admin: Client;
  let clients = 0;
  return {
    async setUp() {
      admin = await signedInAdmin(testApp(), `admin-${Date.now()}@reminders.test`);
    },
    admin: () => admin,
    async client(name: string): Promise<Client> {
      clients += 1;
      return signedInClient(testApp(), `${name.toLowerCase()}-${clients}@reminders.test`, {
        firstName: name,
        lastName: 'Test',
      });
    },
    async book(client: Client, startsAt: string, preferredContact = 'email'): Promise<Booking> {
      const response = await postBooking(testApp().app, client, {
        serviceId: 1,
        projectDescription: 'Please review the architecture of our order pipeline.',
        startsAt,
        preferredContact,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ booking: Booking }>().booking;
    },
    change(booking: Booking, status: BookingStatus) {
      return setBookingStatus(
        testApp().app.db,
        { bookingId: booking.id, status, actorUserId: admin.id },
        { timeZone: zone, appUrl, mailFrom, ...defaultBilling },
      );
    },
    cancel: (client: Client, booking: Booking) =>
      api(testApp().app, 'PUT', `/api/bookings/${booking.id}`, client, { status: 'cancelled' }),
    reschedule: (client: Client, booking: Booking, startsAt: string) =>
      testApp().app.inject({
        method: 'POST',
        url: `/api/bookings/${booking.id}/reschedule`,
        headers: { 'content-type': 'application/json', origin: portalOrigin, cookie: client.cookie },
        payload: JSON.stringify({ startsAt }),
      }),
    pass: (now: Date) => sendDueReminders(testApp().app.db, options, now),
    /** Resolves once every letter to `email` in the outbox has been sent (or given up on): none waits any more. */
    async delivered(email: string) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const rows = await testApp().app.db.select().from(outbox).where(eq(outbox.to, email));
        if (rows.every((row) => row.status === 'sent' || row.status === 'dead')) return;
        if (Date.now() > deadline) throw new Error(`Letters to ${email} still wait in the outbox`);
        await new Promise((done) => setTimeout(done, 25));
      }
    },
    /** The reminder e-mails to an address in the outbox (what will be, or was, sent). */
    async queued(email: string) {
      const rows = await testApp().app.db.select().from(outbox).where(eq(outbox.to, email));
      return rows.filter((row) => reminderSubject.test(row.subject));
    },
    records: (booking: Booking) =>
      testApp().app.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, booking.id)),
  };
}

function calendarEventOf(mail: CapturedMail): { method: string | undefined; event: VEvent } {
  const part = mail.attachments.find((candidate) => candidate.contentType === 'text/calendar');
  if (!part) throw new Error(`no calendar part in "${mail.subject}"`);
  return { method: part.method, event: onlyEvent(part.content) };
}

function onlyEvent(content: string): VEvent {
  const events = Object.values(ical.sync.parseICS(content)).filter(
    (component): component is VEvent =>
      typeof component === 'object' &&
      component !== null &&
      'type' in component &&
      component.type === 'VEVENT',
  );
  expect(events).toHaveLength(1);
  const [event] = events;
  if (!event) throw new Error('no VEVENT');
  return event;
}

/** The reminder's calendar link: the one URL of its text that leads to a calendar file. */
function calendarLinkOf(mail: CapturedMail): URL {
  const found = /https:\/\/\S+\/calendar\.ics\?\S+/.exec(mail.text)?.[0];
  if (!found) throw new Error(`no calendar link in "${mail.subject}"`);
  return new URL(found);
}

/** Fetches a calendar link as a phone would: no cookie. */
function openWithoutSession(testApp: TestApp, link: URL) {
  return testApp.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
}

describe('reminders at their time, read from the SMTP server', () => {
  let testApp: TestApp;
  let capture: MailCapture;
  const people = world(() => testApp);

  beforeAll(async () => {
    capture = await startMailCapture();
    testApp = await buildTestApp({
      env: { SMTP_URL: capture.url, MAIL_FROM: mailFrom, AUTH_SECRET: authSecret },
      mail: { pollIntervalMs: 50, retryBaseMs: 100, retryCapMs: 400 },
    });
    await people.setUp();
  });
  afterAll(async () => {
    await testApp?.close();
    await capture?.close();
  });

  const reminderTo = (email: string, index: number) =>
    capture.waitFor(email, { subject: reminderSubject, after: index });
  const remindersTo = (email: string) =>
    capture.messages.filter((mail) => mail.to === email && reminderSubject.test(mail.subject));

  it('confirmed: the 24-hour reminder at its time, once, with the time, service, contact and links, no invitation', async () => {
    const ada = await people.client('Ada');
    const date = nextDay();
    const booking = await people.book(ada, businessTime(date, 10), 'phone');
    await people.change(booking, 'confirmed');
    const confirmation = await capture.waitFor(ada.email, { subject: /confirmed/ });

    expect(await people.pass(new Date(before(booking, 24).getTime() - 1))).toBe(0);
    expect(await people.pass(before(booking, 24))).toBe(1);
    expect(await people.pass(before(booking, 23))).toBe(0);

    const mail = await reminderTo(ada.email, 0);
    const code = booking.confirmation_code;
    expect(mail.subject).toMatch(
      new RegExp(`^Reminder: your consultation on \\w+day, .+ at 10 AM MST — ${code}$`),
    );
    expect(mail.text).toMatch(/^Hello Ada,/);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(booking.services.name);
      expect(body).toContain('10 AM - 11 AM Mountain Standard Time (America/Phoenix)');
      expect(body).toContain('We will call you at the phone number in your profile.');
      expect(body).toContain(`${appUrl}/booking/${booking.id}`);
      expect(body).toContain(`${appUrl}/api/bookings/${booking.id}/calendar.ics?expires=`);
    }
    // A reminder, not an invitation again: no calendar part, which Outlook would file as a second request.
    expect(mail.attachments.filter((part) => part.contentType === 'text/calendar')).toEqual([]);
    // Its link opens on a phone, without a session: the consultation's event as the confirmation sent it.
    const link = calendarLinkOf(mail);
    const file = await openWithoutSession(testApp, link);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const reminded = onlyEvent(file.body);
    const confirmed = calendarEventOf(confirmation);
    expect(file.body).toContain('METHOD:PUBLISH');
    // The app's own APP_URL names the file's event (this file's letters use another origin).
    expect(reminded.uid).toBe(`booking-${booking.id}@localhost`);
    expect(reminded.sequence).toBe(confirmed.event.sequence);
    expect(reminded.start.getTime()).toBe(Date.parse(booking.starts_at));
    expect(reminded.end?.getTime()).toBe(Date.parse(booking.ends_at));
    // Altered, or signed for another booking, or expired: not found.
    const signature = link.searchParams.get('signature') ?? '';
    const altered = new URL(link);
    altered.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
    const longer = new URL(link);
    longer.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    const otherBooking = new URL(
      link.toString().replace(`/bookings/${booking.id}/`, `/bookings/${booking.id + 1}/`),
    );
    const expired = new URL(
      signedCalendarUrl(appUrl, options.calendarLinkKey, booking.id, new Date(Date.now() - 1000)),
    );
    const otherKey = new URL(
      signedCalendarUrl(
        appUrl,
        calendarLinkKey(`${authSecret}-other`),
        booking.id,
        new Date(booking.ends_at),
      ),
    );
    for (const bad of [altered, longer, otherBooking, expired, otherKey]) {
      const answer = await openWithoutSession(testApp, bad);
      expect(answer.statusCode, bad.toString()).toBe(404);
      expect(answer.body).not.toContain('BEGIN:VCALENDAR');
    }
    // Without a signature the file still needs the owner's session.
    const unsigned = await openWithoutSession(testApp, new URL(link.pathname, appUrl));
    expect(unsigned.statusCode).toBe(401);

    // The 1-hour reminder comes at its own time.
    expect(await people.pass(before(booking, 1))).toBe(1);
    await reminderTo(ada.email, 1);
    expect(await people.pass(before(booking, 0.5))).toBe(0);
    await people.delivered(ada.email);
    expect(remindersTo(ada.email)).toHaveLength(2);
    expect((await people.records(booking)).map((row) => row.hours).sort()).toEqual([1, 24]);
  });

  it('a pending booking gets none; confirmed after its reminder time, it gets one at once, covering the passed ones', async () => {
    const grace = await people.client('Grace');
    const booking = await people.book(grace, businessTime(nextDay(), 11));
    expect(await people.pass(before(booking, 0.5))).toBe(0);
    await people.change(booking, 'confirmed');
    // 30 minutes ahead both reminders have passed: one e-mail.
    expect(await people.pass(before(booking, 0.5))).toBe(1);
    expect(await people.pass(before(booking, 0.25))).toBe(0);
    const mail = await reminderTo(grace.email, 0);
    expect(mail.text).toContain('We will contact you by email at this address.');
    await people.delivered(grace.email);
    expect(remindersTo(grace.email)).toHaveLength(1);
    const records = await people.records(booking);
    expect(records.map((row) => row.hours).sort()).toEqual([1, 24]);
    expect(new Set(records.map((row) => row.outboxId)).size).toBe(1);
  });

  it('a consultation already started gets none', async () => {
    const alan = await people.client('Alan');
    const booking = await people.book(alan, businessTime(nextDay(), 9));
    await people.change(booking, 'confirmed');
    expect(await people.pass(new Date(Date.parse(booking.starts_at)))).toBe(0);
    expect(await people.queued(alan.email)).toHaveLength(0);
  });

  it('cancelled by the client (or by the firm): no reminder', async () => {
    const linus = await people.client('Linus');
    const byClient = await people.book(linus, businessTime(nextDay(), 13));
    const byFirm = await people.book(linus, businessTime(nextDay(), 13));
    await people.change(byClient, 'confirmed');
    await people.change(byFirm, 'confirmed');
    expect((await people.cancel(linus, byClient)).statusCode).toBe(200);
    await people.change(byFirm, 'cancelled');
    expect(await people.pass(before(byClient, 2))).toBe(0);
    expect(await people.pass(before(byFirm, 2))).toBe(0);
    expect(await people.queued(linus.email)).toHaveLength(0);
  });

  it('rescheduled: the reminder sent for the old time does not count; the new time gets its own, the old none', async () => {
    const barbara = await people.client('Barbara');
    const oldDate = nextDay();
    const booking = await people.book(barbara, businessTime(oldDate, 14));
    await people.change(booking, 'confirmed');
    expect(await people.pass(before(booking, 23))).toBe(1);
    await reminderTo(barbara.email, 0);

    const newDate = nextDay();
    const moved = await people.reschedule(barbara, booking, businessTime(newDate, 15));
    expect(moved.statusCode, moved.body).toBe(200);
    const movedBooking = moved.json<{ booking: Booking }>().booking;
    expect(await people.pass(before(booking, 1))).toBe(0);
    expect(await people.pass(before(movedBooking, 25))).toBe(0);
    expect(await people.pass(before(movedBooking, 24))).toBe(1);
    const mail = await reminderTo(barbara.email, 1);
    expect(mail.text).toContain('3 PM - 4 PM Mountain Standard Time (America/Phoenix)');
    const file = await openWithoutSession(testApp, calendarLinkOf(mail));
    expect(onlyEvent(file.body).start.getTime()).toBe(Date.parse(movedBooking.starts_at));
  });
});

describe('a reminder waiting in the outbox is withdrawn when the booking changes', () => {
  // No SMTP server and no dev mailbox: e-mails wait in the outbox, as they do while a delivery is retried.
  let testApp: TestApp;
  const people = world(() => testApp);

  beforeAll(async () => {
    testApp = await buildTestApp({ env: { DEV_MAILBOX: 'off' } });
    await people.setUp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function remindedBooking(client: Client, hours = 10): Promise<Booking> {
    const booking = await people.book(client, businessTime(nextDay(), hours));
    await people.change(booking, 'confirmed');
    expect(await people.pass(before(booking, 20))).toBe(1);
    expect(await people.queued(client.email)).toHaveLength(1);
    return booking;
  }

  it('cancelled by the client: the waiting reminder and its record go', async () => {
    const ada = await people.client('Ada');
    const booking = await remindedBooking(ada);
    expect((await people.cancel(ada, booking)).statusCode).toBe(200);
    expect(await people.queued(ada.email)).toHaveLength(0);
    expect(await people.records(booking)).toHaveLength(0);
    expect(await people.pass(before(booking, 2))).toBe(0);
  });

  it('cancelled by the firm, then confirmed again: withdrawn, then armed again for the same time', async () => {
    const grace = await people.client('Grace');
    const booking = await remindedBooking(grace, 11);
    await people.change(booking, 'cancelled');
    expect(await people.queued(grace.email)).toHaveLength(0);
    await people.change(booking, 'confirmed');
    expect(await people.pass(before(booking, 20))).toBe(1);
    expect(await people.queued(grace.email)).toHaveLength(1);
  });

  it('rescheduled: the reminder for the old time is withdrawn, and the new time is armed', async () => {
    const alan = await people.client('Alan');
    const booking = await remindedBooking(alan, 13);
    const moved = await people.reschedule(alan, booking, businessTime(nextDay(), 14));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await people.queued(alan.email)).toHaveLength(0);
    const movedBooking = moved.json<{ booking: Booking }>().booking;
    expect(await people.pass(before(movedBooking, 20))).toBe(1);
    const [reminder] = await people.queued(alan.email);
    expect(reminder?.text).toContain('2 PM - 3 PM');
  });

  it('an e-mail already sent stays sent, and is not sent again', async () => {
    const linus = await people.client('Linus');
    const booking = await remindedBooking(linus, 15);
    await testApp.app.db
      .update(outbox)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(outbox.to, linus.email));
    await people.change(booking, 'pending');
    await people.change(booking, 'confirmed');
    expect(await people.queued(linus.email)).toHaveLength(1);
    expect(await people.pass(before(booking, 19))).toBe(0);
    // Housekeeping deletes sent mail after 30 days: the record stays, without its e-mail, and still counts.
    const later = new Date(Date.now() + sentMailKeptMs + hour);
    await housekeep(
      testApp.app.db,
      { pendingExpiryHours: 0, timeZone: zone, appUrl, mailFrom, ...defaultBilling },
      later,
    );
    expect(await people.queued(linus.email)).toHaveLength(0);
    const [record] = await people.records(booking);
    expect(record?.outboxId).toBeNull();
    expect(await people.pass(before(booking, 2))).toBe(0);
  });
});

describe('the reminder worker of each process', () => {
  // Reminders 30 days ahead (the most allowed): a booking a week or two ahead is inside the window now.
  const env = { MAIL_FROM: mailFrom, REMINDER_HOURS: '720' };
  let capture: MailCapture;
  let polling: TestApp;
  let waking: TestApp;
  const pollingPeople = world(() => polling);
  const wakingPeople = world(() => waking);
  const days = dayAllocator(1);

  beforeAll(async () => {
    capture = await startMailCapture();
    polling = await buildTestApp({
      env: { ...env, SMTP_URL: capture.url },
      mail: { pollIntervalMs: 50 },
      reminders: { pollIntervalMs: 100 },
    });
    // The default interval (a minute): only the wake-up can send within the test's time.
    waking = await buildTestApp({ env: { ...env, SMTP_URL: capture.url }, mail: { pollIntervalMs: 50 } });
    await pollingPeople.setUp();
    await wakingPeople.setUp();
  });
  afterAll(async () => {
    await polling?.close();
    await waking?.close();
    await capture?.close();
  });

  const remindersTo = (email: string) =>
    capture.messages.filter((mail) => mail.to === email && reminderSubject.test(mail.subject));

  it('sends, at its next pass, the reminder of a booking confirmed after its reminder time, once', async () => {
    const ada = await pollingPeople.client('Ada');
    const booking = await pollingPeople.book(ada, businessTime(days(), 10));
    await pollingPeople.change(booking, 'confirmed');
    const mail = await capture.waitFor(ada.email, { subject: reminderSubject });
    expect(mail.subject).toContain(booking.confirmation_code);
    // A wait on purpose: the worker's next passes (every 100 ms) must not send it again.
    await new Promise((done) => setTimeout(done, 500));
    expect(remindersTo(ada.email)).toHaveLength(1);
  });

  it("an administrator's confirmation wakes the worker: the reminder goes at once, not a minute later", async () => {
    const grace = await wakingPeople.client('Grace');
    const booking = await wakingPeople.book(grace, businessTime(days(), 11));
    const confirmed = await api(
      waking.app,
      'PUT',
      `/api/bookings/admin/${booking.id}/status`,
      wakingPeople.admin(),
      { status: 'confirmed' },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const mail = await capture.waitFor(grace.email, { subject: reminderSubject, timeoutMs: 5_000 });
    expect(mail.subject).toContain(booking.confirmation_code);
    expect(remindersTo(grace.email)).toHaveLength(1);
  });
});

describe('e-mail subjects', () => {
  // Every e-mail the app composes, written about people who put "reminder" in everything they typed: only the
  // reminder's subject may say it, whatever a client or a visitor wrote.
  const mailDir = join(import.meta.dirname, '../../src/lib/mail');
  const typed = 'Reminder: remind me';
  /** A burst of one message that says `body`. */
  const burstOf = (body: string) => ({
    count: 1,
    quoted: [
      {
        id: 1,
        body,
        author: { name: typed, role: 'client' as const },
        created_at: '2030-01-02T17:00:00.000Z',
      },
    ],
  });
  const booking: Booking = {
    id: 7,
    service_id: 1,
    consultant: { id: 1, name: 'Maya Thompson' },
    status: 'confirmed',
    project_description: `${typed}, a project about reminders.`,
    created_at: '2026-11-20T16:00:00.000Z',
    updated_at: '2026-11-20T16:00:00.000Z',
    booking_date: '2026-12-01',
    services: { name: 'Reminder Service', duration: 60, hourly_rate: 100 },
    time_slots: [{ start_time: '10:00', end_time: '11:00', availability: { date: '2026-12-01' } }],
    user_profiles: { first_name: 'Reminder', last_name: typed, email: 'reminder@example.com' },
    starts_at: '2026-12-01T17:00:00.000Z',
    ends_at: '2026-12-01T18:00:00.000Z',
    time_zone: zone,
    urgency: 'normal',
    preferred_contact: 'email',
    additional_notes: typed,
    total_cost: 100,
    confirmation_code: 'OT-2026-007',
    review: null,
    invoice: null,
    payment: { method: 'invoice', status: 'not_invoiced', amount_cents: 22_500, currency: 'usd' },
    brief: [],
    meeting_url: null,
    location: null,
    summary: null,
  };
  const previous: Booking = { ...booking, booking_date: '2026-11-30', starts_at: '2026-11-30T17:00:00.000Z' };
  const mailOptions = { appUrl, mailFrom };
  const contact = {
    id: 3,
    message: {
      name: 'Reminder Bot',
      email: 'reminder@example.com',
      subject: typed,
      message: `${typed}: the invoice is due before the consultation.`,
      serviceId: 1,
      website: '',
    },
    serviceName: booking.services.name,
  };
  const histories = [
    { sequence: 0, invited: false },
    { sequence: 2, invited: true },
  ];
  const link = `${appUrl}/reminder?token=reminder`;

  /** Each exported composer (a function named …Email) with every e-mail it can write. */
  const composers: Record<string, () => (MailMessage | undefined)[]> = {
    verificationEmail: () => [verificationEmail(booking.user_profiles.email, link)],
    invoiceOverdueEmail: () => [
      invoiceOverdueEmail(invoiceFixture(booking.user_profiles.email), { appUrl, mailFrom }, 10_000),
    ],
    passwordResetEmail: () => [passwordResetEmail(booking.user_profiles.email, link)],
    existingAccountEmail: () => [existingAccountEmail(booking.user_profiles.email, link, link)],
    statusChangeEmail: () =>
      bookingStatuses.flatMap((status) =>
        histories.flatMap((history) =>
          [undefined, 'notConfirmedInTime' as const, 'cancelledByClient' as const].map((reason) =>
            statusChangeEmail({ ...booking, status }, history, mailOptions, reason),
          ),
        ),
      ),
    bookingReceivedEmail: () =>
      [0, 72].flatMap((pendingExpiryHours) =>
        // Changes still open, and already closed by the notice.
        [new Date(0), new Date(booking.starts_at)].map((now) =>
          bookingReceivedEmail(
            { ...booking, status: 'pending' },
            { appUrl, pendingExpiryHours, now, changeNoticeHours: 24 },
          ),
        ),
      ),
    rescheduledEmail: () =>
      histories.flatMap((history) =>
        [new Date(0), new Date(booking.starts_at)].flatMap((now) =>
          (['client', 'firm'] as const).map((movedBy) =>
            rescheduledEmail(booking, previous, history, {
              ...mailOptions,
              changeNoticeHours: 24,
              now,
              movedBy,
            }),
          ),
        ),
      ),
    closureNoticeEmail: () =>
      (['pending', 'confirmed'] as const).flatMap((status) =>
        [new Date(0), new Date(booking.starts_at)].map((now) =>
          closureNoticeEmail({ ...booking, status }, { appUrl, now, changeNoticeHours: 24 }),
        ),
      ),
    firmNoticeEmail: () => {
      const happenings = firmNoticeKinds.map((kind) => ({
        kind,
        at: new Date(),
        from: new Date(previous.starts_at),
        to: new Date(booking.starts_at),
      }));
      // Each action alone, and all of them gathered into one letter.
      return [...happenings.map((happening) => [happening]), happenings].map((listed) =>
        firmNoticeEmail({ booking, happenings: listed }, 'office@firm.test', appUrl),
      );
    },
    contactFirmEmail: () => [contactFirmEmail('office@firm.test', contact, appUrl)],
    contactAcknowledgmentEmail: () => [contactAcknowledgmentEmail('sender@example.com')],
    reminderEmail: () => [reminderEmail(booking, { appUrl, calendarUrl: link })],
    reassignedEmail: () =>
      [undefined, ...histories].map((history) =>
        reassignedEmail(
          booking,
          'Maya Thompson',
          'Rosa Delgado',
          history && { history, options: mailOptions },
        ),
      ),
    consultantReassignmentEmail: () =>
      (['left', 'joined'] as const).map((role) =>
        consultantReassignmentEmail(
          booking,
          role,
          { name: 'Rosa Delgado', email: 'rosa@firm.test' },
          'Maya Thompson',
        ),
      ),
    // The place and the summary are the firm's words, and may say anything.
    locationChangedEmail: () =>
      histories.map((history) => locationChangedEmail({ ...booking, location: typed }, history, mailOptions)),
    summaryReadyEmail: () => [
      summaryReadyEmail({ ...booking, status: 'completed', summary: typed }, { appUrl }),
    ],
    // A message is the writer's words, and may say anything.
    conversationFirmEmail: () => [
      conversationFirmEmail(booking, burstOf(typed), 'office@firm.test', 'firm', appUrl),
    ],
    conversationClientEmail: () => [conversationClientEmail(booking, burstOf(typed), appUrl)],
  };

  it('knows every composer: each e-mail is written by a …Email function of lib/mail, all listed here', async () => {
    const exported: string[] = [];
    for (const file of readdirSync(mailDir).filter((name) => name.endsWith('.ts'))) {
      const module: Record<string, unknown> = await import(join(mailDir, file));
      for (const [name, value] of Object.entries(module)) {
        if (typeof value === 'function' && name.endsWith('Email')) exported.push(name);
      }
    }
    expect(exported.sort()).toEqual(Object.keys(composers).sort());
    // No letter is composed anywhere else.
    const src = join(import.meta.dirname, '../../src');
    const composing = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && /\bcompose\(/.test(readFileSync(join(src, file), 'utf8')),
    );
    expect(composing.every((file) => file.startsWith('lib/mail/'))).toBe(true);
  });

  it('only the reminder says "reminder", whatever the people in an e-mail wrote', () => {
    for (const [name, compose] of Object.entries(composers)) {
      const subjects = compose()
        .filter((mail) => mail !== undefined)
        .map((mail) => mail.subject);
      expect(subjects.length, name).toBeGreaterThan(0);
      for (const subject of subjects) {
        if (name === 'reminderEmail') expect(subject).toMatch(reminderSubject);
        else expect(subject, name).not.toMatch(/remind/i);
      }
    }
  });
});
