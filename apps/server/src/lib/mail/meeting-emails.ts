// The client's letters about where their consultation happens and its summary (docs/product.md#e-mail): the firm
// changed the place of a confirmed booking (with the calendar update), and the summary of a completed one is ready.
import { type Booking, locationChangedMessages, paths, summaryReadyMessages } from '@portal/domain';
import { type BookingMailOptions, type CalendarHistory, calendarEvent } from './booking-calendar.ts';
import { bookingDetails, firstName } from './booking-emails.ts';
import { compose, type MailMessage } from './letter.ts';

/** The booking's page on the public origin. */
function bookingPage(booking: Booking, appUrl: string): string {
  return new URL(paths.booking(booking.id), appUrl).toString();
}

/**
 * The client's letter when the firm set a location for their confirmed booking, or cleared it (the room is back):
 * where it now happens, and the calendar update carrying it (same UID, the SEQUENCE its history has reached).
 */
export function locationChangedEmail(
  booking: Booking,
  history: CalendarHistory,
  options: BookingMailOptions,
): MailMessage {
  const words = locationChangedMessages;
  const service = booking.services.name;
  return {
    ...compose({
      to: booking.user_profiles.email,
      name: firstName(booking),
      subject: words.subject(booking.confirmation_code),
      intro: [
        booking.location === null ? words.introRoom(service) : words.introLocation(service, booking.location),
      ],
      details: bookingDetails(booking),
      action: { label: words.action, url: bookingPage(booking, options.appUrl) },
      outro: [words.calendarNote],
    }),
    icalEvent: calendarEvent(booking, 'REQUEST', history, options),
  };
}

/** The client's letter, once, when the summary of their completed consultation is first written. */
export function summaryReadyEmail(
  booking: Booking,
  options: Pick<BookingMailOptions, 'appUrl'>,
): MailMessage {
  const words = summaryReadyMessages;
  return compose({
    to: booking.user_profiles.email,
    name: firstName(booking),
    subject: words.subject(booking.confirmation_code),
    intro: [words.intro(booking.services.name)],
    details: bookingDetails(booking),
    action: { label: words.action, url: bookingPage(booking, options.appUrl) },
    outro: [words.outro],
  });
}
