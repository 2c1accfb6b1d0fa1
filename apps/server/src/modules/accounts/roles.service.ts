// Accounts' roles, set by the operator command (never over HTTP by a signed-in user).
import type { Role } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { NotFound } from '../../lib/errors.ts';

/** The refusal of an unknown address. It names none: a refusal's message is logged (docs/decisions/029). */
export const noAccountMessage = 'No account with this email address';

/** The same for the operator's own terminal, which may name the address they typed. */
export function noAccountWith(email: string): string {
  return `No account with the email address ${email.trim()}`;
}

/** Gives the account with this e-mail (any case) the role; NotFound when there is no such account. */
export async function setRole(
  db: Database,
  email: string,
  role: Role,
): Promise<{ email: string; role: Role }> {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ email: users.email });
  if (!row) throw new NotFound(noAccountMessage);
  return { email: row.email, role };
}
