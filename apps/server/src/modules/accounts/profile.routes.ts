import {
  accountMessages,
  apiErrorBodySchema,
  apiPaths,
  profileResponseSchema,
  profileUpdateBodySchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionGuardResponses } from '../../plugins/accounts.ts';
import { findProfile, type ProfileOptions, saveProfile } from './profile.service.ts';

export async function profileRoutes(app: FastifyInstance, options: ProfileOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.accounts.profile,
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's profile (cookie session or bearer token)",
        response: {
          200: profileResponseSchema,
          404: apiErrorBodySchema.describe('The profile is not completed yet'),
          ...sessionGuardResponses,
        },
      },
    },
    async (request) => ({ user: await findProfile(app.db, request.caller, options) }),
  );

  routes.put(
    apiPaths.accounts.profile,
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['accounts'],
        summary: 'Creates or updates the profile; snake_case or camelCase body',
        description:
          'billing_address and tax_id left out keep what is stored; empty or null clears them. Invoices copy them ' +
          'as they are when issued.',
        body: profileUpdateBodySchema,
        response: {
          200: profileResponseSchema,
          400: apiErrorBodySchema.describe(`Invalid fields, e.g. '${accountMessages.namesRequired}'`),
          ...sessionGuardResponses,
        },
      },
    },
    async (request) => ({ user: await saveProfile(app.db, request.caller, request.body, options) }),
  );
}
