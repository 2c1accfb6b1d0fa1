// The legal pages and consents over HTTP (docs/product.md#privacy-and-cookies): what the Privacy Policy and the
// Cookie Policy are written from (public, no personal data), and the signed-in caller's accepted versions.
import {
  apiErrorBodySchema,
  apiPaths,
  consentMessages,
  consentsBodySchema,
  consentsResponseSchema,
  legalResponseSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionGuardResponses } from '../../plugins/accounts.ts';
import { acceptConsents, consentsOf, type LegalOptions, legalSettings } from './legal.service.ts';

export async function legalRoutes(app: FastifyInstance, options: LegalOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  routes.get(
    apiPaths.legal,
    {
      schema: {
        tags: ['legal'],
        summary:
          'What the Privacy Policy and the Cookie Policy state: the firm, the versions, retention, processors and cookies',
        description:
          "Every statement comes from the server's own settings: the firm's details as saved at /admin/settings (at once, in every process), the retention periods housekeeping applies, the email provider when SMTP_URL is set, Stripe with PAYMENTS=stripe, and the cookies the server sets. No personal data.",
        response: { 200: legalResponseSchema, default: apiErrorBodySchema },
      },
    },
    () => legalSettings(db, options),
  );

  routes.get(
    apiPaths.accounts.consents,
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['legal'],
        summary:
          'The versions of the Terms of Service and the Privacy Policy in force, those the caller accepted, and those pending',
        response: { 200: consentsResponseSchema, ...sessionGuardResponses },
      },
    },
    (request) => consentsOf(db, request.caller.id),
  );

  routes.post(
    apiPaths.accounts.consents,
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['legal'],
        summary: 'Records that the caller accepts the versions in force of one document or both',
        description: 'Accepting a version already accepted keeps its first moment. Answers as the GET does.',
        body: consentsBodySchema,
        response: {
          200: consentsResponseSchema,
          400: apiErrorBodySchema.describe(
            `A version that is not the one in force, named by its field ('terms': '${consentMessages.notCurrent('terms')}'), or no document at all`,
          ),
          ...sessionGuardResponses,
        },
      },
    },
    (request) => acceptConsents(db, request.caller.id, request.body),
  );
}
