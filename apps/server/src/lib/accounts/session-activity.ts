// A session's "last seen" (docs/product.md#sessions-and-the-account-state): moved on by the session guard with one
// conditional statement, at most once every few minutes per session, so that most requests write nothing.
import { sessionLastSeenEveryMinutes } from '@portal/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

/** Notes that a request came with the session; a no-op when it was noted less than a few minutes ago. */
export async function noteSessionSeen(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        lt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${sessionLastSeenEveryMinutes})`),
      ),
    );
}
