// The words of the e-mails about a client's own actions: to the client (request received, cancelled by them) and to
// the firm (new booking, cancelled or moved by the client) (docs/product.md#e-mail). No subject here may say
// "reminder": only the reminders' do.
import { productName } from '../accounts/rules.ts';
import { moneyText } from '../billing/amounts.ts';
import type { PreferredContact } from '../bookings/details.ts';
import type { Booking } from '../bookings/schemas.ts';
import { hoursText, withIndefiniteArticle } from '../text/format.ts';

/** How the firm will reach the client for the consultation, by the preferred contact they chose. */
const contactWays: Record<PreferredContact, string> = {
  email: 'by email, at this address',
  phone: 'by phone',
  video: 'by video call (the link will come by email)',
};

/** The client's e-mail when their booking was received: it is pending, and what happens next. */
export const bookingReceivedMessages = {
  subject: (code: string) => `Your consultation request has been received — ${code}`,
  intro: (service: string) =>
    `Thank you for booking ${withIndefiniteArticle(service)} consultation with ${productName}. We have received your request: it is pending until we confirm it, and the time is held for you meanwhile.`,
  nextSteps: (contact: PreferredContact) =>
    `What happens next: we review your request and confirm it, usually within one business day. You will then receive an email with a calendar invitation, and we will contact you ${contactWays[contact]}, as you asked.`,
  /** Only when unconfirmed requests expire (PENDING_EXPIRY_HOURS > 0); `deadline` names its zone. */
  expiry: (deadline: string) =>
    `If we have not confirmed it by ${deadline}, the request is cancelled automatically, the time is released, and we will let you know by email.`,
  /** While the client may still move it (before the change notice closes changes). */
  changes:
    'Need another time? You can reschedule the request from the booking page. The invitation for your calendar comes with our confirmation.',
  /** Booked already inside the change notice: no promise of a reschedule the server would refuse. */
  changesClosed: (hours: number) =>
    `The consultation is less than ${hoursText(hours)} away, so it can no longer be rescheduled online. Need another time? Please contact us: reply to this email or use the contact page. The invitation for your calendar comes with our confirmation.`,
  action: 'View Your Booking',
  /** PAYMENTS=stripe, while the card checkout is not finished. */
  cardAwaiting:
    'To keep the time, authorise your card on the secure payment page (Pay by Card on the booking page). Nothing is charged until we confirm the consultation; if we decline it, the hold on your card is released.',
} as const;

/** The client's e-mail when they cancelled their own booking. */
export const clientCancellationMessages = {
  subject: (code: string) => `You have cancelled your consultation — ${code}`,
  intro: (service: string) =>
    `Your ${service} consultation has been cancelled, as you asked. The time is free again.`,
  calendarNote: 'The attached calendar update (invite.ics) removes the consultation from your calendar.',
  outro: 'Changed your mind, or need another time? You are welcome to book a new consultation at any time.',
} as const;

/** The client actions the firm hears of. */
export const firmNoticeKinds = ['newBooking', 'cancelledByClient', 'rescheduledByClient'] as const;
export type FirmNoticeKind = (typeof firmNoticeKinds)[number];

/** The firm's notice of a client's action: its subject says which, with a link to the booking in All Bookings. */
export const firmNoticeMessages = {
  subject: {
    newBooking: (code: string) => `New booking — ${code}`,
    cancelledByClient: (code: string) => `Booking cancelled by the client — ${code}`,
    rescheduledByClient: (code: string) => `Booking rescheduled by the client — ${code}`,
  },
  intro: {
    newBooking: (client: string, service: string) =>
      `${client} has booked ${withIndefiniteArticle(service)} consultation. It is pending until you confirm it.`,
    cancelledByClient: (client: string, service: string) =>
      `${client} has cancelled their ${service} consultation. The time is free again.`,
    rescheduledByClient: (client: string, service: string) =>
      `${client} has moved their ${service} consultation to a new time.`,
  },
  outro: {
    newBooking:
      'Confirm it (or cancel it) from All Bookings: the client is told by email, with the calendar invitation when confirmed.',
    cancelledByClient:
      'The client has been sent a confirmation of the cancellation with the calendar update.',
    rescheduledByClient:
      'The client has been sent the new time with the calendar update. The booking keeps its status.',
  },
  action: 'Open the Booking',
} as const satisfies Record<string, Record<FirmNoticeKind, unknown> | string>;

/**
 * The firm's notice of several client actions on one booking, gathered into one letter (docs/product.md#e-mail):
 * what the booking is now, then each action in order, at the business zone's clock.
 */
export const firmNoticeSummaryMessages = {
  subject: (code: string, changes: number) => `Booking changed ${changes} times by the client — ${code}`,
  intro: (client: string, service: string, changes: number) =>
    `${client} has made ${changes} changes to their ${service} consultation since the last notice. It now stands as below.`,
  happened: (zone: string) => `What the client did, in order (times in ${zone}):`,
  /** One line per action: 'At 2:05 PM: ...'. */
  line: (time: string, what: string) => `At ${time}: ${what}`,
  created: (slot: string) => `booked it for ${slot}`,
  rescheduled: (from: string, to: string) => `moved it from ${from} to ${to}`,
  cancelled: 'cancelled it',
  earlier: (count: number) =>
    `${count} earlier ${count === 1 ? 'change is' : 'changes are'} not listed here; the booking's history has them all.`,
  outro:
    'The client received an email for each change, with its calendar update. Open the booking for its whole history.',
} as const;

/** The client's e-mail when they moved their consultation to another time. */
export const bookingRescheduleMessages = {
  subject: (code: string) => `Your consultation has been moved — ${code}`,
  intro: (service: string, previously: string) =>
    `Your ${service} consultation has been moved to a new time, as you asked. It was previously booked for ${previously}.`,
  /** The firm moved it (an administrator, e.g. because the day was closed). */
  introByFirm: (service: string, previously: string) =>
    `${productName} moved your ${service} consultation to a new time. It was previously booked for ${previously}. If the new time does not suit you, simply reply to this message.`,
  calendarNote:
    'The attached calendar update (invite.ics) moves the consultation in your calendar to the new time.',
  outro: (hours: number) =>
    hours > 0
      ? `You can still cancel or reschedule it in My Bookings up to ${hoursText(hours)} before it starts.`
      : 'You can still cancel or reschedule it in My Bookings until it starts.',
  /** Moved to a time already inside the change notice: further changes go through the firm. */
  outroClosed: (hours: number) =>
    `The new time is less than ${hoursText(hours)} away, so it can no longer be cancelled or rescheduled online. If you need to change it, please contact us: reply to this email or use the contact page.`,
} as const;

/**
 * The letters when the firm moves a booking to another consultant (docs/product.md#e-mail): the client's (with the
 * calendar update, which names the new consultant) and one to each consultant, at the address the firm keeps.
 */
export const bookingReassignedMessages = {
  subject: (code: string) => `Your consultation has a new consultant — ${code}`,
  intro: (service: string, from: string, to: string) =>
    `${productName} moved your ${service} consultation from ${from} to ${to}. The time stays the same. If this does not suit you, simply reply to this message.`,
  calendarNote: 'The attached calendar update (invite.ics) names your new consultant.',
  /** The consultant who no longer holds it. */
  leftSubject: (code: string) => `A consultation was moved to another consultant — ${code}`,
  leftIntro: (service: string, when: string, to: string) =>
    `The firm moved the ${service} consultation on ${when} from you to ${to}. It is no longer in your schedule.`,
  /** The consultant who holds it now. */
  joinedSubject: (code: string) => `A consultation was moved to you — ${code}`,
  joinedIntro: (service: string, when: string, from: string) =>
    `The firm moved the ${service} consultation on ${when} from ${from} to you. It is now in your schedule.`,
} as const;

/** The client's e-mail when a pending booking was cancelled because nobody confirmed it in time. */
export const bookingExpiryMessages = {
  subject: (code: string) => `Your consultation request has been cancelled — ${code}`,
  intro: (service: string) =>
    `Your ${service} consultation request has been cancelled because it was not confirmed in time. We are sorry we could not get back to you sooner.`,
  outro:
    'The time is free again. If you would still like a consultation, you are welcome to book a new one, and we will confirm it as soon as we can.',
} as const;

/**
 * What a status letter says about the booking's money: the invoice or credit note it carries, and what the card
 * payment did. Nothing for a change that moves no money.
 */
export function paymentLetterLines(
  booking: Pick<Booking, 'status' | 'invoice' | 'payment' | 'confirmation_code'>,
): string[] {
  const { invoice, payment } = booking;
  const charged = moneyText(invoice?.total_cents ?? payment.amount_cents, payment.currency);
  const lines: string[] = [];
  if (payment.method === 'card' && payment.status === 'paid')
    lines.push(`Your card has been charged ${charged}.`);
  if (payment.method === 'card' && payment.status === 'voided') {
    lines.push('The hold on your card has been released: nothing was charged.');
  }
  if (payment.method === 'card' && payment.status === 'refunded') {
    lines.push(`Your payment of ${charged} is refunded in full to your card.`);
  }
  if (invoice && booking.status === 'confirmed') {
    lines.push(
      invoice.status === 'paid'
        ? `Your invoice ${invoice.number}, paid, is attached.`
        : `Your invoice ${invoice.number} is attached: please pay it by bank transfer, quoting ${booking.confirmation_code} as the reference.`,
    );
  }
  if (invoice?.status === 'credited' && booking.status === 'cancelled') {
    lines.push(`A credit note cancelling invoice ${invoice.number} is attached.`);
  }
  return lines;
}

/** The letter of a card booking cancelled because its checkout was never finished. */
export const checkoutExpiryMessages = {
  subject: (code: string) => `Your consultation request has been cancelled — ${code}`,
  intro: (service: string) =>
    `Your ${service} consultation request has been cancelled because the card payment was not completed in time. No money was taken from your card.`,
  outro: 'The time is free again. If you would still like a consultation, you are welcome to book a new one.',
} as const;

/** ', up to 24 hours before its current time': how long the client's own changes stay open ('' when until the start). */
function untilNotice(hours: number): string {
  return hours > 0 ? `, up to ${hoursText(hours)} before its current time` : '';
}

/**
 * The client's e-mail when the firm closes the date of their active booking (docs/product.md#e-mail): the firm is
 * closed that day, the consultation will not take place then, and what happens next. It offers the client's own
 * move or cancellation only where the change rules still allow it.
 */
export const closureNoticeMessages = {
  subject: (code: string) => `We are closed on the day of your consultation — ${code}`,
  intro: (service: string, date: string) =>
    `${productName} is closed on ${date}, so your ${service} consultation cannot take place then. We are sorry for the inconvenience.`,
  nextSteps:
    'What happens next: we will contact you to agree on a new time and move the booking for you; we will then write to you with the new time and a calendar update.',
  /** Confirmed, outside the change notice: both of the client's changes are open. */
  moveOrCancel: (hours: number) =>
    `If you prefer, you can choose a new time yourself or cancel the booking on its page${untilNotice(hours)}.`,
  /** Pending, outside the change notice: only a move is open (a pending request is not cancelled by the client). */
  moveOnly: (hours: number) =>
    `If you prefer, you can choose a new time yourself on the booking's page${untilNotice(hours)}.`,
  /** Inside the change notice: nothing is open online. */
  closedOnline: (hours: number) =>
    `The consultation is less than ${hoursText(hours)} away, so it can no longer be changed online. Questions? Reply to this message or use the contact page.`,
  action: 'View Your Booking',
} as const;
