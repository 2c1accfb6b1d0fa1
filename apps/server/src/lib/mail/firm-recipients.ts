// Who at the firm hears of clients' actions and messages: FIRM_EMAIL, or else every administrator.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * The firm's addresses: FIRM_EMAIL's when set, else every administrator's, read when the notice is written so that
 * an administrator made today hears of tomorrow's bookings. None (no administrator yet): the notice is not sent.
 */
export async function firmRecipients(
  db: Pick<Database, 'select'>,
  firmEmails: readonly string[],
): Promise<string[]> {
  if (firmEmails.length > 0) return [...firmEmails];
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.email));
  return admins.map((admin) => admin.email);
}
