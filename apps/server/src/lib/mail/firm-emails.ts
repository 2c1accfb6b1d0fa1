// The firm's notices of clients' actions (a new booking, a cancellation, a move): one e-mail to each of the firm's
// addresses, written in the caller's transaction so that it is sent only if the action commits.
import {
  type Booking,
  contactLabels,
  type FirmNoticeKind,
  firmNoticeMessages,
  longDate,
  paths,
  statusLabels,
  urgencyLabels,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { bookingDetails, bookingTimeRange } from './booking-emails.ts';
import { firmRecipients } from './firm-recipients.ts';
import { compose, type MailMessage } from './letter.ts';
import { enqueueMail } from './outbox.ts';

export interface FirmNotice {
  kind: FirmNoticeKind;
  /** The booking as the action left it. */
  booking: Booking;
  /** Before a reschedule: where the booking was. */
  previous?: Booking | undefined;
}

export interface FirmNoticeOptions {
  /** APP_URL: the link to the booking in All Bookings. */
  appUrl: string;
  /** FIRM_EMAIL; empty: every administrator. */
  firmEmails: readonly string[];
}

/** 'Ada Lovelace', or the address when the profile has no name. */
function clientName(booking: Booking): string {
  const { first_name, last_name, email } = booking.user_profiles;
  return [first_name, last_name].filter(Boolean).join(' ').trim() || email;
}

/** 'Ada Lovelace <ada@example.com>', or the address alone when the profile has no name. */
function clientMailbox(booking: Booking): string {
  const name = clientName(booking);
  const { email } = booking.user_profiles;
  return name === email ? email : `${name} <${email}>`;
}

/** The notice's letter to one of the firm's addresses. */
export function firmNoticeEmail(notice: FirmNotice, to: string, appUrl: string): MailMessage {
  const { kind, booking, previous } = notice;
  const previously: [string, string][] = previous
    ? [['Previously', `${longDate(previous.booking_date)}, ${bookingTimeRange(previous)}`]]
    : [];
  return compose({
    to,
    subject: firmNoticeMessages.subject[kind](booking.confirmation_code),
    intro: [firmNoticeMessages.intro[kind](clientName(booking), booking.services.name)],
    details: [
      ['Client', clientMailbox(booking)],
      ...bookingDetails(booking),
      ...previously,
      ['Status', statusLabels[booking.status]],
      ['Urgency', urgencyLabels[booking.urgency]],
      ['Preferred contact', contactLabels[booking.preferred_contact]],
      ['Project', booking.project_description],
      ['Notes', booking.additional_notes ?? 'None'],
    ],
    action: {
      label: firmNoticeMessages.action,
      url: new URL(paths.adminBooking(booking.id), appUrl).toString(),
    },
    outro: [firmNoticeMessages.outro[kind]],
  });
}

/**
 * Puts the notice in the outbox for each of the firm's addresses, read in the same transaction (none yet: no
 * notice). The caller's transaction decides whether it is sent.
 */
export async function notifyFirm(
  tx: Pick<Database, 'select' | 'insert'>,
  notice: FirmNotice,
  options: FirmNoticeOptions,
): Promise<void> {
  for (const to of await firmRecipients(tx, options.firmEmails)) {
    await enqueueMail(tx, firmNoticeEmail(notice, to, options.appUrl));
  }
}
