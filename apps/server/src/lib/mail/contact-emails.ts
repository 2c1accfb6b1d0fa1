// The contact form's two e-mails: the firm's copy, which the firm answers by replying (Reply-To: the sender), and
// the acknowledgment to the address the sender gave, in our words only (docs/product.md#contact-form).
import {
  type ContactRequest,
  contactAcknowledgment,
  contactMessages,
  paths,
  productName,
} from '@portal/domain';
import { compose, type MailMessage } from './letter.ts';

export interface ContactLetterFacts {
  /** The stored message's number, which the firm's subject gives. */
  id: number;
  message: ContactRequest;
  /** The service the message is about, by name; null for none. */
  serviceName: string | null;
}

function details({ message, serviceName }: ContactLetterFacts): [string, string][] {
  return [
    ['From', message.name],
    ['Email', message.email],
    ['Subject', message.subject],
    ['Service', serviceName ?? contactMessages.noService],
  ];
}

/**
 * The firm's copy, to one of its addresses. Its subject says it came through the contact form and which message it
 * is, in our words only: the sender's name and subject are in the body, so no sender can write a subject the firm's
 * mail sorts as something else — a reminder above all, which only the reminder's subject may say.
 */
export function contactFirmEmail(to: string, facts: ContactLetterFacts, appUrl: string): MailMessage {
  const { message } = facts;
  return compose({
    to,
    replyTo: message.email,
    subject: `Contact form message — #${facts.id}`,
    intro: [`${message.name} wrote to ${productName} through the contact form on the portal.`],
    details: details(facts),
    quote: message.message,
    action: { label: 'Open Messages', url: new URL(paths.adminMessages, appUrl).toString() },
    outro: [
      `Reply to this email to answer ${message.name} at ${message.email}, then mark the message answered.`,
    ],
  });
}

/**
 * The acknowledgment to the address the message gave. Anyone can type any address, so it holds nothing the sender
 * wrote — no name, subject, message or link of theirs — only that the firm received a message and when it answers:
 * otherwise the form would relay a stranger's text (a phishing link above all) from the firm's own address.
 */
export function contactAcknowledgmentEmail(to: string): MailMessage {
  return compose({
    to,
    subject: `${contactAcknowledgment.subject} — ${productName}`,
    intro: [...contactAcknowledgment.intro],
    outro: [...contactAcknowledgment.outro],
  });
}
