// Readiness: whether this process should be sent traffic (not while it shuts down, nor while its database is mute).
import type { ReadinessResponse } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';

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

/** Ready unless shutting down or the database does not answer (checked on the ping's own connection). */
export async function readiness(
  shuttingDown: boolean,
  ping: () => Promise<void>,
  log: FastifyBaseLogger,
): Promise<ReadinessResponse> {
  if (shuttingDown) return { status: 'unavailable', shuttingDown: true };
  if (await databaseAnswers(ping)) return { status: 'ok', database: 'up', shuttingDown: false };
  log.warn('readiness check: the database does not answer');
  return { status: 'unavailable', database: 'down', shuttingDown: false };
}
