// Liveness (`/api/health`: the process answers) and readiness (`/api/health/ready`: send it traffic). A load
// balancer or orchestrator stops routing to a process whose readiness fails; it restarts one whose liveness fails.
import {
  apiErrorBodySchema,
  apiPaths,
  livenessResponseSchema,
  readinessResponseSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readiness } from './health.service.ts';

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
      const answer = await readiness(app.isShuttingDown(), () => app.database.ping(), request.log);
      return reply.code(answer.status === 'ok' ? 200 : 503).send(answer);
    },
  );
}
