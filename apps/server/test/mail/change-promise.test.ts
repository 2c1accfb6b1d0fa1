// The booking letters promise a reschedule only while the client can still make one: a booking already inside the
// change notice (CLIENT_CHANGE_NOTICE_HOURS) is told to contact the firm instead (docs/product.md#e-mail).
import { type Booking, bookingReceivedMessages, bookingRescheduleMessages } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { bookingReceivedEmail, rescheduledEmail } from '../../src/lib/mail/booking-emails.ts';

const hour = 3_600_000;
const startsAt = '2026-12-01T17:00:00.000Z';
const booking: Booking = {
  id: 7,
  service_id: 1,
  consultant: { id: 1, name: 'Maya Thompson' },
  status: 'pending',
  project_description: 'Move the orders into a proper database.',
  created_at: '2026-11-20T16:00:00.000Z',
  updated_at: '2026-11-20T16:00:00.000Z',
  booking_date: '2026-12-01',
  services: { name: 'IT Assessment', duration: 60, hourly_rate: 100 },
  time_slots: [{ start_time: '10:00', end_time: '11:00', availability: { date: '2026-12-01' } }],
  user_profiles: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@client.test' },
  starts_at: startsAt,
  ends_at: '2026-12-01T18:00:00.000Z',
  time_zone: 'America/Phoenix',
  urgency: 'normal',
  preferred_contact: 'video',
  additional_notes: null,
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
const previous: Booking = { ...booking, booking_date: '2026-12-03', starts_at: '2026-12-03T17:00:00.000Z' };
const options = { appUrl: 'https://portal.example.com', mailFrom: 'OT <no-reply@portal.example.com>' };
const history = { sequence: 1, invited: false };
/** `offset` before the start. */
const before = (offset: number) => new Date(Date.parse(startsAt) - offset);
const open = 'You can reschedule the request from the booking page';

describe('the received letter', () => {
  const received = (now: Date, changeNoticeHours: number) =>
    bookingReceivedEmail(booking, { ...options, pendingExpiryHours: 72, now, changeNoticeHours });

  it('promises a reschedule while the notice is still ahead', () => {
    const mail = received(before(24 * hour + 60_000), 24);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(open);
      expect(body).not.toContain('less than 24 hours away');
    }
  });

  it('booked inside the notice: no promise, the firm to contact instead', () => {
    const mail = received(before(24 * hour - 60_000), 24);
    expect(mail.text).not.toContain(open);
    expect(mail.text).not.toContain('you can reschedule');
    expect(mail.text).toContain(bookingReceivedMessages.changesClosed(24));
    expect(mail.text).toContain('Please contact us: reply to this email');
  });

  it("names a pending request's code its Reference, and a confirmed booking's its Confirmation code", () => {
    const pending = received(before(48 * hour), 24).text;
    expect(pending).toContain('Reference: OT-2026-007');
    expect(pending).not.toContain('Confirmation code');
    const confirmed = bookingReceivedEmail(
      { ...booking, status: 'confirmed' },
      { ...options, pendingExpiryHours: 72, now: before(48 * hour), changeNoticeHours: 24 },
    ).text;
    expect(confirmed).toContain('Confirmation code: OT-2026-007');
  });

  it('without a notice (0, an administrator) changes stay open until the start', () => {
    expect(received(before(60_000), 0).text).toContain(open);
  });
});

describe('the letter of a move', () => {
  const moved = (now: Date, changeNoticeHours: number) =>
    rescheduledEmail(booking, previous, history, { ...options, now, changeNoticeHours });

  it('says the client can still change it when the new time is outside the notice', () => {
    const mail = moved(before(30 * hour), 24);
    expect(mail.text).toContain(bookingRescheduleMessages.outro(24));
    expect(mail.text).not.toContain(bookingRescheduleMessages.outroClosed(24));
  });

  it('moved to a time inside the notice: no promise of a further change', () => {
    const mail = moved(before(3 * hour), 24);
    expect(mail.text).not.toContain('You can still cancel or reschedule');
    expect(mail.text).toContain(bookingRescheduleMessages.outroClosed(24));
  });
});
