// The firm's settings at /admin/settings: its billing details, one row that each invoice copies as it is issued
// (invoice-issuing.ts reads it in the issuing transaction; nothing caches it, so every server sees a save at once).
// Every save is recorded in admin_changes in the same transaction.
import type { FirmBilling, FirmSettingsBody } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adminChanges, firmBilling } from '../../db/schema.ts';
import type { Caller } from '../../plugins/accounts.ts';
import { defaultFirmBilling, loadFirmBilling } from '../billing/firm-billing.ts';

/** The firm's settings as stored, or the defaults until the first save. */
export async function firmSettings(db: Database): Promise<{ billing: FirmBilling }> {
  return { billing: await loadFirmBilling(db) };
}

/**
 * Saves the firm's billing details: those left out keep their values. The row is locked while it is read and
 * written, so administrators saving at once each keep what the others changed.
 */
export async function saveFirmBilling(
  db: Database,
  actor: Pick<Caller, 'id' | 'email'>,
  body: FirmSettingsBody['billing'],
): Promise<{ billing: FirmBilling }> {
  const billing = await db.transaction(async (tx) => {
    // Until the first save there is no row to lock: the defaults, which invoices printed until now, become it.
    await tx.insert(firmBilling).values({ id: 1, billing: defaultFirmBilling }).onConflictDoNothing();
    const [row] = await tx.select({ billing: firmBilling.billing }).from(firmBilling).for('update');
    const before = row?.billing ?? defaultFirmBilling;
    const after: FirmBilling = { ...before, ...body };
    await tx.update(firmBilling).set({ billing: after, updatedAt: new Date() }).where(eq(firmBilling.id, 1));
    await tx.insert(adminChanges).values({
      actorUserId: actor.id,
      actorEmail: actor.email,
      subject: 'firm_billing',
      subjectId: null,
      action: 'updated',
      before,
      after,
    });
    return after;
  });
  return { billing };
}
