// The legal pages' settings and the consents of accounts (docs/product.md#privacy-and-cookies). The settings are
// read from the firm's row on every request (nothing cached), so a save at /admin/settings shows at once in every
// server process, as invoices see it (docs/decisions/010).
import {
  type ConsentsBody,
  type ConsentsResponse,
  type LegalResponse,
  legalCookies,
  legalProcessors,
  legalRetention,
  legalVersions,
  type PaymentMode,
  pendingDocuments,
} from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { consents } from '../../db/schema.ts';
import { recordConsents } from '../../lib/accounts/consents.ts';
import { loadFirmBilling } from '../billing/firm-billing.ts';

export interface LegalOptions {
  /** APP_URL is https: the cookies' names take `__Secure-`. */
  https: boolean;
  /** SMTP_URL is set: mail goes out through the firm's e-mail provider. */
  mailProvider: boolean;
  /** PAYMENTS. */
  payments: PaymentMode;
  /** The firm's own address (REPLY_TO, else the first FIRM_EMAIL), if any. */
  firmEmail: string | undefined;
}

/** GET /api/legal: the firm as saved at /admin/settings and what the server is configured to do. */
export async function legalSettings(db: Database, options: LegalOptions): Promise<LegalResponse> {
  const billing = await loadFirmBilling(db);
  return {
    firm: {
      name: billing.legalName,
      address: billing.address,
      email: options.firmEmail ?? null,
      tax_id: billing.taxId,
    },
    versions: { ...legalVersions },
    retention: legalRetention(),
    payments: options.payments,
    processors: legalProcessors({ mailProvider: options.mailProvider, payments: options.payments }),
    cookies: legalCookies({ https: options.https }),
  };
}

/** GET /api/account/consents: the versions in force, those the caller accepted, and what is left to accept. */
export async function consentsOf(db: Database, userId: string): Promise<ConsentsResponse> {
  const rows = await db
    .select({ document: consents.document, version: consents.version, acceptedAt: consents.acceptedAt })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.acceptedAt), asc(consents.document));
  const accepted = rows.map((row) => ({
    document: row.document,
    version: row.version,
    accepted_at: row.acceptedAt.toISOString(),
  }));
  return { current: { ...legalVersions }, accepted, pending: pendingDocuments(accepted) };
}

/** POST /api/account/consents: the body names only versions in force (its schema checked that). */
export async function acceptConsents(
  db: Database,
  userId: string,
  body: ConsentsBody,
): Promise<ConsentsResponse> {
  await recordConsents(db, userId, body);
  return consentsOf(db, userId);
}
