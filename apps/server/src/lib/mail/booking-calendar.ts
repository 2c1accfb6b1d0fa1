// A booking's calendar event: the same UID, SEQUENCE and text wherever it travels (an e-mail's invitation or
// cancellation, the file a client downloads, the feed their calendar app subscribes to).
import { type Booking, type BookingStatus, meetingPlaceLines, paths, productName } from '@portal/domain';
import {
  type CalendarFeedOptions,
  type CalendarMethod,
  type ConsultationEvent,
  consultationCalendar,
  consultationFeed,
  consultationUid,
  mailbox,
} from './calendar.ts';

/** Where the client's e-mail links to and who sends it. */
export interface BookingMailOptions {
  /** APP_URL: the link to My Bookings, and the host in the calendar event's UID. */
  appUrl: string;
  /** MAIL_FROM: the organizer of the calendar event when the firm has no reply address. */
  mailFrom: string;
  /**
   * The firm's reply address (REPLY_TO, else the first FIRM_EMAIL; undefined when neither is set): where a
   * client's answer belongs, and so the address an invitation should name for the firm rather than MAIL_FROM.
   */
  replyTo?: string | undefined;
}

/**
 * The calendar event's ORGANIZER: the firm's real address (its reply address, else MAIL_FROM's), so that a
 * calendar app's reply reaches a person. Replies are not read by the portal: declining cancels nothing.
 */
export function calendarOrganizer(options: Pick<BookingMailOptions, 'mailFrom' | 'replyTo'>): {
  name: string;
  email: string;
} {
  const firm = options.replyTo;
  return firm ? { name: productName, email: firm } : mailbox(options.mailFrom, productName);
}

/** What the booking's history says about its calendar event. */
export interface CalendarHistory {
  /** This revision's SEQUENCE; it grows with every recorded change, so each revision outranks the last. */
  sequence: number;
  /** An invitation went out (the booking was confirmed once), so a cancellation must withdraw it. */
  invited: boolean;
}

/** My Bookings on the public origin: where the letters and the event send the client. */
export function myBookingsUrl(appUrl: string): string {
  return new URL(paths.myBookings, appUrl).toString();
}

/**
 * Where the booking happens as a letter's or an event's line: 'Join the meeting' and its room, or 'Where' and the
 * location the firm set; none while the answer tells no place (docs/product.md#where-the-meeting-happens).
 */
export function meetingPlaceLine(booking: Booking): [label: string, value: string] | undefined {
  if (booking.location !== null) return [meetingPlaceLines.where, booking.location];
  if (booking.meeting_url !== null) return [meetingPlaceLines.join, booking.meeting_url];
  return undefined;
}

/** The event's status for a booking: not yet confirmed is tentative. */
const eventStatuses = {
  pending: 'TENTATIVE',
  confirmed: 'CONFIRMED',
  completed: 'CONFIRMED',
  cancelled: 'CANCELLED',
} as const satisfies Record<BookingStatus, string>;

function consultationEvent<Method extends CalendarMethod>(
  booking: Booking,
  method: Method,
  history: CalendarHistory,
  options: BookingMailOptions,
  manageUrl: string,
): ConsultationEvent<Method> {
  const place = meetingPlaceLine(booking);
  return {
    method,
    eventStatus: eventStatuses[booking.status],
    uid: consultationUid(booking.id, options.appUrl),
    sequence: history.sequence,
    startsAt: new Date(booking.starts_at),
    endsAt: new Date(booking.ends_at),
    timeZone: booking.time_zone,
    summary: `${booking.services.name} consultation`,
    description: [
      `Confirmation code: ${booking.confirmation_code}`,
      `With: ${booking.consultant.name}`,
      ...(place ? [`${place[0]}: ${place[1]}`] : []),
      `Project: ${booking.project_description}`,
      `Manage your booking: ${manageUrl}`,
    ].join('\n\n'),
    url: booking.meeting_url ?? manageUrl,
    location: booking.location ?? booking.meeting_url ?? undefined,
    organizer: calendarOrganizer(options),
    attendee: {
      email: booking.user_profiles.email,
      name: [booking.user_profiles.first_name, booking.user_profiles.last_name].filter(Boolean).join(' '),
    },
    stamp: new Date(),
  };
}

/** The booking's calendar event as the outbox stores it, linking to `manageUrl`. */
export function calendarEvent<Method extends CalendarMethod>(
  booking: Booking,
  method: Method,
  history: CalendarHistory,
  options: BookingMailOptions,
  manageUrl = myBookingsUrl(options.appUrl),
) {
  return consultationCalendar(consultationEvent(booking, method, history, options, manageUrl));
}

/** The consultation as a file to download (METHOD:PUBLISH), at the revision its history has reached. */
export function consultationFile(
  booking: Booking,
  history: CalendarHistory,
  options: BookingMailOptions,
): string {
  return calendarEvent(booking, 'PUBLISH', history, options).content;
}

/** Consultations as a subscription feed (METHOD:PUBLISH), each at the revision its history has reached. */
export function consultationsFeed(
  entries: { booking: Booking; history: CalendarHistory }[],
  options: BookingMailOptions,
  feed: CalendarFeedOptions,
): string {
  const manageUrl = myBookingsUrl(options.appUrl);
  return consultationFeed(
    entries.map(({ booking, history }) => consultationEvent(booking, 'PUBLISH', history, options, manageUrl)),
    feed,
  );
}
