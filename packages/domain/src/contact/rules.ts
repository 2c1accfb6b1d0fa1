// The contact form: its rules, limits, texts and paths, written once for the form and the server
// (docs/product.md#contact-form). No zod here (the form's live checks use these); the schemas are in schemas.ts.
import { emailTextRule } from '../accounts/rules.ts';
import { normalizeText, type TextRule, textProblem } from '../text/rule.ts';

export const minContactMessageLength = 20;
export const maxContactMessageLength = 5000;

export const contactNameRule: TextRule = { label: 'Name', max: 100 };
export const contactEmailRule: TextRule = emailTextRule;
export const contactSubjectRule: TextRule = { label: 'Subject', max: 200 };
export const contactMessageRule: TextRule = {
  label: 'Message',
  max: maxContactMessageLength,
  multiline: true,
};
/** The hidden field a person never fills (the bot trap): anything up to this length is read, then dropped. */
export const maxHoneypotLength = 1000;

/**
 * How many messages one sender may send: per client address, and per e-mail address (the sender's copy must not
 * turn the form into a way to flood someone else's mailbox). A window starts again `windowSeconds` after the last
 * message it let through, as the accounts limits do.
 */
export const contactRateLimits = {
  perAddress: { max: 5, windowSeconds: 10 * 60 },
  perEmail: { max: 3, windowSeconds: 60 * 60 },
} as const;

/** The administrators' list (`GET /api/admin/messages?limit`). */
export const defaultContactMessagesPageSize = 20;
export const maxContactMessagesPageSize = 100;

export const contactMessages = {
  thanks: 'Thank you! We will get back to you within one business day.',
  nameRequired: 'Name is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  messageTooShort: (length: number) =>
    `Message must be at least ${minContactMessageLength} characters (${length}/${minContactMessageLength})`,
  serviceInvalid: 'Choose one of our services, or none',
  tooMany: (retryAfterSeconds: number) =>
    `You have sent several messages in a short time. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes, or call us.`,
  sendFailed: 'Failed to send your message. Please try again, or call us.',
  messageNotFound: 'Message not found',
  answeredInvalid: 'answered must be true or false',
  loadFailed: 'Failed to load messages',
  noMessages: 'No messages yet',
  markedAnswered: 'Marked as answered',
  markedOpen: 'Marked as not answered',
  updateFailed: 'Failed to update the message. Please try again.',
  /** The service field of a message about nothing in particular. */
  noService: 'None in particular',
} as const;

/**
 * The acknowledgment e-mailed to the address a message gave. Whoever typed that address may not own it, so it
 * carries none of the sender's words (no name, subject, message or link): the contact form is no way to send
 * someone else a text of one's choosing (docs/product.md#contact-form).
 */
export const contactAcknowledgment = {
  subject: 'We received your message',
  intro: [
    'We received a message sent with this email address through the contact form on our portal.',
    'We will get back to you within one business day.',
  ],
  outro: ['If you did not write to us, someone else used your address: you can ignore this email.'],
} as const;

/** The query parameter of /contact that preselects a service ('Get Free Consultation' on a service's page). */
export const contactServiceParam = 'service';

/** What is wrong with a message as typed (trimmed, then 20 to 5,000 characters of text), or undefined. */
export function contactMessageProblem(message: string | null | undefined): string | undefined {
  const text = normalizeText(message ?? '');
  if (text.length === 0) return contactMessages.messageRequired;
  if (text.length < minContactMessageLength) return contactMessages.messageTooShort(text.length);
  return textProblem(text, contactMessageRule);
}
