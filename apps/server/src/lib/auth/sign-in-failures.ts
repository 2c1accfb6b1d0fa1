// Failed sign-ins per account (the normalized e-mail, known or not), kept in the database so that every server
// process sees them: after `maxFailures` in `windowMs`, sign-in for that address is refused until the window ends.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInFailures } from '../../db/schema.ts';

export const maxFailedSignIns = 5;
export const failedSignInWindowMs = 15 * 60_000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether the address has used up its failed attempts in the current window. */
export async function isLockedOut(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(signInFailures)
    .where(eq(signInFailures.email, normalizeEmail(email)));
  if (!row) return false;
  return row.count >= maxFailedSignIns && Date.now() - row.windowStartedAt.getTime() < failedSignInWindowMs;
}

/** Counts one failed sign-in (a new window when the last one is over). */
export async function recordFailedSignIn(db: Database, email: string): Promise<void> {
  const windowSeconds = failedSignInWindowMs / 1000;
  await db
    .insert(signInFailures)
    .values({ email: normalizeEmail(email), count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: signInFailures.email,
      set: {
        count: sql`case when ${signInFailures.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds}) then 1 else ${signInFailures.count} + 1 end`,
        windowStartedAt: sql`case when ${signInFailures.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds}) then now() else ${signInFailures.windowStartedAt} end`,
      },
    });
}

/** A successful sign-in (or a password reset) clears the count. */
export async function clearFailedSignIns(db: Database, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, normalizeEmail(email)));
}
