// The PDF a letter carries: the invoice or credit note its status change issued, drawn when the letter is sent.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invoices } from '../../db/schema.ts';
import type { MailAttachment } from '../../lib/mail/worker.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { documentFileName, invoiceDocument } from './invoices.service.ts';

export async function invoiceAttachments(db: Database, invoiceId: number | null): Promise<MailAttachment[]> {
  if (invoiceId === null) return [];
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) return [];
  const document = await invoiceDocument(db, row);
  return [
    {
      filename: documentFileName(document),
      content: Buffer.from(await invoicePdf(document)),
      contentType: 'application/pdf',
    },
  ];
}
