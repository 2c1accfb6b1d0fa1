// Recording the versions of the Terms of Service and the Privacy Policy an account accepted
// (docs/product.md#privacy-and-cookies): by the accounts library when an account is created, and by the consents
// route (modules/legal).
import { type LegalDocument, legalDocuments } from '@portal/domain';
import type { Database, Transaction } from '../../db/client.ts';
import { consents } from '../../db/schema.ts';

/** Records that `userId` accepted these versions, now; a version accepted before keeps its first moment. */
export async function recordConsents(
  db: Database | Transaction,
  userId: string,
  versions: { [D in LegalDocument]?: string | undefined },
): Promise<void> {
  const rows = legalDocuments.flatMap((document) => {
    const version = versions[document];
    return version === undefined ? [] : [{ userId, document, version }];
  });
  if (rows.length === 0) return;
  await db.insert(consents).values(rows).onConflictDoNothing();
}
