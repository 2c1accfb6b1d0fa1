// Every kind of e-mail the portal writes, each composed here and sent through the real outbox, worker and SMTP
// client to the capture server: who an answer reaches (the firm for a client's letter, the client for the firm's
// notice), the headers that keep autoresponders quiet, an HTML part html-validate accepts, and every web address of
// the text a link in the HTML. A composer added to lib/mail without being listed here fails the first test.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Booking,
  type BookingStatus,
  bookingStatuses,
  firmNoticeKinds,
  showsMeetingPlace,
} from '@portal/domain';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import {
  type ConversationBurst,
  conversationClientEmail,
  conversationFirmEmail,
} from '../../src/lib/mail/conversation-emails.ts';
import { consultantReassignmentEmail, firmNoticeEmail } from '../../src/lib/mail/firm-emails.ts';
import { invoiceOverdueEmail } from '../../src/lib/mail/invoice-emails.ts';
import { linksIn, type MailMessage } from '../../src/lib/mail/letter.ts';
import { locationChangedEmail, summaryReadyEmail } from '../../src/lib/mail/meeting-emails.ts';
import { reminderEmail } from '../../src/lib/mail/reminder-email.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { type CapturedMail, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';
import { invoiceFixture } from './invoice-fixture.ts';

const appUrl = 'https://portal.example.com';
const mailFrom = 'OT Consulting <no-reply@portal.example.com>';
const firmReplyTo = 'hello@firm.test';
const client = 'ada@client.test';
const room = 'https://meet.jit.si/0123456789abcdef0123456789abcdef';
const firm = 'office@firm.test';

const booking: Booking = {
  id: 7,
  service_id: 1,
  consultant: { id: 1, name: 'Maya Thompson' },
  status: 'confirmed',
  project_description: 'Move the orders into a proper database.',
  created_at: '2026-11-20T16:00:00.000Z',
  updated_at: '2026-11-20T16:00:00.000Z',
  booking_date: '2026-12-01',
  services: { name: 'IT Assessment', duration: 60, hourly_rate: 100 },
  time_slots: [{ start_time: '10:00', end_time: '11:00', availability: { date: '2026-12-01' } }],
  user_profiles: { first_name: 'Ada', last_name: 'Lovelace', email: client },
  starts_at: '2026-12-01T17:00:00.000Z',
  ends_at: '2026-12-01T18:00:00.000Z',
  time_zone: 'America/Phoenix',
  urgency: 'normal',
  preferred_contact: 'video',
  additional_notes: 'See https://client.example.com/brief for the brief.',
  total_cost: 100,
  confirmation_code: 'OT-2026-007',
  review: null,
  invoice: null,
  payment: { method: 'invoice', status: 'not_invoiced', amount_cents: 22_500, currency: 'usd' },
  brief: [],
  meeting_url: room,
  location: null,
  summary: null,
};
/** The booking in another status, as the API answers it: its place told only while confirmed. */
function inStatus(status: BookingStatus, place: Partial<Booking> = {}): Booking {
  const placed = { ...booking, ...place, status };
  return showsMeetingPlace(status) ? placed : { ...placed, meeting_url: null, location: null };
}
/** Confirmed, met at a location the firm set instead of the room. */
const atOffice: Booking = {
  ...booking,
  meeting_url: null,
  location: 'Suite 400, 12 Main Street, Phoenix AZ',
};
const previous: Booking = { ...booking, booking_date: '2026-11-30', starts_at: '2026-11-30T17:00:00.000Z' };
const mailOptions = { appUrl, mailFrom, replyTo: firmReplyTo };
const histories = [
  { sequence: 0, invited: false },
  { sequence: 2, invited: true },
];
const contact = {
  id: 3,
  message: {
    name: 'Ada Lovelace',
    email: client,
    subject: 'Our database',
    message: 'We would like to talk about moving our orders\ninto a proper database.',
    serviceId: 1,
    website: '',
  },
  serviceName: 'Database Architecture',
};
const link = `${appUrl}/reset-password?token=abc`;
/** A burst of messages as a conversation letter tells it: one alone, and more than it quotes. */
const bursts: ConversationBurst[] = [
  {
    count: 1,
    quoted: [
      {
        id: 1,
        body: 'Could you look at https://client.example.com/diagram first?\nThanks <3',
        author: { name: 'Ada Lovelace', role: 'client' },
        created_at: '2026-11-25T21:05:00.000Z',
      },
    ],
  },
  {
    count: 12,
    quoted: [
      {
        id: 11,
        body: 'Version 1.31.',
        author: { name: 'Maya Thompson', role: 'consultant' },
        created_at: '2026-11-25T21:06:00.000Z',
      },
      {
        id: 12,
        body: 'And "three" nodes & more.',
        author: { name: 'Rosa Delgado', role: 'admin' },
        created_at: '2026-11-25T21:07:00.000Z',
      },
    ],
  },
];

/** Who a letter goes to, and so where an answer to it must go. */
type Audience = 'client' | 'firm';

/** Each exported composer (a function named …Email in lib/mail) with every e-mail it can write, and to whom. */
const composers: Record<string, { audience: Audience; letters: () => (MailMessage | undefined)[] }> = {
  verificationEmail: { audience: 'client', letters: () => [verificationEmail(client, link)] },
  passwordResetEmail: { audience: 'client', letters: () => [passwordResetEmail(client, link)] },
  existingAccountEmail: {
    audience: 'client',
    letters: () => [existingAccountEmail(client, `${appUrl}/login`, `${appUrl}/forgot-password`)],
  },
  statusChangeEmail: {
    audience: 'client',
    letters: () =>
      bookingStatuses.flatMap((status) =>
        histories.flatMap((history) =>
          [undefined, 'notConfirmedInTime' as const, 'cancelledByClient' as const].map((reason) =>
            statusChangeEmail(inStatus(status), history, mailOptions, reason),
          ),
        ),
      ),
  },
  bookingReceivedEmail: {
    audience: 'client',
    letters: () =>
      [0, 72].flatMap((pendingExpiryHours) =>
        // Changes still open, and already closed by the notice.
        [new Date(booking.created_at), new Date(booking.starts_at)].map((now) =>
          bookingReceivedEmail(inStatus('pending'), {
            appUrl,
            pendingExpiryHours,
            now,
            changeNoticeHours: 24,
          }),
        ),
      ),
  },
  rescheduledEmail: {
    audience: 'client',
    letters: () =>
      histories.flatMap((history) =>
        [new Date(booking.created_at), new Date(booking.starts_at)].flatMap((now) =>
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
  },
  closureNoticeEmail: {
    audience: 'client',
    letters: () =>
      (['pending', 'confirmed'] as const).flatMap((status) =>
        // The client's own changes still open, and already closed by the notice.
        [new Date(booking.created_at), new Date(booking.starts_at)].map((now) =>
          closureNoticeEmail(inStatus(status), { appUrl, now, changeNoticeHours: 24 }),
        ),
      ),
  },
  reminderEmail: {
    audience: 'client',
    letters: () =>
      [booking, atOffice].map((each) =>
        reminderEmail(each, {
          appUrl,
          calendarUrl: `${appUrl}/api/bookings/${booking.id}/calendar.ics?signed`,
        }),
      ),
  },
  contactAcknowledgmentEmail: { audience: 'client', letters: () => [contactAcknowledgmentEmail(client)] },
  invoiceOverdueEmail: {
    audience: 'client',
    letters: () => [invoiceOverdueEmail(invoiceFixture(client), mailOptions, 10_000)],
  },
  firmNoticeEmail: {
    audience: 'firm',
    letters: () => {
      const happenings = firmNoticeKinds.map((kind) => ({
        kind,
        at: new Date('2026-11-25T21:05:00Z'),
        from: new Date(previous.starts_at),
        to: new Date(booking.starts_at),
      }));
      // Each action alone, and all of them gathered into one letter.
      return [...happenings.map((happening) => [happening]), happenings].map((listed) =>
        firmNoticeEmail({ booking, happenings: listed }, firm, appUrl),
      );
    },
  },
  contactFirmEmail: { audience: 'firm', letters: () => [contactFirmEmail(firm, contact, appUrl)] },
  conversationFirmEmail: {
    audience: 'firm',
    letters: () =>
      bursts.flatMap((burst) =>
        (['firm', 'consultant'] as const).map((reader) =>
          conversationFirmEmail(booking, burst, firm, reader, appUrl),
        ),
      ),
  },
  conversationClientEmail: {
    audience: 'client',
    letters: () => bursts.map((burst) => conversationClientEmail(booking, burst, appUrl)),
  },
  reassignedEmail: {
    audience: 'client',
    letters: () =>
      [undefined, ...histories].map((history) =>
        reassignedEmail(
          booking,
          'Maya Thompson',
          'Rosa Delgado',
          history && { history, options: mailOptions },
        ),
      ),
  },
  locationChangedEmail: {
    audience: 'client',
    letters: () =>
      histories.flatMap((history) =>
        [booking, atOffice].map((each) => locationChangedEmail(each, history, mailOptions)),
      ),
  },
  summaryReadyEmail: {
    audience: 'client',
    letters: () => [summaryReadyEmail(inStatus('completed', { summary: 'We reviewed it.' }), { appUrl })],
  },
  consultantReassignmentEmail: {
    audience: 'firm',
    letters: () =>
      (['left', 'joined'] as const).map((role) =>
        consultantReassignmentEmail(booking, role, { name: 'Rosa Delgado', email: firm }, 'Maya Thompson'),
      ),
  },
};

interface Sent {
  composer: string;
  audience: Audience;
  letter: MailMessage;
  mail: CapturedMail;
}

let testApp: TestApp;
let capture: MailCapture;
const sent: Sent[] = [];

beforeAll(async () => {
  capture = await startMailCapture();
  testApp = await buildTestApp({
    env: { SMTP_URL: capture.url, MAIL_FROM: mailFrom, REPLY_TO: firmReplyTo },
    mail: { pollIntervalMs: 20 },
  });
  const written = Object.entries(composers).flatMap(([composer, { audience, letters }]) =>
    letters()
      .filter((letter) => letter !== undefined)
      .map((letter) => ({ composer, audience, letter })),
  );
  // Each to an address of its own, so that the capture tells them apart.
  const addressed = written.map((each, index) => ({ ...each, to: `letter-${index}@inbox.test` }));
  for (const { letter, to } of addressed) await testApp.app.mail.send({ ...letter, to });
  for (const { to, ...each } of addressed) sent.push({ ...each, mail: await capture.waitFor(to) });
}, 30_000);

afterAll(async () => {
  await testApp?.close();
  await capture?.close();
});

describe('every letter', () => {
  it('is written by a composer listed here: every …Email function of lib/mail', async () => {
    const mailDir = join(import.meta.dirname, '../../src/lib/mail');
    const exported: string[] = [];
    for (const file of readdirSync(mailDir).filter((name) => name.endsWith('.ts'))) {
      const module: Record<string, unknown> = await import(join(mailDir, file));
      for (const [name, value] of Object.entries(module)) {
        if (typeof value === 'function' && name.endsWith('Email')) exported.push(name);
      }
    }
    expect(exported.sort()).toEqual(Object.keys(composers).sort());
    for (const composer of Object.keys(composers)) {
      expect(
        sent.some((each) => each.composer === composer),
        composer,
      ).toBe(true);
    }
  });

  it("sends a client's answer to the firm, and the firm's answer to the client", () => {
    for (const { composer, audience, mail } of sent) {
      expect(mail.replyTo, `${composer}: ${mail.subject}`).toBe(audience === 'client' ? firmReplyTo : client);
      expect(mail.from).toBe('no-reply@portal.example.com');
    }
  });

  it('says it was sent automatically, so that no out-of-office reply answers it', () => {
    for (const { composer, mail } of sent) {
      const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
      expect(headers, composer).toMatch(/^Auto-Submitted: auto-generated\r$/m);
      expect(headers, composer).toMatch(/^X-Auto-Response-Suppress: All\r$/m);
    }
  });

  it('has an HTML part that is a whole, valid document', async () => {
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: {
        // Mail clients drop <style> sheets and external CSS: inline styles are how an e-mail is styled.
        'no-inline-style': 'off',
        // The title is the subject, which the mail client shows whole; the 70 characters are a search engine's.
        'long-title': 'off',
      },
    });
    for (const { composer, mail } of sent) {
      expect(mail.html, composer).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">/);
      expect(mail.html, composer).toContain(`<title>${escapedSubject(mail.subject)}</title>`);
      const report = await validator.validateString(mail.html);
      const problems = report.results.flatMap((result) =>
        result.messages.map((message) => `${message.ruleId}: ${message.message}`),
      );
      expect(problems, `${composer}: ${mail.subject}`).toEqual([]);
    }
  });

  it('links every web address of its text in its HTML, except in a text someone wrote', () => {
    let links = 0;
    for (const { composer, mail } of sent) {
      const hrefs = [...mail.html.matchAll(/<a href="([^"]+)"/g)].map((match) =>
        (match[1] ?? '').replaceAll('&amp;', '&'),
      );
      // A quoted contact message is the sender's text, shown as written (see contactFirmEmail).
      const ours = mail.text
        .split('\n')
        .filter((line) => !line.startsWith('> '))
        .join('\n');
      for (const url of linksIn(ours)) {
        expect(hrefs, `${composer}: ${mail.subject}`).toContain(url);
        links += 1;
      }
    }
    // Every letter links somewhere but the acknowledgment, which carries no link on purpose.
    expect(links).toBeGreaterThanOrEqual(sent.length - 1);
  });

  it('tells where a confirmed consultation happens, and no other status a place: the room or the location', () => {
    const about = (subject: RegExp) => sent.filter((each) => subject.test(each.mail.subject));
    const placed = [
      ...about(/^Your consultation is confirmed/),
      ...about(/^Reminder:/),
      ...about(/^Your consultation has been moved/),
      ...about(/^Your consultation has a new consultant/),
      ...about(/^Your consultation has a new meeting place/),
    ];
    expect(placed.length).toBeGreaterThanOrEqual(10);
    for (const { composer, mail } of placed) {
      const inRoom = mail.text.includes(`Join the meeting: ${room}`);
      const atLocation = mail.text.includes(`Where: ${atOffice.location}`);
      expect(inRoom !== atLocation, `${composer}: ${mail.subject}`).toBe(true);
      if (inRoom) expect(mail.html, composer).toContain(`<a href="${room}">${room}</a>`);
    }
    const confirmation = about(/^Your consultation is confirmed/)[0]?.letter;
    expect(confirmation?.text).toContain(
      'To take part, open the meeting link above at the time of the consultation.',
    );
    expect(confirmation?.icalEvent?.content).toContain(`LOCATION:${room}\r\n`);
    expect(confirmation?.icalEvent?.content).toContain(`URL;VALUE=URI:${room}\r\n`);
    const moved = about(/^Your consultation has a new meeting place/).map((each) => each.letter);
    expect(
      moved.some((letter) => letter.icalEvent?.content.includes('LOCATION:Suite 400\\, 12 Main Street')),
    ).toBe(true);
    // The client's other letters: a closure notice too, since the consultation cannot take place then.
    const elsewhere = sent.filter((each) => !placed.includes(each) && each.audience === 'client');
    for (const { composer, mail } of elsewhere) {
      expect(mail.text, `${composer}: ${mail.subject}`).not.toContain(room);
    }
  });

  it('reads right: the article the names take, one spelling of email, sentences that start with a capital', () => {
    for (const { composer, mail } of sent) {
      const words = `${mail.subject}\n${mail.text}`;
      // 'IT Assessment' and 'OT Consulting' are said with a vowel first: 'an'.
      expect(words, composer).not.toMatch(/\b[Aa] (IT|OT)\b/);
      // 'email', as the spec's sentences write it (docs/product.md#how-the-portal-writes), never 'e-mail'.
      expect(words, composer).not.toMatch(/\be-mail/i);
      for (const paragraph of mail.text.split('\n\n')) {
        expect(paragraph, composer).not.toMatch(/^[a-z]/);
      }
    }
    const existing = sent.find((each) => each.composer === 'existingAccountEmail');
    expect(existing?.mail.subject).toBe('You already have an OT Consulting account');
    const received = sent.find((each) => each.composer === 'bookingReceivedEmail');
    expect(received?.mail.text).toContain(
      'Thank you for booking an IT Assessment consultation with OT Consulting.',
    );
    const notice = sent.find((each) => each.composer === 'firmNoticeEmail');
    expect(notice?.mail.text).toContain('Ada Lovelace has booked an IT Assessment consultation.');
  });
});

function escapedSubject(subject: string): string {
  return subject.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
