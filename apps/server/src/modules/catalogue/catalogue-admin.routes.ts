// The catalogue as the firm manages it: every service, creating and editing one (retiring is `active: false`),
// and the latest changes. Admin only on every route: 401 signed out, 403 for a client.
import {
  adminServiceIdParamsSchema,
  adminServicesResponseSchema,
  apiErrorBodySchema,
  apiPaths,
  messages,
  newServiceBodySchema,
  serviceBodySchema,
  serviceChangesQuerySchema,
  serviceChangesResponseSchema,
  serviceMessages,
  serviceResponseSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminGuardResponses } from '../../plugins/accounts.ts';
import {
  createService,
  listAllServices,
  listServiceChanges,
  updateService,
} from './catalogue-admin.service.ts';

const tags = ['admin'];
const invalid = apiErrorBodySchema.describe(
  'A field breaks a rule: errors[{ path, msg }] names it (e.g. "Session length must be a multiple of 30 minutes")',
);
const duplicate = apiErrorBodySchema.describe(`'${serviceMessages.nameTaken}' (errors names the field)`);

export async function catalogueAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireRole('admin');

  routes.get(
    apiPaths.catalogue.adminServices,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Every service, retired ones too, by id',
        response: { 200: adminServicesResponseSchema, ...adminGuardResponses },
      },
    },
    async () => ({ services: await listAllServices(app.db) }),
  );

  routes.get(
    apiPaths.catalogue.adminChanges,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'The latest changes to the catalog, newest first: who, when, and each field old → new',
        querystring: serviceChangesQuerySchema,
        response: { 200: serviceChangesResponseSchema, 400: apiErrorBodySchema, ...adminGuardResponses },
      },
    },
    async (request) => ({ changes: await listServiceChanges(app.db, request.query.limit) }),
  );

  routes.post(
    apiPaths.catalogue.adminServices,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Adds a service (its id from the sequence, its slug from the name); recorded with who and when',
        body: newServiceBodySchema,
        response: { 201: serviceResponseSchema, 400: invalid, 409: duplicate, ...adminGuardResponses },
      },
    },
    async (request, reply) => {
      const service = await createService(app.db, request.body, request.caller);
      return reply.code(201).send({ service });
    },
  );

  routes.put(
    apiPaths.catalogue.adminService(':id'),
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Saves a service’s whole editable record; active false retires it, true brings it back',
        description:
          'Bookings keep the rate and duration they were made with. Every change is recorded (who, when, before, after).',
        params: adminServiceIdParamsSchema,
        body: serviceBodySchema,
        response: {
          200: serviceResponseSchema,
          400: invalid,
          404: apiErrorBodySchema.describe(`'${messages.serviceNotFound}'`),
          409: duplicate,
          ...adminGuardResponses,
        },
      },
    },
    async (request) => ({
      service: await updateService(app.db, request.params.id, request.body, request.caller),
    }),
  );
}
