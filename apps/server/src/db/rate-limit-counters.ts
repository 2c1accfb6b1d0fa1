// Our own per-key limits, counted in better-auth's rate_limits table (key, count, last_request in ms) by its rule,
// so every limit by address or e-mail lives in one table that every server process shares and housekeeping clears.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rateLimits } from './schema.ts';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one request under `key` in one atomic upsert, by better-auth's rule: at most `max` requests, and the count
 * starts again `windowSeconds` after the last request let through. A refused request moves nothing, so retrying
 * does not push the end further away. Answers whether this one is let through, and when a refused one may retry.
 */
export async function countRequest(
  db: Pick<Database, 'insert'>,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowMs = rule.windowSeconds * 1000;
  const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}`;
  const under = sql`${rateLimits.count} < ${rule.max}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        // Over the limit the count stays at max + 1: it says "refused" without growing.
        count: sql`case when ${expired} then 1 else least(${rateLimits.count} + 1, ${rule.max + 1}) end`,
        lastRequest: sql`case when ${expired} or ${under} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, lastRequest: rateLimits.lastRequest });
  if (!row) throw new Error('The rate limit upsert returned no row');
  const allowed = row.count <= rule.max;
  return {
    allowed,
    retryAfterSeconds: allowed
      ? 0
      : Math.max(1, Math.ceil((Number(row.lastRequest) + windowMs - now) / 1000)),
  };
}
