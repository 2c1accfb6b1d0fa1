// The conversation's API contract (zod): a message, the thread's answer and the body of a new message
// (docs/product.md#the-bookings-conversation). The plain rules and texts are in rules.ts.
import { z } from 'zod';
import { isoInstantSchema } from '../api/schemas.ts';
import { textField } from '../text/field.ts';
import {
  conversationAuthorRoles,
  conversationMessageRule,
  conversationTexts,
  maxConversationMessageLength,
  maxConversationMessagesShown,
} from './rules.ts';

export const conversationMessageSchema = z.object({
  id: z.number().int().positive().describe('Grows with every message: the thread is in id order'),
  body: z.string().describe('As written, trimmed, line breaks as \\n'),
  author: z
    .object({
      name: z
        .string()
        .describe(
          "The person's name: a client's profile name, the consultant's, an administrator's account name; 'Deleted account' once the account is gone",
        ),
      role: z
        .enum(conversationAuthorRoles)
        .describe("'client': the booking's client; 'admin' or 'consultant': the firm"),
    })
    .describe('Who wrote it'),
  created_at: isoInstantSchema,
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** `GET /api/bookings/{id}/messages`. */
export const conversationResponseSchema = z.object({
  messages: z
    .array(conversationMessageSchema)
    .max(maxConversationMessagesShown)
    .describe(`Oldest first: the latest ${maxConversationMessagesShown} at most`),
});
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

/** `POST /api/bookings/{id}/messages`: blank is no message. */
export const postConversationMessageBodySchema = z.object({
  body: z
    .string({
      error: (issue) =>
        issue.input === undefined ? conversationTexts.bodyRequired : conversationTexts.bodyNotText,
    })
    .pipe(textField(conversationMessageRule))
    .refine((value) => value.length > 0, { error: conversationTexts.bodyRequired })
    .describe(`1 to ${maxConversationMessageLength} characters once trimmed, several lines`),
});
export type PostConversationMessageBody = z.input<typeof postConversationMessageBodySchema>;
export type PostConversationMessageRequest = z.output<typeof postConversationMessageBodySchema>;

/** `POST /api/bookings/{id}/messages` → 201. */
export const conversationMessageResponseSchema = z.object({ message: conversationMessageSchema });
export type ConversationMessageResponse = z.infer<typeof conversationMessageResponseSchema>;
