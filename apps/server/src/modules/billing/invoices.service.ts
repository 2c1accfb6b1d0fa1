// Reading invoices and credit notes: a booking's, as the caller may see them, and the document a PDF is drawn from.
import { billingMessages, bookingMessages, type InvoiceDocument, type InvoiceKind } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, type InvoiceRow, invoices } from '../../db/schema.ts';
import { NotFound } from '../../lib/errors.ts';
import { type Reader, readableBy } from '../bookings/booking-read-model.ts';

/** The document a stored invoice or credit note draws; a credit note names the invoice it cancels. */
export async function invoiceDocument(db: Reader, row: InvoiceRow): Promise<InvoiceDocument> {
  let creditsNumber: string | null = null;
  if (row.creditsInvoiceId !== null) {
    const [credited] = await db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, row.creditsInvoiceId));
    creditsNumber = credited?.number ?? null;
  }
  return {
    kind: row.kind,
    number: row.number,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    currency: row.currency,
    seller: row.seller,
    buyer: row.buyer,
    line: row.line,
    subtotalCents: row.subtotalCents,
    taxRate: row.taxRate,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    reference: row.reference,
    creditsNumber,
  };
}

/**
 * The booking's latest invoice or credit note, for its owner, its consultant or an administrator: anyone else's
 * booking is not found (never revealed), and a booking without one is a 404 saying so.
 */
export async function bookingDocument(
  db: Database,
  bookingId: number,
  caller: { id: string; role: string },
  kind: InvoiceKind,
): Promise<InvoiceDocument> {
  const [booking] = await db.select({ id: bookings.id }).from(bookings).where(readableBy(bookingId, caller));
  if (!booking) throw new NotFound(bookingMessages.bookingNotFound);
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, kind)))
    .orderBy(desc(invoices.id))
    .limit(1);
  if (!row)
    throw new NotFound(kind === 'invoice' ? billingMessages.noInvoiceYet : billingMessages.noCreditNote);
  return invoiceDocument(db, row);
}

/** The file name a document downloads as: INV-2026-0001.pdf. */
export function documentFileName(document: InvoiceDocument): string {
  return `${document.number}.pdf`;
}
