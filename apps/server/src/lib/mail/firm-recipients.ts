// Who at the firm hears of clients' actions and messages: FIRM_EMAIL, or else every administrator; and of a
// booking, its consultant too.
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { consultants, users } from '../../db/schema.ts';

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

/**
 * The address of the booking's consultant, for the firm's notices about it: their record's email while they are
 * active. None for a retired one, nor for an address under the reserved `.invalid` or `.example` (RFC 2606), which
 * nothing can receive: the placeholders of decision 046 and the seed's consultants, so that a firm that never
 * renames them sends what it always did.
 */
export async function consultantRecipient(
  db: Pick<Database, 'select'>,
  consultantId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ email: consultants.email })
    .from(consultants)
    .where(and(eq(consultants.id, consultantId), eq(consultants.active, true)));
  return row && receivesMail(row.email) ? row.email : undefined;
}

/** Who reads a letter to the firm: its own addresses open All Bookings, the consultant the booking's page. */
export type FirmReader = 'firm' | 'consultant';

/**
 * Who hears of a client's action or message about a booking: the firm's addresses, and the booking's consultant
 * too (docs/decisions/048), once, unless their address receives nothing or is already one of the firm's.
 */
export async function firmNoticeRecipients(
  db: Pick<Database, 'select'>,
  consultantId: number,
  firmEmails: readonly string[],
): Promise<{ to: string; reader: FirmReader }[]> {
  const firm = await firmRecipients(db, firmEmails);
  const consultant = await consultantRecipient(db, consultantId);
  return [
    ...firm.map((to) => ({ to, reader: 'firm' as const })),
    ...(consultant && !firm.some((to) => to.toLowerCase() === consultant.toLowerCase())
      ? [{ to: consultant, reader: 'consultant' as const }]
      : []),
  ];
}

/**
 * Whether a consultant's address can receive mail: not under the reserved `.invalid` or `.example` (RFC 2606), the
 * placeholders of decision 046 and the seed's consultants.
 */
export function receivesMail(email: string): boolean {
  return !/\.(invalid|example)$/i.test(email.trim());
}
