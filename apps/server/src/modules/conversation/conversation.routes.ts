// The conversation about a booking (docs/product.md#the-bookings-conversation): its thread and a new message, for
// the booking's owner, administrators and the booking's consultant; anyone else's booking is not found.
import {
  apiErrorBodySchema,
  apiPaths,
  bookingIdParamsSchema,
  bookingMessages,
  conversationMessageResponseSchema,
  conversationResponseSchema,
  conversationTexts,
  maxConversationMessageLength,
  maxConversationMessagesShown,
  postConversationMessageBodySchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionGuardResponses } from '../../plugins/accounts.ts';
import { type ConversationSettings, postMessage, readConversation } from './conversation.service.ts';

/** The longest message with every character escaped as \uXXXX, and 1 KiB for the rest: over the default limit. */
export const conversationBodyLimitBytes = maxConversationMessageLength * 6 + 1024;

const notFound = apiErrorBodySchema.describe(
  `Not a booking the caller may read (their own, any for an administrator, their bookings for a consultant), or no such booking: '${bookingMessages.bookingNotFound}' (never revealed)`,
);

export async function conversationRoutes(app: FastifyInstance, settings: ConversationSettings) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.bookings.messages(':id'),
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: "The booking's conversation between its client and the firm, oldest first; marks it read",
        description: `The booking's owner, an administrator, or the booking's consultant. At most the latest ${maxConversationMessagesShown} messages. Reading moves the caller's read marker to the last message, which the unread counts of My Bookings, the consultant's schedule and the admin lists start after.`,
        params: bookingIdParamsSchema,
        response: {
          200: conversationResponseSchema,
          400: apiErrorBodySchema.describe('Not a booking id'),
          404: notFound,
          ...sessionGuardResponses,
        },
      },
    },
    (request) => readConversation(app.db, request.params.id, request.caller),
  );

  routes.post(
    apiPaths.bookings.messages(':id'),
    {
      onRequest: app.requireSession,
      bodyLimit: Math.max(app.initialConfig.bodyLimit ?? 0, conversationBodyLimitBytes),
      schema: {
        tags: ['bookings'],
        summary: "Writes a message in the booking's conversation: { body }, in any status",
        description:
          "The owner writes for the client, an administrator or the booking's consultant for the firm. The other side is told by email, one letter per burst of messages (FIRM_NOTICE_DELAY_SECONDS, FIRM_NOTICE_WINDOW_MINUTES).",
        params: bookingIdParamsSchema,
        body: postConversationMessageBodySchema,
        response: {
          201: conversationMessageResponseSchema.describe('Written'),
          400: apiErrorBodySchema.describe(
            `Invalid body as errors[{ path: 'body', msg }]: '${conversationTexts.bodyRequired}', 'Message must be at most ${maxConversationMessageLength} characters'`,
          ),
          404: notFound,
          429: apiErrorBodySchema.describe("The signed-in user's writes per minute are used up"),
          ...sessionGuardResponses,
        },
      },
    },
    async ({ caller, params, body }, reply) => {
      const message = await postMessage(app.db, params.id, caller, body, settings);
      return reply.code(201).send({ message });
    },
  );
}
