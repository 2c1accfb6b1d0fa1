// The caller's sessions (docs/product.md#sessions-and-the-account-state): where they are signed in, and ending one
// or all the others. Sessions live in the database alone (no cookie cache), so a session ended here is refused by
// every server process on its next request.
import { type ListedSession, sessionMessages } from '@portal/domain';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { NotFound } from '../../lib/errors.ts';

/** Sessions listed at most: the current one and the latest others ("End all other sessions" ends the rest too). */
export const maxSessionsListed = 100;

/** The account's unexpired sessions: the current one first, then the last seen first. */
export async function listSessions(
  db: Database,
  caller: { id: string; sessionId: string },
): Promise<ListedSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, caller.id), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(
      desc(sql`${sessions.id} = ${caller.sessionId}`),
      desc(sessions.lastSeenAt),
      desc(sessions.createdAt),
    )
    .limit(maxSessionsListed);
  return rows.map((row) => ({
    id: row.id,
    user_agent: row.userAgent,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.id === caller.sessionId,
  }));
}

/**
 * Ends one of the account's sessions; another account's or an unknown id is the same 404. Answers whether it was
 * the session of this request (then this device is signed out).
 */
export async function endSession(
  db: Database,
  caller: { id: string; sessionId: string },
  sessionId: string,
): Promise<{ current: boolean }> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, caller.id)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new NotFound(sessionMessages.notFound);
  return { current: sessionId === caller.sessionId };
}

/** Ends every session of the account but the one of this request; how many ended. */
export async function endOtherSessions(
  db: Pick<Database, 'delete'>,
  caller: { id: string; sessionId: string },
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, caller.id), ne(sessions.id, caller.sessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}
