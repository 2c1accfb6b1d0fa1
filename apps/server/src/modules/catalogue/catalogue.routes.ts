import {
  apiErrorBodySchema,
  apiPaths,
  messages,
  serviceIdParamsSchema,
  serviceResponseSchema,
  servicesResponseSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { type EncodedBody, sendEncoded } from '../../lib/encoded-body.ts';
import { NotFound } from '../../lib/errors.ts';
import { loadCatalogue, peekCatalogue, type SerializedCatalogue } from './catalogue.service.ts';

const json = 'application/json; charset=utf-8';

/**
 * Answers with bytes of the catalogue, serialized (and checked against the response schema) and compressed when it
 * was loaded. A Buffer with a JSON content type bypasses Fastify's serializer, and a cached catalogue is sent
 * without a promise or a query: the hot path does no validation, no JSON.stringify and no compression.
 */
function sendCatalogue(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  pick: (catalogue: SerializedCatalogue) => EncodedBody,
): void | Promise<void> {
  const send = (catalogue: SerializedCatalogue) => {
    sendEncoded(request, reply.header('content-type', json), pick(catalogue));
  };
  const cached = peekCatalogue(db);
  return cached ? send(cached) : loadCatalogue(db).then(send);
}

/** One service's bytes; 404 'Service not found' for an id the catalogue does not have. */
function serviceBytes(catalogue: SerializedCatalogue, id: number): EncodedBody {
  const bytes = catalogue.byId.get(id);
  if (!bytes) throw new NotFound(messages.serviceNotFound);
  return bytes;
}

export async function catalogueRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  routes.get(
    apiPaths.catalogue.services,
    {
      schema: {
        tags: ['services'],
        summary: 'The service catalog, ordered by id',
        response: { 200: servicesResponseSchema, default: apiErrorBodySchema },
      },
    },
    (request, reply) => sendCatalogue(db, request, reply, (catalogue) => catalogue.list),
  );

  routes.get(
    apiPaths.catalogue.service(':id'),
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
    (request, reply) =>
      sendCatalogue(db, request, reply, (catalogue) => serviceBytes(catalogue, request.params.id)),
  );
}
