import {
  apiErrorBodySchema,
  apiPaths,
  messages,
  serviceIdParamsSchema,
  serviceResponseSchema,
  servicesResponseSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFound } from '../../lib/errors.ts';
import { loadCatalogue, peekCatalogue, type SerializedCatalogue } from './services.service.ts';

const json = 'application/json; charset=utf-8';

/**
 * Sends bytes serialized (and checked against the response schema) when the catalogue was loaded. A Buffer with
 * a JSON content type bypasses Fastify's serializer, so the hot path does no validation and no JSON.stringify.
 */
function sendSerialized(reply: FastifyReply, body: Buffer): void {
  reply.header('content-type', json).send(body);
}

export async function servicesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  routes.get(
    apiPaths.services,
    {
      schema: {
        tags: ['services'],
        summary: 'The service catalogue, ordered by id',
        response: { 200: servicesResponseSchema, default: apiErrorBodySchema },
      },
    },
    (_request, reply) => {
      const cached = peekCatalogue(db);
      if (cached) {
        sendSerialized(reply, cached.list);
        return;
      }
      return loadCatalogue(db).then((catalogue) => sendSerialized(reply, catalogue.list));
    },
  );

  routes.get(
    apiPaths.service(':id'),
    {
      schema: {
        tags: ['services'],
        summary: 'One service with its detail content',
        params: serviceIdParamsSchema,
        response: {
          200: serviceResponseSchema,
          400: apiErrorBodySchema.describe('The id is not a positive whole number'),
          404: apiErrorBodySchema.describe(`No such service: '${messages.serviceNotFound}'`),
          default: apiErrorBodySchema,
        },
      },
    },
    (request, reply) => {
      const send = (catalogue: SerializedCatalogue) => {
        const body = catalogue.byId.get(request.params.id);
        if (!body) throw new NotFound(messages.serviceNotFound);
        sendSerialized(reply, body);
      };
      const cached = peekCatalogue(db);
      if (cached) {
        send(cached);
        return;
      }
      return loadCatalogue(db).then(send);
    },
  );
}
