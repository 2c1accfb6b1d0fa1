import { apiErrorBodySchema, apiPaths, healthResponseSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** How long the database may take to answer before the server reports it down. */
const pingTimeoutMs = 2_000;

async function databaseAnswers(ping: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, pingTimeoutMs, false);
  });
  try {
    return await Promise.race([ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.health,
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database answer',
        response: {
          200: healthResponseSchema.describe('The server and its database answer'),
          503: healthResponseSchema.describe('The database does not answer'),
          default: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (await databaseAnswers(() => app.database.ping())) {
        return { status: 'ok' as const, database: 'up' as const };
      }
      request.log.warn('health check: the database does not answer');
      return reply.code(503).send({ status: 'unavailable', database: 'down' });
    },
  );
}
