// Reminders before a confirmed consultation (REMINDER_HOURS): when each is due, which one to send when several are
// due at once (docs/decisions/021), and the e-mail's words (docs/decisions/021).
import type { PreferredContact } from '../bookings/details.ts';
import type { BookingStatus } from '../bookings/statuses.ts';

const hourMs = 3_600_000;

/** A reminder recorded as sent (or covered by another): the start it was for and its hours. */
export interface SentReminder {
  startsAt: Date;
  hours: number;
}

/**
 * When reminder `hours` of a consultation starting at `startsAt` is due: that many elapsed hours before, so a
 * daylight-saving change between the two moves only the local clock time it is sent at.
 */
export function reminderDueAt(startsAt: Date, hours: number): Date {
  return new Date(startsAt.getTime() - hours * hourMs);
}

/**
 * The reminder hours due at `now`, largest first: the booking is confirmed, the consultation is still ahead, its
 * reminder time has come, and no reminder of those hours was recorded for this start. A reminder recorded for an
 * earlier start does not count (a reschedule re-arms them); a confirmation after the reminder time makes it due
 * at once while the consultation is ahead.
 */
export function dueReminders(
  booking: { status: BookingStatus; startsAt: Date },
  now: Date,
  reminderHours: readonly number[],
  sent: readonly SentReminder[],
): number[] {
  const start = booking.startsAt.getTime();
  if (booking.status !== 'confirmed' || now.getTime() >= start) return [];
  const done = new Set(sent.filter((reminder) => reminder.startsAt.getTime() === start).map((r) => r.hours));
  return reminderHours
    .filter((hours) => !done.has(hours) && reminderDueAt(booking.startsAt, hours).getTime() <= now.getTime())
    .sort((a, b) => b - a);
}

/**
 * The one reminder to send when several are due at once (a late confirmation, a move to a near time): the nearest
 * to the start. The others are recorded as covered by it, so a client confirmed 2 hours ahead with reminders at 24
 * and 1 hours gets one e-mail, and the 1-hour one still comes later.
 */
export function reminderToSend(due: readonly number[]): number | undefined {
  return due.length === 0 ? undefined : Math.min(...due);
}

/**
 * The starts a confirmed booking can have for a reminder to be due at `now`: after `now` and at most the largest
 * reminder hours ahead (a query's bounds; `dueReminders` decides). No reminder hours: an empty range.
 */
export function reminderStartBounds(
  now: Date,
  reminderHours: readonly number[],
): { after: Date; until: Date } {
  return { after: now, until: new Date(now.getTime() + Math.max(0, ...reminderHours) * hourMs) };
}

/** How the firm will reach the client, in words. */
export const reminderContactSentences: Record<PreferredContact, string> = {
  email: 'We will contact you by email at this address.',
  phone: 'We will call you at the phone number in your profile.',
  video: 'We will meet you by video call, as you asked.',
};

/** The reminder e-mail's words. Its subject is the only e-mail subject that says "Reminder". */
export const reminderMessages = {
  subject: (date: string, time: string, code: string) =>
    `Reminder: your consultation on ${date} at ${time} — ${code}`,
  intro: (service: string) => `This is a reminder of your upcoming ${service} consultation.`,
  contactLabel: 'How we will contact you',
  action: 'View Your Booking',
  calendar: (url: string) =>
    `To add the consultation to your calendar, download its calendar file (no login needed): ${url}`,
  outro: 'If you can no longer attend, please cancel or reschedule the booking from its page.',
} as const;
