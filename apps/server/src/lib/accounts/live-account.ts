// The caller's account, held until the write's transaction commits, refused once erased (docs/decisions/052).
import { accountMessages } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { Unauthorized } from '../errors.ts';

/**
 * Locks the caller's users row and answers 401, as for a session that has ended, when the account was erased. An
 * erasure holds that row while it runs: a write that passed the session guard just before waits here, then finds
 * the account gone instead of writing the person's words back. Taken first in the transaction, before any booking
 * row, in the order the erasure takes them. `no key update` when the caller's writes must also take turns.
 */
export async function lockLiveAccount(
  tx: Transaction,
  userId: string,
  strength: 'key share' | 'no key update' = 'key share',
): Promise<{ email: string }> {
  const [account] = await tx
    .select({ email: users.email, erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for(strength);
  if (!account || account.erasedAt !== null) throw new Unauthorized(accountMessages.noActiveSession);
  return { email: account.email };
}
