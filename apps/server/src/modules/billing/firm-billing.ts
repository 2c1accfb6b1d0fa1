// The firm's billing details (/admin/settings): one row, or the defaults until an administrator saves them.
import { type FirmBilling, productName } from '@portal/domain';
import { firmBilling } from '../../db/schema.ts';
import type { Reader } from '../bookings/booking-read-model.ts';

/** Until the firm saves its own: its name, and nothing it has not said. */
export const defaultFirmBilling: FirmBilling = {
  legalName: productName,
  address: '',
  taxId: '',
  bankDetails: '',
  footer: '',
};

export async function loadFirmBilling(db: Reader): Promise<FirmBilling> {
  const [row] = await db.select({ billing: firmBilling.billing }).from(firmBilling);
  return row?.billing ?? defaultFirmBilling;
}
