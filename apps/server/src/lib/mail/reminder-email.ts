// The reminder before a confirmed consultation (docs/decisions/021): when, what, how the firm will make contact,
// links to the booking and its calendar file. It is no invitation: no calendar part (a REQUEST again would be
// filed as a second invitation, and bring back an event the client had deleted); the file's link is signed, so it
// opens on a phone without a session.
import {
  type Booking,
  longDate,
  paths,
  reminderContactSentences,
  reminderMessages,
  timeIn,
  zoneAbbreviation,
} from '@portal/domain';
import type { BookingMailOptions } from './booking-calendar.ts';
import { bookingDetails, firstName } from './booking-emails.ts';
import { compose, type MailMessage } from './letter.ts';

export function reminderEmail(
  booking: Booking,
  options: Pick<BookingMailOptions, 'appUrl'> & {
    /** The booking's calendar file behind a signed link (calendar-link.ts). */
    calendarUrl: string;
  },
): MailMessage {
  const bookingUrl = new URL(paths.booking(booking.id), options.appUrl).toString();
  const { calendarUrl } = options;
  const zone = zoneAbbreviation(booking.time_zone, new Date(booking.starts_at));
  return compose({
    to: booking.user_profiles.email,
    subject: reminderMessages.subject(
      longDate(booking.booking_date),
      `${timeIn(booking.starts_at, booking.time_zone)} ${zone}`,
      booking.confirmation_code,
    ),
    name: firstName(booking),
    intro: [reminderMessages.intro(booking.services.name)],
    details: [
      ...bookingDetails(booking),
      [reminderMessages.contactLabel, reminderContactSentences[booking.preferred_contact]],
    ],
    action: { label: reminderMessages.action, url: bookingUrl },
    outro: [reminderMessages.calendar(calendarUrl), reminderMessages.outro],
  });
}
