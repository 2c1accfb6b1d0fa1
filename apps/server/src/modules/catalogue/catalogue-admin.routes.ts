// The catalogue as the firm manages it: every service, creating and editing one (retiring is `active: false`),
// and the latest changes. Admin only on every route: 401 signed out, 403 for a client.
import {
  adminServiceIdParamsSchema,
  adminServicesResponseSchema,
  apiErrorBodySchema,
  apiPaths,
  messages,
  newServiceBodySchema,
  questionLimits,
  questionMessages,
  serviceBodySchema,
  serviceChangesQuerySchema,
  serviceChangesResponseSchema,
  serviceMessages,
  serviceQuestionsBodySchema,
  serviceQuestionsResponseSchema,
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
  updateServiceQuestions,
} from './catalogue-admin.service.ts';

const tags = ['admin'];
const invalid = apiErrorBodySchema.describe(
  'A field breaks a rule: errors[{ path, msg }] names it (e.g. "Session length must be a multiple of 30 minutes")',
);
/**
 * The largest list of questions the firm may rightly send: every question at its longest (id, wording, options)
 * with every character escaped as \uXXXX (6 bytes), and 256 bytes a question for the rest. About 280 KB: over the
 * app's default body limit, so these routes raise their own (a service's record may carry its questions too).
 */
export const questionsBodyLimitBytes =
  questionLimits.questions *
    ((questionLimits.idLength + questionLimits.label + questionLimits.options * questionLimits.option) * 6 +
      256) +
  64 * 1024;
const bodyLimit = (app: FastifyInstance) =>
  Math.max(app.initialConfig.bodyLimit ?? 0, questionsBodyLimitBytes);

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
      bodyLimit: bodyLimit(app),
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
      bodyLimit: bodyLimit(app),
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

  routes.put(
    apiPaths.catalogue.adminServiceQuestions(':id'),
    {
      onRequest: adminOnly,
      bodyLimit: bodyLimit(app),
      schema: {
        tags,
        summary: 'Replaces a service’s intake questions, which the booking wizard asks',
        description:
          'The whole list, in the order asked. Bookings keep a copy of the questions they were asked with their answers: an edit never changes or loses one. Recorded in the change history.',
        params: adminServiceIdParamsSchema,
        body: serviceQuestionsBodySchema,
        response: {
          200: serviceQuestionsResponseSchema,
          400: apiErrorBodySchema.describe(
            `A question breaks a rule: errors[{ path, msg }] names it, e.g. questions.2.options: '${questionMessages.optionsNeeded}'`,
          ),
          404: apiErrorBodySchema.describe(`'${messages.serviceNotFound}'`),
          ...adminGuardResponses,
        },
      },
    },
    async (request) => ({
      questions: await updateServiceQuestions(
        app.db,
        request.params.id,
        request.body.questions,
        request.caller,
      ),
    }),
  );
}
