// The write rate limit (docs/product.md#limits): every state-changing request of a signed-in user to the app's own
// API counts against WRITE_RATE_LIMIT_PER_MINUTE in a fixed one-minute window that starts with the user's first
// write. Counted in the database by one upsert per request, so every server process shares the count.
import { bookingMessages } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Database } from '../db/client.ts';
import { writeRateLimits } from '../db/schema.ts';
import { TooManyRequests } from '../lib/errors.ts';
import { signedInCaller } from './accounts.ts';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A route of our API that can change state. */
function isWriteRoute(route: Pick<RouteOptions, 'method' | 'url'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((method) => writeMethods.has(method)) && route.url.startsWith('/api/');
}

/**
 * Counts one write of `userId` in its current window (a new window when the last began a minute or more ago), in
 * one atomic statement. Answers the count so far, this one included, and the seconds until the window ends.
 */
export async function countWrite(
  db: Database,
  userId: string,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const { count, windowStartedAt } = writeRateLimits;
  const expired = sql`${windowStartedAt} <= now() - interval '1 minute'`;
  const [row] = await db
    .insert(writeRateLimits)
    .values({ userId, windowStartedAt: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: writeRateLimits.userId,
      set: {
        count: sql`case when ${expired} then 1 else ${count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${windowStartedAt} end`,
      },
    })
    .returning({
      count,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${windowStartedAt} + interval '1 minute' - now())))::int`,
    });
  if (!row) throw new Error('The write rate limit upsert returned no row');
  return row;
}

/**
 * Puts the limit on every state-changing route of our API registered after this, counting the requests of
 * signed-in callers: a hook appended to the route's own onRequest hooks, so it runs after the guard (a signed-out
 * caller is refused first and not counted) and before the body is read. Over the limit: 429 `{ message }` with
 * `Retry-After`.
 */
export function registerWriteRateLimit(app: FastifyInstance, options: { perMinute: number }): void {
  async function limitWrites(request: FastifyRequest) {
    const caller = signedInCaller(request);
    if (!caller) return;
    const { count, retryAfterSeconds } = await countWrite(app.db, caller.id);
    if (count > options.perMinute) {
      throw new TooManyRequests(bookingMessages.tooManyWrites(retryAfterSeconds), { retryAfterSeconds });
    }
  }
  app.addHook('onRoute', (route) => {
    if (!isWriteRoute(route)) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...own, limitWrites];
  });
}
