// The contact form: anyone sends a message (limited per address and per e-mail; bots trapped); administrators
// list the messages and mark them answered (docs/product.md#contact-form).
import {
  adminContactMessageResponseSchema,
  adminContactMessagesQuerySchema,
  adminContactMessagesResponseSchema,
  apiErrorBodySchema,
  apiPaths,
  badPagingSchema,
  challengeMessages,
  contactBodySchema,
  contactMessageIdParamsSchema,
  contactMessages,
  contactRateLimits,
  contactResponseSchema,
  maxContactMessageLength,
  maxContactMessagesPageSize,
  updateContactMessageBodySchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminGuardResponses } from '../../plugins/accounts.ts';
import {
  type ContactOptions,
  listContactMessages,
  setContactMessageAnswered,
  takeContactMessage,
} from './contact.service.ts';

/** The longest message with every character escaped as \uXXXX, and 2 KiB for the other fields. */
export const contactBodyLimitBytes = maxContactMessageLength * 6 + 2048;

const { perAddress, perEmail } = contactRateLimits;

export async function contactRoutes(app: FastifyInstance, options: ContactOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireRole('admin');

  routes.post(
    apiPaths.contact.send,
    {
      bodyLimit: Math.max(app.initialConfig.bodyLimit ?? 0, contactBodyLimitBytes),
      schema: {
        tags: ['contact'],
        summary: 'A message to the firm through the contact form; the sender gets an acknowledgment',
        description:
          'Stored and sent to FIRM_EMAIL (Reply-To: the sender); the address given gets an acknowledgment with none ' +
          `of the sender's words. At most ${perAddress.max} messages per ${perAddress.windowSeconds / 60} minutes ` +
          `from one client address (IPv6: its /64) and ${perEmail.max} per ${perEmail.windowSeconds / 60} minutes ` +
          'from one email address (letter case and +tag ignored). A message with `website` filled ' +
          '(a field people never see) is answered the same and dropped.',
        body: contactBodySchema,
        response: {
          200: contactResponseSchema.describe(`'${contactMessages.thanks}'`),
          400: apiErrorBodySchema.describe(
            `Invalid fields as errors[{ path, msg }], e.g. '${contactMessages.messageTooShort(12)}'; ` +
              `a missing, invalid, expired or used challenge names altcha: '${challengeMessages.required}'`,
          ),
          429: apiErrorBodySchema.describe('Too many messages: try again after Retry-After seconds'),
          default: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      await takeContactMessage(app.db, request.body, request.ip, options);
      return { message: contactMessages.thanks };
    },
  );

  routes.get(
    apiPaths.contact.adminMessages,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: "The contact form's messages, newest first, answered ones too",
        querystring: adminContactMessagesQuerySchema,
        response: {
          200: adminContactMessagesResponseSchema,
          400: badPagingSchema(maxContactMessagesPageSize),
          ...adminGuardResponses,
        },
      },
    },
    (request) => listContactMessages(app.db, request.query),
  );

  routes.put(
    apiPaths.contact.adminMessage(':id'),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Marks a message answered (or not): { answered: boolean }',
        params: contactMessageIdParamsSchema,
        body: updateContactMessageBodySchema,
        response: {
          200: adminContactMessageResponseSchema,
          400: apiErrorBodySchema.describe(`'${contactMessages.answeredInvalid}'`),
          404: apiErrorBodySchema.describe(`'${contactMessages.messageNotFound}'`),
          ...adminGuardResponses,
        },
      },
    },
    async (request) => ({
      contactMessage: await setContactMessageAnswered(app.db, request.params.id, request.body.answered),
    }),
  );
}
