// Failed sign-ins per account (the normalized e-mail, known or not), kept in the database so that every server
// process sees them: after `maxFailedSignIns` in `failedSignInWindowMs`, sign-in for that address is refused until
// the window ends (docs/product.md#limits). An attempt is counted before its password is checked, in one atomic
// statement, so parallel guesses cannot slip past the limit; one that turns out not to be a wrong password is given
// back.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInFailures } from '../../db/schema.ts';

export const maxFailedSignIns = 5;
export const failedSignInWindowMs = 15 * 60_000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Counts one attempt for the address (a new window when the last one is over) and answers whether it may go on to
 * the password check: the first `maxFailedSignIns` of a window may, every later one is refused.
 */
export async function reserveSignInAttempt(db: Database, email: string): Promise<boolean> {
  const windowSeconds = failedSignInWindowMs / 1000;
  const windowOver = sql`${signInFailures.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(signInFailures)
    .values({ email: normalizeEmail(email), count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: signInFailures.email,
      set: {
        count: sql`case when ${windowOver} then 1 else ${signInFailures.count} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then now() else ${signInFailures.windowStartedAt} end`,
      },
    })
    .returning({ count: signInFailures.count });
  return row !== undefined && row.count <= maxFailedSignIns;
}

/**
 * Gives back an attempt that was not a wrong password (a refused e-mail format, an unverified address): it must not
 * bring the lock nearer.
 */
export async function releaseSignInAttempt(db: Database, email: string): Promise<void> {
  await db
    .update(signInFailures)
    .set({ count: sql`${signInFailures.count} - 1` })
    .where(and(eq(signInFailures.email, normalizeEmail(email)), gt(signInFailures.count, 0)));
}

/** A successful sign-in (or a password reset) clears the count. */
export async function clearFailedSignIns(db: Database, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, normalizeEmail(email)));
}
