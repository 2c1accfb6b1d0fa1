// The client's e-mails about their booking (received, an administrator's decision, their own move or
// cancellation), with the calendar part where there is one (booking-calendar.ts).
import {
  type Booking,
  bookingExpiryMessages,
  bookingReassignedMessages,
  bookingReceivedMessages,
  bookingRescheduleMessages,
  checkoutExpiryMessages,
  clientCancellationMessages,
  clientCancelRefusal,
  clientChangeNoticeRefusal,
  clientRescheduleRefusal,
  clockRange,
  closureNoticeMessages,
  dollars,
  hoursIn,
  longDate,
  longMoment,
  meetingPlaceLines,
  paths,
  paymentLetterLines,
  pendingExpiresAt,
  productName,
  zoneName,
} from '@portal/domain';
import {
  type BookingMailOptions,
  type CalendarHistory,
  calendarEvent,
  meetingPlaceLine,
  myBookingsUrl,
} from './booking-calendar.ts';
import { compose, type MailMessage } from './letter.ts';

/**
 * '9 AM - 10 AM Mountain Standard Time (America/Phoenix)': the domain's time range, the zone named in full (a letter
 * is read far from the portal).
 */
export function bookingTimeRange(booking: Booking): string {
  const slot = booking.time_slots[0];
  const hours = slot
    ? clockRange(slot.start_time, slot.end_time)
    : hoursIn(booking.starts_at, booking.ends_at, booking.time_zone);
  return `${hours} ${zoneName(booking.time_zone, new Date(booking.starts_at))}`;
}

export function bookingDetails(booking: Booking): [string, string][] {
  // Where it happens, once the booking tells it (confirmed): every letter about it shows the way in.
  const place = meetingPlaceLine(booking);
  return [
    ['Service', booking.services.name],
    ['Consultant', booking.consultant.name],
    ['Date', longDate(booking.booking_date)],
    ['Time', bookingTimeRange(booking)],
    ...(place ? [place] : []),
    ['Total cost', dollars(booking.total_cost)],
    // A pending request's code is a reference, not yet a confirmation; written in the letters' sentence case.
    [booking.status === 'pending' ? 'Reference' : 'Confirmation code', booking.confirmation_code],
  ];
}

export function firstName(booking: Booking): string | undefined {
  return booking.user_profiles.first_name?.trim() || undefined;
}

/** What a letter to the client says of their booking; the greeting and the booking's facts come with it. */
interface LetterWords {
  subject: string;
  intro: string[];
  outro: string[];
}

/** A letter to the booking's client: greeted by first name, then the words, the booking's facts and one link. */
function clientLetter(
  booking: Booking,
  action: { label: string; url: string },
  words: LetterWords,
): MailMessage {
  return compose({
    to: booking.user_profiles.email,
    name: firstName(booking),
    details: bookingDetails(booking),
    action,
    ...words,
  });
}

function viewMyBookings(options: BookingMailOptions) {
  return { label: 'View My Bookings', url: myBookingsUrl(options.appUrl) };
}

/** The words of the client's letter about the status their booking now has, by what happened. */
const statusLetters = {
  /** An administrator confirmed it; the calendar invitation travels with the letter. */
  confirmed: (booking) => ({
    subject: `Your consultation is confirmed — ${booking.confirmation_code}`,
    intro: [
      `Good news: your ${booking.services.name} consultation is confirmed. We look forward to meeting you.`,
    ],
    outro: [
      ...(booking.meeting_url === null ? [] : [meetingPlaceLines.joinNote]),
      'A calendar invitation is attached (invite.ics): open it to add the consultation to your calendar.',
      'If you can no longer attend, you can cancel the booking in My Bookings.',
    ],
  }),
  /**
   * An administrator made a confirmed booking pending again: the calendar update marks the event tentative, so the
   * client's calendar no longer shows it as settled.
   */
  pendingAgain: (booking) => ({
    subject: `Your consultation is awaiting confirmation again — ${booking.confirmation_code}`,
    intro: [
      `Your ${booking.services.name} consultation is pending again: we will confirm it or get back to you shortly.`,
    ],
    outro: [
      'The attached calendar update (invite.ics) marks the consultation as tentative in your calendar.',
      'If you can no longer attend, you can cancel the booking in My Bookings.',
    ],
  }),
  /** An administrator cancelled it; the calendar cancellation travels with the letter. */
  cancelled: (booking, withCalendar) => ({
    subject: `Your consultation has been cancelled — ${booking.confirmation_code}`,
    intro: [`Your ${booking.services.name} consultation has been cancelled.`],
    outro: [
      ...(withCalendar
        ? ['The attached calendar update (invite.ics) removes the consultation from your calendar.']
        : []),
      'If you did not expect this or would like another time, you are welcome to book a new consultation.',
    ],
  }),
  /** The client cancelled it; the calendar cancellation travels with the letter. */
  cancelledByClient: (booking, withCalendar) => ({
    subject: clientCancellationMessages.subject(booking.confirmation_code),
    intro: [clientCancellationMessages.intro(booking.services.name)],
    outro: [
      ...(withCalendar ? [clientCancellationMessages.calendarNote] : []),
      clientCancellationMessages.outro,
    ],
  }),
  /**
   * The system cancelled a pending booking nobody confirmed in time (no invitation went out); its calendar
   * cancellation removes a tentative event the client may have downloaded or subscribed to.
   */
  expired: (booking) => ({
    subject: bookingExpiryMessages.subject(booking.confirmation_code),
    intro: [bookingExpiryMessages.intro(booking.services.name)],
    outro: [bookingExpiryMessages.outro],
  }),
  /** The system cancelled a card booking whose checkout was never finished: nothing was taken. */
  checkoutExpired: (booking) => ({
    subject: checkoutExpiryMessages.subject(booking.confirmation_code),
    intro: [checkoutExpiryMessages.intro(booking.services.name)],
    outro: [checkoutExpiryMessages.outro],
  }),
  /** An administrator marked it completed: a thank-you, no calendar part. */
  completed: (booking) => ({
    subject: `Thank you for your consultation — ${booking.confirmation_code}`,
    intro: [
      `Thank you for choosing ${productName}. Your ${booking.services.name} consultation is now complete.`,
    ],
    outro: ['We would be glad to help again: you can book your next consultation at any time.'],
  }),
} satisfies Record<string, (booking: Booking, withCalendar: boolean) => LetterWords>;

/** Why the status changed, when it was not an administrator's decision. */
export type StatusChangeReason = 'notConfirmedInTime' | 'cancelledByClient' | 'checkoutExpired';

/**
 * The client's e-mail about the status an administrator has just given the booking: confirmed → the letter with a
 * calendar REQUEST; cancelled → the letter with a calendar CANCEL of the same event (the client may have the event
 * from an invitation, a downloaded file or the feed); completed → a thank-you; pending again after an invitation →
 * the letter with a REQUEST marking the event tentative, else none. A cancellation because nobody confirmed in time,
 * or by the client, says so. Every calendar part outranks the last (a higher SEQUENCE, the same UID).
 */
export function statusChangeEmail(
  booking: Booking,
  history: CalendarHistory,
  options: BookingMailOptions,
  reason?: StatusChangeReason,
): MailMessage | undefined {
  // What the change did to the money, and the document it attaches, after the letter's own last words.
  const letter = (words: LetterWords) =>
    clientLetter(booking, viewMyBookings(options), {
      ...words,
      outro: [...paymentLetterLines(booking), ...words.outro],
    });
  switch (booking.status) {
    case 'pending':
      return history.invited
        ? {
            ...letter(statusLetters.pendingAgain(booking)),
            icalEvent: calendarEvent(booking, 'REQUEST', history, options),
          }
        : undefined;
    case 'completed':
      return letter(statusLetters.completed(booking));
    case 'confirmed':
      return {
        ...letter(statusLetters.confirmed(booking)),
        icalEvent: calendarEvent(booking, 'REQUEST', history, options),
      };
    case 'cancelled': {
      const icalEvent = calendarEvent(booking, 'CANCEL', history, options);
      if (reason === 'notConfirmedInTime' && !history.invited)
        return { ...letter(statusLetters.expired(booking)), icalEvent };
      if (reason === 'checkoutExpired')
        return { ...letter(statusLetters.checkoutExpired(booking)), icalEvent };
      const words =
        reason === 'cancelledByClient' ? statusLetters.cancelledByClient : statusLetters.cancelled;
      return { ...letter(words(booking, true)), icalEvent };
    }
  }
}

/** When a letter is written and the change notice its reader is held to: whether it may promise a change. */
export interface ChangePromise {
  /** The moment the letter is written (the change's clock). */
  now: Date;
  /** The notice the client is held to (0 for an administrator). */
  changeNoticeHours: number;
}

/** Whether the client may still move the booking themselves, judged as the server would judge it now. */
function changesStillOpen(booking: Booking, { now, changeNoticeHours }: ChangePromise): boolean {
  return clientChangeNoticeRefusal(booking.starts_at, now, changeNoticeHours) === undefined;
}

/**
 * The client's e-mail when their booking was received: pending, and what happens next (the firm confirms, how
 * they will be contacted, when an unconfirmed request lapses). No calendar part: the invitation comes with the
 * confirmation (docs/decisions/023). It promises a reschedule only while the change notice still allows one.
 */
export function bookingReceivedEmail(
  booking: Booking,
  options: Pick<BookingMailOptions, 'appUrl'> & { pendingExpiryHours: number } & ChangePromise,
): MailMessage {
  const expiresAt = pendingExpiresAt(
    new Date(booking.created_at),
    new Date(booking.starts_at),
    options.pendingExpiryHours,
  );
  const bookingPage = new URL(paths.booking(booking.id), options.appUrl).toString();
  return clientLetter(
    booking,
    { label: bookingReceivedMessages.action, url: bookingPage },
    {
      subject: bookingReceivedMessages.subject(booking.confirmation_code),
      intro: [
        bookingReceivedMessages.intro(booking.services.name),
        bookingReceivedMessages.nextSteps(booking.preferred_contact),
      ],
      outro: [
        ...(booking.payment.status === 'awaiting' ? [bookingReceivedMessages.cardAwaiting] : []),
        ...(expiresAt ? [bookingReceivedMessages.expiry(longMoment(expiresAt, booking.time_zone))] : []),
        changesStillOpen(booking, options)
          ? bookingReceivedMessages.changes
          : bookingReceivedMessages.changesClosed(options.changeNoticeHours),
      ],
    },
  );
}

/** 'Monday, January 7, 2030, 9 AM - 10 AM {zone}': where a booking was before it moved. */
function previousTime(previous: Booking): string {
  return `${longDate(previous.booking_date)}, ${bookingTimeRange(previous)}`;
}

/**
 * The client's e-mail after their booking moved: the new time, where it was, and the calendar update (same UID,
 * higher SEQUENCE), which moves the event in the client's calendar. Moved by the client, it says 'as you asked';
 * by the firm, that the firm moved it. It says they can still change it only when the new time is outside the
 * change notice the client is held to.
 */
export function rescheduledEmail(
  booking: Booking,
  previous: Booking,
  history: CalendarHistory,
  options: BookingMailOptions & ChangePromise & { movedBy?: 'client' | 'firm' },
): MailMessage {
  const intro =
    options.movedBy === 'firm' ? bookingRescheduleMessages.introByFirm : bookingRescheduleMessages.intro;
  return {
    ...clientLetter(booking, viewMyBookings(options), {
      subject: bookingRescheduleMessages.subject(booking.confirmation_code),
      intro: [intro(booking.services.name, previousTime(previous))],
      outro: [
        bookingRescheduleMessages.calendarNote,
        changesStillOpen(booking, options)
          ? bookingRescheduleMessages.outro(options.changeNoticeHours)
          : bookingRescheduleMessages.outroClosed(options.changeNoticeHours),
      ],
    }),
    icalEvent: calendarEvent(booking, 'REQUEST', history, options),
  };
}

/**
 * The client's e-mail when the firm closed the date of their active booking: the firm is closed that day, the
 * consultation cannot take place then, the firm will move it with them, and, while the change rules still allow
 * it, that they may move (or, confirmed, cancel) it themselves on the booking's page, which the letter links to.
 * No calendar part: the event stays until the booking is moved or cancelled, whose letters update it.
 */
export function closureNoticeEmail(
  booking: Booking,
  options: Pick<BookingMailOptions, 'appUrl'> & ChangePromise,
): MailMessage {
  const { now, changeNoticeHours: hours } = options;
  const words = closureNoticeMessages;
  const canMove = clientRescheduleRefusal(booking.status, booking.starts_at, now, hours) === undefined;
  const canCancel = clientCancelRefusal(booking.status, booking.starts_at, now, hours) === undefined;
  const ownChanges = canMove
    ? canCancel
      ? words.moveOrCancel(hours)
      : words.moveOnly(hours)
    : words.closedOnline(hours);
  const bookingPage = new URL(paths.booking(booking.id), options.appUrl).toString();
  // No meeting place: the consultation cannot take place then.
  return clientLetter(
    { ...booking, meeting_url: null, location: null },
    { label: words.action, url: bookingPage },
    {
      subject: words.subject(booking.confirmation_code),
      intro: [words.intro(booking.services.name, longDate(booking.booking_date)), words.nextSteps],
      outro: [ownChanges],
    },
  );
}

/**
 * The client's letter when the firm moves their booking to another consultant at the same time; once invited, it
 * carries the calendar update naming the new consultant (same UID, next SEQUENCE).
 */
export function reassignedEmail(
  booking: Booking,
  fromName: string,
  toName: string,
  invitation: { history: CalendarHistory; options: BookingMailOptions } | undefined,
): MailMessage {
  const words = bookingReassignedMessages;
  const letter = compose({
    to: booking.user_profiles.email,
    name: firstName(booking),
    subject: words.subject(booking.confirmation_code),
    intro: [words.intro(booking.services.name, fromName, toName)],
    details: bookingDetails(booking),
    outro: invitation ? [words.calendarNote] : [],
  });
  return invitation
    ? { ...letter, icalEvent: calendarEvent(booking, 'REQUEST', invitation.history, invitation.options) }
    : letter;
}
