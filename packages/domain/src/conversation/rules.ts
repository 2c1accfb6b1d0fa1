// The conversation about a booking (docs/product.md#the-bookings-conversation): who writes, how long a message may
// be, and every text of the thread, its badges and its letters. No zod here: the web app's counter uses the rule.
import { productName } from '../accounts/rules.ts';
import { normalizeText, type TextRule } from '../text/rule.ts';

/** The longest message, in characters. */
export const maxConversationMessageLength = 5000;

/** A message: several lines of text under the one text rule (text/rule.ts). */
export const conversationMessageRule: TextRule = {
  label: 'Message',
  max: maxConversationMessageLength,
  multiline: true,
};

/** The composer's length as its counter shows it: what the server counts once it has trimmed the text. */
export function conversationLength(body: string): number {
  return normalizeText(body).length;
}

/** The most messages the booking's page is sent: the latest, oldest first (the letters quote fewer). */
export const maxConversationMessagesShown = 500;

/** The most messages one letter quotes (the latest of the burst); the booking's page has them all. */
export const maxConversationMessagesQuoted = 10;

/** Who wrote: the booking's client, an administrator of the firm, or the booking's consultant. */
export const conversationAuthorRoles = ['client', 'admin', 'consultant'] as const;
export type ConversationAuthorRole = (typeof conversationAuthorRoles)[number];

/** The two sides of the conversation: the booking's client, and the firm (its administrators and consultant). */
export type ConversationSide = 'client' | 'firm';

/** The side a role writes for. */
export function sideOfRole(role: ConversationAuthorRole): ConversationSide {
  return role === 'client' ? 'client' : 'firm';
}

/** Texts of the conversation, word for word as docs/product.md#messages lists them. */
export const conversationTexts = {
  // The API's refusals.
  bodyRequired: 'Write a message first',
  bodyNotText: 'Message must be text',
  // The booking's page.
  heading: 'Messages',
  introClient:
    'Questions and answers about this consultation, between you and the firm. The firm is told by email.',
  introFirm: 'The conversation with the client about this consultation. The client is told by email.',
  empty: 'No messages yet.',
  emptyHintClient: 'Ask the firm anything about this consultation: write the first message below.',
  emptyHintFirm: 'Write to the client below: they are told by email.',
  loading: 'Loading messages...',
  loadFailed: 'The messages could not be loaded.',
  loadAgain: 'Try Again',
  label: 'Your message',
  counter: (length: number) => `${length}/${maxConversationMessageLength} characters`,
  send: 'Send',
  sending: 'Sending...',
  sendFailed: 'Your message could not be sent. Please try again.',
  sent: 'Message sent',
  you: 'You',
  /** Beside an author's name: which side they wrote for. */
  roleLabels: {
    client: 'client',
    admin: productName,
    consultant: 'consultant',
  } satisfies Record<ConversationAuthorRole, string>,
  /** The author of a message whose account is gone. */
  deletedAuthor: 'Deleted account',
  /** A firm's author whose account has no name. */
  theFirm: productName,
  /** A client whose account has neither a profile nor a name. */
  theClient: 'The client',
  // Inside the change notice, on the booking's page: the way to ask for what Cancel and Reschedule no longer do.
  askForChange: 'Ask the firm for a change',
  askForChangeStart: 'I would like to change this booking: ',
  // The unread badges of the lists.
  unread: (count: number) => (count === 1 ? '1 new message' : `${count} new messages`),
} as const;

/** The letters that tell the other side of new messages: one per burst (docs/decisions/042). */
export const conversationLetterTexts = {
  /** To the firm's addresses and the booking's consultant, about the client's messages. */
  firmSubject: (code: string, count: number) =>
    count === 1 ? `New message from the client — ${code}` : `${count} new messages from the client — ${code}`,
  firmIntro: (client: string, service: string, count: number) =>
    count === 1
      ? `${client} has written to you about their ${service} consultation:`
      : `${client} has written ${count} messages to you about their ${service} consultation:`,
  /** To the client, about the firm's messages. */
  clientSubject: (code: string, count: number) =>
    count === 1
      ? `New message from ${productName} — ${code}`
      : `${count} new messages from ${productName} — ${code}`,
  clientIntro: (service: string, count: number) =>
    count === 1
      ? `${productName} has written to you about your ${service} consultation:`
      : `${productName} has written ${count} messages to you about your ${service} consultation:`,
  /** Above the quoted messages when the burst had more than the letter quotes. */
  earlier: (count: number) =>
    `${count} earlier ${count === 1 ? 'message is' : 'messages are'} not quoted here; the booking's page has the whole conversation.`,
  /** One quoted message's heading: 'Ada Lovelace wrote on Mon, Jan 7, 2030, 2:05 PM MST:'. */
  quoteHeading: (author: string, when: string) => `${author} wrote on ${when}:`,
  action: 'Open the Conversation',
  outro: "Please answer on the booking's page, so that the whole conversation stays with the booking.",
} as const;
