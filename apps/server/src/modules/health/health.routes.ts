// Liveness (`/api/health`: the process answers) and readiness (`/api/health/ready`: send it traffic). A load
// balancer or orchestrator stops routing to a process whose readiness fails; it restarts one whose liveness fails.
import {
  apiErrorBodySchema,
  apiPaths,
  livenessResponseSchema,
  type ReadinessResponse,
  readinessResponseSchema,
} from '@portal/domain';
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
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    apiPaths.health,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (200 while it runs, also while it shuts down)',
        response: { 200: livenessResponseSchema, default: apiErrorBodySchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  routes.get(
    apiPaths.ready,
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: whether to send this process traffic',
        description:
          '503 from the moment the process begins to shut down (SIGTERM), and while the database does not answer ' +
          'on a connection of the check’s own within 2 s.',
        response: {
          200: readinessResponseSchema.describe('Ready'),
          503: readinessResponseSchema.describe('Shutting down, or the database does not answer'),
          default: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (app.isShuttingDown()) {
        return reply
          .code(503)
          .send({ status: 'unavailable', shuttingDown: true } satisfies ReadinessResponse);
      }
      if (await databaseAnswers(() => app.database.ping())) {
        return { status: 'ok' as const, database: 'up' as const, shuttingDown: false };
      }
      request.log.warn('readiness check: the database does not answer');
      return reply.code(503).send({ status: 'unavailable', database: 'down', shuttingDown: false });
    },
  );
}
