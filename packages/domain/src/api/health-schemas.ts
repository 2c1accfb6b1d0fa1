import { z } from 'zod';

/** `GET /api/health`: liveness. The process answers; nothing else is checked (a database outage is no reason to restart it). */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });

/** `GET /api/health/ready`: readiness. Whether this process should get traffic. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Not checked once shutting down. */
  database: z.enum(['up', 'down']).optional(),
  shuttingDown: z.boolean(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
