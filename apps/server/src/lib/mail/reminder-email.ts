// The reminder before a confirmed consultation (docs/decisions/021): when, what, how the firm will make contact,
// links to the booking and its calendar file, and the consultation's calendar event at its current revision.
import {
  apiPaths,
  type Booking,
  longDate,
  paths,
  reminderContactSentences,
  reminderMessages,
  zoneAbbreviation,
} from '@portal/domain';
import { type BookingMailOptions, type CalendarHistory, calendarEvent } from './booking-calendar.ts';
import { bookingDetails, firstName } from './booking-emails.ts';
import { compose, type MailMessage } from './letter.ts';

export function reminderEmail(
  booking: Booking,
  history: CalendarHistory,
  options: BookingMailOptions,
): MailMessage {
  const bookingUrl = new URL(paths.booking(booking.id), options.appUrl).toString();
  const calendarUrl = new URL(apiPaths.bookings.calendar(booking.id), options.appUrl).toString();
  const startTime = booking.time_slots[0]?.start_time ?? '';
  const zone = zoneAbbreviation(booking.time_zone, new Date(booking.starts_at));
  return {
    ...compose({
      to: booking.user_profiles.email,
      subject: reminderMessages.subject(
        longDate(booking.booking_date),
        `${startTime} ${zone}`,
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
    }),
    // The same event, UID and SEQUENCE as the last invitation: a calendar that has it sees no change.
    icalEvent: calendarEvent(booking, 'REQUEST', history, options, bookingUrl),
  };
}
