// The client's e-mails about their booking (received, an administrator's decision, their own move or
// cancellation), with the calendar part where there is one.
import {
  type Booking,
  type BookingStatus,
  bookingExpiryMessages,
  bookingReceivedMessages,
  bookingRescheduleMessages,
  clientCancellationMessages,
  dollars,
  longDate,
  longMoment,
  paths,
  pendingExpiresAt,
  productName,
  zoneName,
} from '@portal/domain';
import {
  type CalendarFeedOptions,
  type CalendarMethod,
  type ConsultationEvent,
  consultationCalendar,
  consultationFeed,
  consultationUid,
  mailbox,
} from './calendar.ts';
import { compose, type MailMessage } from './letter.ts';

/** '09:00 – 10:00 Mountain Standard Time (America/Phoenix)'. */
export function bookingTimeRange(booking: Booking): string {
  const slot = booking.time_slots[0];
  const range = slot ? `${slot.start_time} – ${slot.end_time}` : '';
  return `${range} ${zoneName(booking.time_zone, new Date(booking.starts_at))}`.trim();
}

export function bookingDetails(booking: Booking): [string, string][] {
  return [
    ['Service', booking.services.name],
    ['Date', longDate(booking.booking_date)],
    ['Time', bookingTimeRange(booking)],
    ['Total cost', dollars(booking.total_cost)],
    ['Confirmation code', booking.confirmation_code],
  ];
}

export function firstName(booking: Booking): string | undefined {
  return booking.user_profiles.first_name?.trim() || undefined;
}

/** Sent when an administrator confirms a booking; the calendar invitation travels with it. */
function bookingConfirmedEmail(booking: Booking, myBookingsUrl: string): MailMessage {
  return compose({
    to: booking.user_profiles.email,
    subject: `Your consultation is confirmed — ${booking.confirmation_code}`,
    name: firstName(booking),
    intro: [
      `Good news: your ${booking.services.name} consultation is confirmed. We look forward to meeting you.`,
    ],
    details: bookingDetails(booking),
    action: { label: 'View My Bookings', url: myBookingsUrl },
    outro: [
      'A calendar invitation is attached (invite.ics): open it to add the consultation to your calendar.',
      'If you can no longer attend, you can cancel the booking in My Bookings.',
    ],
  });
}

/** Sent when an administrator cancels a booking; a confirmed one also gets the calendar cancellation. */
function bookingCancelledEmail(booking: Booking, myBookingsUrl: string, withCalendar: boolean): MailMessage {
  return compose({
    to: booking.user_profiles.email,
    subject: `Your consultation has been cancelled — ${booking.confirmation_code}`,
    name: firstName(booking),
    intro: [`Your ${booking.services.name} consultation has been cancelled.`],
    details: bookingDetails(booking),
    action: { label: 'View My Bookings', url: myBookingsUrl },
    outro: [
      ...(withCalendar
        ? ['The attached calendar update (invite.ics) removes the consultation from your calendar.']
        : []),
      'If you did not expect this or would like another time, you are welcome to book a new consultation.',
    ],
  });
}

/** Sent when the client cancelled their booking; the calendar cancellation travels with it when one went out. */
function clientCancelledEmail(booking: Booking, myBookingsUrl: string, withCalendar: boolean): MailMessage {
  return compose({
    to: booking.user_profiles.email,
    subject: clientCancellationMessages.subject(booking.confirmation_code),
    name: firstName(booking),
    intro: [clientCancellationMessages.intro(booking.services.name)],
    details: bookingDetails(booking),
    action: { label: 'View My Bookings', url: myBookingsUrl },
    outro: [
      ...(withCalendar ? [clientCancellationMessages.calendarNote] : []),
      clientCancellationMessages.outro,
    ],
  });
}

/** Sent when the system cancels a pending booking nobody confirmed in time (no invitation went out). */
function bookingExpiredEmail(booking: Booking, myBookingsUrl: string): MailMessage {
  return compose({
    to: booking.user_profiles.email,
    subject: bookingExpiryMessages.subject(booking.confirmation_code),
    name: firstName(booking),
    intro: [bookingExpiryMessages.intro(booking.services.name)],
    details: bookingDetails(booking),
    action: { label: 'View My Bookings', url: myBookingsUrl },
    outro: [bookingExpiryMessages.outro],
  });
}

/** Sent when an administrator marks a booking completed: a thank-you, no calendar part. */
function bookingCompletedEmail(booking: Booking, myBookingsUrl: string): MailMessage {
  return compose({
    to: booking.user_profiles.email,
    subject: `Thank you for your consultation — ${booking.confirmation_code}`,
    name: firstName(booking),
    intro: [
      `Thank you for choosing ${productName}. Your ${booking.services.name} consultation is now complete.`,
    ],
    details: bookingDetails(booking),
    action: { label: 'View My Bookings', url: myBookingsUrl },
    outro: ['We would be glad to help again: you can book your next consultation at any time.'],
  });
}

/** Where the client's e-mail links to and who sends it. */
export interface BookingMailOptions {
  /** APP_URL: the link to My Bookings, and the host in the calendar event's UID. */
  appUrl: string;
  /** MAIL_FROM: the organizer of the calendar event. */
  mailFrom: string;
}

/** What the booking's history says about its calendar event. */
export interface CalendarHistory {
  /** This revision's SEQUENCE; it grows with every recorded change, so each revision outranks the last. */
  sequence: number;
  /** An invitation went out (the booking was confirmed once), so a cancellation must withdraw it. */
  invited: boolean;
}

/** The event's status for a booking: not yet confirmed is tentative. */
const eventStatuses = {
  pending: 'TENTATIVE',
  confirmed: 'CONFIRMED',
  completed: 'CONFIRMED',
  cancelled: 'CANCELLED',
} as const satisfies Record<BookingStatus, string>;

/** The booking's calendar event: the same UID, SEQUENCE and text wherever it travels (e-mail, file, feed). */
function consultationEvent<Method extends CalendarMethod>(
  booking: Booking,
  method: Method,
  history: CalendarHistory,
  options: BookingMailOptions,
  myBookingsUrl: string,
): ConsultationEvent<Method> {
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
      `Project: ${booking.project_description}`,
      `Manage your booking: ${myBookingsUrl}`,
    ].join('\n\n'),
    url: myBookingsUrl,
    organizer: mailbox(options.mailFrom, productName),
    attendee: {
      email: booking.user_profiles.email,
      name: [booking.user_profiles.first_name, booking.user_profiles.last_name].filter(Boolean).join(' '),
    },
    stamp: new Date(),
  };
}

/** The booking's calendar event as the outbox stores it (a reminder carries the latest invitation again). */
export function calendarEvent<Method extends CalendarMethod>(
  booking: Booking,
  method: Method,
  history: CalendarHistory,
  options: BookingMailOptions,
  myBookingsUrl: string,
) {
  return consultationCalendar(consultationEvent(booking, method, history, options, myBookingsUrl));
}

/** Why the status changed, when it was not an administrator's decision. */
export type StatusChangeReason = 'notConfirmedInTime' | 'cancelledByClient';

/**
 * The client's e-mail about the status an administrator has just given the booking: confirmed → the letter with a
 * calendar REQUEST; cancelled → the letter, with a calendar CANCEL of the same event when an invitation went out;
 * completed → a thank-you; pending → none. A cancellation because nobody confirmed in time, or by the client, says so.
 */
export function statusChangeEmail(
  booking: Booking,
  history: CalendarHistory,
  options: BookingMailOptions,
  reason?: StatusChangeReason,
): MailMessage | undefined {
  const myBookingsUrl = new URL(paths.myBookings, options.appUrl).toString();
  switch (booking.status) {
    case 'pending':
      return undefined;
    case 'completed':
      return bookingCompletedEmail(booking, myBookingsUrl);
    case 'confirmed':
      return {
        ...bookingConfirmedEmail(booking, myBookingsUrl),
        icalEvent: calendarEvent(booking, 'REQUEST', history, options, myBookingsUrl),
      };
    case 'cancelled':
      if (reason === 'notConfirmedInTime' && !history.invited)
        return bookingExpiredEmail(booking, myBookingsUrl);
      return {
        ...(reason === 'cancelledByClient' ? clientCancelledEmail : bookingCancelledEmail)(
          booking,
          myBookingsUrl,
          history.invited,
        ),
        ...(history.invited
          ? { icalEvent: calendarEvent(booking, 'CANCEL', history, options, myBookingsUrl) }
          : {}),
      };
  }
}

/**
 * The client's e-mail when their booking was received: pending, and what happens next (the firm confirms, how
 * they will be contacted, when an unconfirmed request lapses). No calendar part: the invitation comes with the
 * confirmation (docs/decisions/154).
 */
export function bookingReceivedEmail(
  booking: Booking,
  options: Pick<BookingMailOptions, 'appUrl'> & { pendingExpiryHours: number },
): MailMessage {
  const expiresAt = pendingExpiresAt(
    new Date(booking.created_at),
    new Date(booking.starts_at),
    options.pendingExpiryHours,
  );
  return compose({
    to: booking.user_profiles.email,
    subject: bookingReceivedMessages.subject(booking.confirmation_code),
    name: firstName(booking),
    intro: [
      bookingReceivedMessages.intro(booking.services.name),
      bookingReceivedMessages.nextSteps(booking.preferred_contact),
    ],
    details: bookingDetails(booking),
    action: {
      label: bookingReceivedMessages.action,
      url: new URL(paths.booking(booking.id), options.appUrl).toString(),
    },
    outro: [
      ...(expiresAt ? [bookingReceivedMessages.expiry(longMoment(expiresAt, booking.time_zone))] : []),
      bookingReceivedMessages.changes,
    ],
  });
}

/** '{weekday, month day, year}, HH:MM – HH:MM {zone}': where a booking was before it moved. */
function previousTime(previous: Booking): string {
  return `${longDate(previous.booking_date)}, ${bookingTimeRange(previous)}`;
}

/**
 * The client's e-mail after they moved their booking: the new time, where it was, and the calendar update (same
 * UID, higher SEQUENCE), which moves the event in the client's calendar.
 */
export function rescheduledEmail(
  booking: Booking,
  previous: Booking,
  history: CalendarHistory,
  options: BookingMailOptions & { changeNoticeHours: number },
): MailMessage {
  const myBookingsUrl = new URL(paths.myBookings, options.appUrl).toString();
  return {
    ...compose({
      to: booking.user_profiles.email,
      subject: bookingRescheduleMessages.subject(booking.confirmation_code),
      name: firstName(booking),
      intro: [bookingRescheduleMessages.intro(booking.services.name, previousTime(previous))],
      details: bookingDetails(booking),
      action: { label: 'View My Bookings', url: myBookingsUrl },
      outro: [
        bookingRescheduleMessages.calendarNote,
        bookingRescheduleMessages.outro(options.changeNoticeHours),
      ],
    }),
    icalEvent: calendarEvent(booking, 'REQUEST', history, options, myBookingsUrl),
  };
}

/** The consultation as a file to download (METHOD:PUBLISH), at the revision its history has reached. */
export function consultationFile(
  booking: Booking,
  history: CalendarHistory,
  options: BookingMailOptions,
): string {
  const myBookingsUrl = new URL(paths.myBookings, options.appUrl).toString();
  return calendarEvent(booking, 'PUBLISH', history, options, myBookingsUrl).content;
}

/** Consultations as a subscription feed (METHOD:PUBLISH), each at the revision its history has reached. */
export function consultationsFeed(
  entries: { booking: Booking; history: CalendarHistory }[],
  options: BookingMailOptions,
  feed: CalendarFeedOptions,
): string {
  const myBookingsUrl = new URL(paths.myBookings, options.appUrl).toString();
  return consultationFeed(
    entries.map(({ booking, history }) =>
      consultationEvent(booking, 'PUBLISH', history, options, myBookingsUrl),
    ),
    feed,
  );
}
