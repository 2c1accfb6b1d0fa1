// A consultant's record and the account they log in with (docs/decisions/048): the record's email names the
// account (any case, verified only: an address nobody has proved to hold links nothing). A linked account's role is
// `consultant`; one unlinked (the email changed, the consultant retired) goes back to `client`. An administrator's
// role is never changed here: an administrator who is also a consultant keeps every right they had.
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { consultants, users } from '../../db/schema.ts';

/** A transaction or the database, for the statements below. */
type Writer = Pick<Database, 'select' | 'update'>;

/**
 * Points the consultant's `user_id` at the verified account with their email while they are active, or at none,
 * and sets the roles to match. Call it inside the transaction that changed the record, after the change.
 */
export async function linkConsultantAccount(tx: Writer, consultantId: number): Promise<void> {
  const [consultant] = await tx
    .select({ email: consultants.email, active: consultants.active, userId: consultants.userId })
    .from(consultants)
    .where(eq(consultants.id, consultantId));
  if (!consultant) return;
  const [account] = consultant.active
    ? await tx
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${consultant.email})`, eq(users.emailVerified, true)))
    : [];
  if (consultant.userId !== (account?.id ?? null)) {
    await tx
      .update(consultants)
      .set({ userId: account?.id ?? null })
      .where(eq(consultants.id, consultantId));
    if (consultant.userId) {
      await tx
        .update(users)
        .set({ role: 'client', updatedAt: sql`now()` })
        .where(and(eq(users.id, consultant.userId), eq(users.role, 'consultant')));
    }
  }
  if (account?.role === 'client') {
    await tx
      .update(users)
      .set({ role: 'consultant', updatedAt: sql`now()` })
      .where(and(eq(users.id, account.id), eq(users.role, 'client')));
  }
}

/**
 * An account just verified (or made verified): the active consultant with its email, not linked yet, is linked to
 * it. Runs after the accounts library's own write, in a transaction of its own.
 */
export async function linkVerifiedAccount(db: Database, email: string): Promise<void> {
  const [consultant] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(and(sql`lower(${consultants.email}) = lower(${email})`, eq(consultants.active, true)));
  if (!consultant) return;
  await db.transaction(async (tx: Transaction) => {
    // In turn with an administrator saving the record.
    await tx
      .select({ id: consultants.id })
      .from(consultants)
      .where(eq(consultants.id, consultant.id))
      .for('update');
    await linkConsultantAccount(tx, consultant.id);
  });
}

/** The consultant whose account this is; undefined for an account no consultant is linked to. */
export async function consultantOfAccount(
  db: Pick<Database, 'select'>,
  userId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(eq(consultants.userId, userId));
  return row?.id;
}
