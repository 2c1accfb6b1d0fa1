import {
  accountApiPaths,
  accountMessages,
  apiErrorBodySchema,
  type FieldError,
  profileResponseSchema,
  profileUpdateBodySchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionUser } from '../../plugins/auth.ts';
import { NotFound, ValidationFailed } from '../errors.ts';
import { findProfile, saveProfile } from './profiles.service.ts';

function caller(request: FastifyRequest): SessionUser {
  const user = request.sessionUser;
  if (!user) throw new Error('requireSession did not run');
  return user;
}

const signedOut = apiErrorBodySchema.describe(`Not signed in: '${accountMessages.noActiveSession}'`);

export async function profilesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    accountApiPaths.profile,
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's profile (cookie session or bearer token)",
        response: {
          200: profileResponseSchema,
          401: signedOut,
          404: apiErrorBodySchema.describe('The profile is not completed yet'),
          default: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const user = await findProfile(app.db, caller(request));
      if (!user) throw new NotFound(accountMessages.profileNotFound);
      return { user };
    },
  );

  routes.put(
    accountApiPaths.profile,
    {
      preHandler: app.requireSession,
      // The first problem becomes the message (e.g. the spec's 'First name and last name are required').
      attachValidation: true,
      schema: {
        tags: ['accounts'],
        summary: 'Creates or updates the profile; snake_case or camelCase body',
        body: profileUpdateBodySchema,
        response: {
          200: profileResponseSchema,
          400: apiErrorBodySchema.describe(`Invalid fields, e.g. '${accountMessages.namesRequired}'`),
          401: signedOut,
          default: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      if (request.validationError) {
        const issues = (request.validationError.validation ?? []) as {
          instancePath?: string;
          message?: string;
        }[];
        const errors: FieldError[] = issues.map((issue) => ({
          path: issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || 'body',
          msg: issue.message ?? 'is invalid',
        }));
        throw new ValidationFailed(errors, errors[0]?.msg);
      }
      return { user: await saveProfile(app.db, caller(request), request.body) };
    },
  );
}
