// The letters that tell one side of the conversation about a booking of the other side's new messages
// (docs/product.md#the-bookings-conversation): one per burst, gathered in the outbox (gathered-letters.ts).
import {
  type Booking,
  type ConversationMessage,
  moment,
  paths,
  conversationLetterTexts as words,
} from '@portal/domain';
import { firstName } from './booking-emails.ts';
import type { FirmReader } from './firm-recipients.ts';
import { compose, type MailMessage } from './letter.ts';

/** The burst a letter tells of: how many messages in all, and the latest ones, oldest first. */
export interface ConversationBurst {
  count: number;
  quoted: readonly ConversationMessage[];
}

/** 'Ada Lovelace', or the address when the profile has no name. */
function clientName(booking: Booking): string {
  const { first_name, last_name, email } = booking.user_profiles;
  return [first_name, last_name].filter(Boolean).join(' ').trim() || email;
}

/**
 * What both letters say after their first words: the earlier messages left out, the latest quoted as written, each
 * with its author and time (the business zone's), and the link to the booking's conversation.
 */
function burstLetter(booking: Booking, burst: ConversationBurst, link: string, appUrl: string) {
  const unquoted = burst.count - burst.quoted.length;
  return {
    earlier: unquoted > 0 ? [words.earlier(unquoted)] : [],
    quote: burst.quoted
      .map(
        (message) =>
          `${words.quoteHeading(message.author.name, moment(message.created_at, booking.time_zone))}\n${message.body}`,
      )
      .join('\n\n'),
    action: { label: words.action, url: new URL(link, appUrl).toString() },
    outro: [words.outro],
  };
}

/**
 * To one of the firm's addresses or the booking's consultant, about the client's burst: the firm's own addresses
 * open the booking in All Bookings, the consultant its page. An answer to it goes to the client, as the firm's
 * other notices' do.
 */
export function conversationFirmEmail(
  booking: Booking,
  burst: ConversationBurst,
  to: string,
  reader: FirmReader,
  appUrl: string,
): MailMessage {
  const link = reader === 'firm' ? paths.adminBooking(booking.id) : paths.booking(booking.id);
  const { earlier, ...rest } = burstLetter(booking, burst, link, appUrl);
  return compose({
    ...rest,
    to,
    replyTo: booking.user_profiles.email,
    subject: words.firmSubject(booking.confirmation_code, burst.count),
    intro: [words.firmIntro(clientName(booking), booking.services.name, burst.count), ...earlier],
  });
}

/** To the booking's client, about the firm's burst; an answer to it goes to the firm (REPLY_TO), as their others. */
export function conversationClientEmail(
  booking: Booking,
  burst: ConversationBurst,
  appUrl: string,
): MailMessage {
  const { earlier, ...rest } = burstLetter(booking, burst, paths.booking(booking.id), appUrl);
  return compose({
    ...rest,
    to: booking.user_profiles.email,
    name: firstName(booking),
    subject: words.clientSubject(booking.confirmation_code, burst.count),
    intro: [words.clientIntro(booking.services.name, burst.count), ...earlier],
  });
}
