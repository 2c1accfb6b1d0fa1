// The administrators' invoices and credit notes: the list with each one's status as of today, and the bank
// payments recorded against an invoice (docs/product.md#invoices).

import type { Readable } from 'node:stream';
import {
  type AdminInvoice,
  type AdminInvoicesQuery,
  type AdminInvoicesResponse,
  billingMessages,
  type InvoiceExportQuery,
  type InvoiceStatus,
  type IsoDate,
  invoiceStatus,
  openCents,
  type RecordPaymentBody,
  todayIn,
} from '@portal/domain';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newestFirstPaging } from '../../db/newest-first.ts';
import { invoicePayments, invoices } from '../../db/schema.ts';
import { invalidField, NotFound } from '../../lib/errors.ts';
import { csvWriter } from '../admin/admin-bookings.service.ts';
import type { Reader } from '../bookings/booking-read-model.ts';

const paging = newestFirstPaging(
  { table: invoices, createdAt: invoices.createdAt, id: invoices.id },
  'i1',
  billingMessages.cursorInvalid,
);

// Spelled out with the outer table's name: drizzle leaves a one-table select's columns unqualified, which inside a
// subquery would mean the subquery's own table. `by` reads an invoice as it stood at the end of that day (the
// dashboard's outstanding money at a period's end); without it, as it stands now.
/** What the payments of an invoice add up to (those paid by `by`), for a select from `invoices`. */
export function paidCentsBy(by?: IsoDate): SQL<number> {
  const paidBy = by === undefined ? sql.empty() : sql` and payment.paid_on <= ${by}`;
  return sql<number>`coalesce((select sum(payment.amount_cents) from invoice_payments as payment
  where payment.invoice_id = "invoices"."id"${paidBy}), 0)::int`;
}
/** Whether a credit note (one issued by `by`) cancels the invoice, for a select from `invoices`. */
export function creditedBy(by?: IsoDate): SQL<boolean> {
  const issuedBy = by === undefined ? sql.empty() : sql` and credit.issued_on <= ${by}`;
  return sql<boolean>`exists (select 1 from invoices as credit where credit.credits_invoice_id = "invoices"."id"${issuedBy})`;
}
/** What the payments of an invoice add up to, for a select from `invoices`. */
export const paidCents = paidCentsBy();
/** Whether a credit note cancels the invoice, for a select from `invoices`. */
export const credited = creditedBy();

/** The rows whose status is `status` on `today`: the same rule as invoiceStatus, written for the database. */
function statusIs(status: InvoiceStatus, today: string): SQL {
  const settled = sql`(${invoices.kind} = 'credit_note' or ${credited})`;
  switch (status) {
    case 'credited':
      return settled;
    case 'paid':
      return sql`not ${settled} and ${paidCents} >= ${invoices.totalCents}`;
    case 'overdue':
      return sql`not ${settled} and ${paidCents} < ${invoices.totalCents} and ${invoices.dueOn} < ${today}`;
    case 'open':
      return sql`not ${settled} and ${paidCents} < ${invoices.totalCents} and ${invoices.dueOn} >= ${today}`;
  }
}

function selectAdminInvoices(db: Reader) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      bookingId: invoices.bookingId,
      buyer: invoices.buyer,
      totalCents: invoices.totalCents,
      currency: invoices.currency,
      issuedOn: invoices.issuedOn,
      dueOn: invoices.dueOn,
      paidCents,
      credited,
    })
    .from(invoices);
}

type AdminInvoiceRow = Awaited<ReturnType<ReturnType<typeof selectAdminInvoices>['execute']>>[number];

function toAdminInvoice(row: AdminInvoiceRow, today: string): AdminInvoice {
  const standing = {
    kind: row.kind,
    totalCents: row.totalCents,
    paidCents: Number(row.paidCents),
    credited: row.credited,
    dueOn: row.dueOn,
  };
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    booking_id: row.bookingId,
    client: { name: row.buyer.name, email: row.buyer.email },
    total_cents: row.totalCents,
    currency: row.currency,
    issued_on: row.issuedOn,
    due_on: row.dueOn,
    status: invoiceStatus(standing, today),
    paid_cents: standing.paidCents,
  };
}

export async function listAdminInvoices(
  db: Database,
  query: AdminInvoicesQuery,
  timeZone: string,
): Promise<AdminInvoicesResponse> {
  const today = todayIn(timeZone, new Date());
  const rows = await selectAdminInvoices(db)
    .where(
      and(
        query.status ? statusIs(query.status, today) : undefined,
        query.cursor ? paging.after(query.cursor) : undefined,
      ),
    )
    .orderBy(...paging.order)
    .limit(query.limit + 1);
  const { page, nextCursor } = paging.pageOf(rows, query.limit, (row) => row.id);
  return { invoices: page.map((row) => toAdminInvoice(row, today)), nextCursor };
}

/**
 * Records a bank payment against an invoice: partial payments add up, the invoice is paid once they reach its
 * total. More than what is open, a future date or a credit note is a 400 naming the field; payments of one invoice
 * take turns, so two recorded at once cannot together exceed it.
 */
export async function recordInvoicePayment(
  db: Database,
  invoiceId: number,
  payment: RecordPaymentBody,
  recordedBy: string,
  timeZone: string,
): Promise<AdminInvoice> {
  const today = todayIn(timeZone, new Date());
  if (payment.paidOn > today) throw invalidField('paidOn', billingMessages.paidOnInFuture);
  await db.transaction(async (tx) => {
    // Payments of one invoice are recorded one after another (the invoice row itself never changes).
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`invoice-payments|${invoiceId}`}, 0))`,
    );
    const [row] = await selectAdminInvoices(tx).where(eq(invoices.id, invoiceId));
    if (!row) throw new NotFound(billingMessages.invoiceNotFound);
    if (row.kind === 'credit_note') throw invalidField('amountCents', billingMessages.paymentOnCreditNote);
    const open = openCents({
      kind: row.kind,
      totalCents: row.totalCents,
      paidCents: Number(row.paidCents),
      credited: row.credited,
      dueOn: row.dueOn,
    });
    if (open === 0) {
      throw invalidField('amountCents', billingMessages.nothingOpen(toAdminInvoice(row, today).status));
    }
    if (payment.amountCents > open) {
      throw invalidField('amountCents', billingMessages.amountAboveOpen(open, row.currency));
    }
    await tx.insert(invoicePayments).values({
      invoiceId,
      amountCents: payment.amountCents,
      paidOn: payment.paidOn,
      reference: payment.reference,
      recordedBy,
    });
  });
  const [row] = await selectAdminInvoices(db).where(eq(invoices.id, invoiceId));
  if (!row) throw new NotFound(billingMessages.invoiceNotFound);
  return toAdminInvoice(row, today);
}

/**
 * The accountant's columns: one row per invoice or credit note; amounts are numbers in units of the currency
 * (a spreadsheet sums them; a negative number is never taken for a formula).
 */
export const invoiceExportColumns = [
  'number',
  'kind',
  'issued_on',
  'due_on',
  'status',
  'credits',
  'reference',
  'client_name',
  'client_company',
  'client_tax_id',
  'client_email',
  'currency',
  'subtotal',
  'tax_rate_percent',
  'tax',
  'total',
  'paid',
] as const;

/** The invoices and credit notes issued in the period, in number order within each kind, as CSV. */
export async function exportInvoicesCsv(
  db: Database,
  period: InvoiceExportQuery,
  timeZone: string,
): Promise<Readable> {
  const today = todayIn(timeZone, new Date());
  const rows = await db
    .select({ invoice: invoices, paidCents, credited })
    .from(invoices)
    .where(and(gte(invoices.issuedOn, period.from), lte(invoices.issuedOn, period.to)))
    .orderBy(asc(invoices.kind), asc(invoices.year), asc(invoices.sequence));
  const numbers = new Map(rows.map((row) => [row.invoice.id, row.invoice.number]));
  const csv = csvWriter(invoiceExportColumns);
  for (const { invoice, ...standing } of rows) {
    const status = invoiceStatus(
      {
        kind: invoice.kind,
        totalCents: invoice.totalCents,
        paidCents: Number(standing.paidCents),
        credited: standing.credited,
        dueOn: invoice.dueOn,
      },
      today,
    );
    const credits =
      invoice.creditsInvoiceId === null
        ? ''
        : (numbers.get(invoice.creditsInvoiceId) ?? (await creditedNumber(db, invoice.creditsInvoiceId)));
    csv.write({
      number: invoice.number,
      kind: invoice.kind,
      issued_on: invoice.issuedOn,
      due_on: invoice.dueOn ?? '',
      status,
      credits,
      reference: invoice.reference,
      client_name: invoice.buyer.name,
      client_company: invoice.buyer.company ?? '',
      client_tax_id: invoice.buyer.taxId ?? '',
      client_email: invoice.buyer.email,
      currency: invoice.currency,
      subtotal: invoice.subtotalCents / 100,
      tax_rate_percent: invoice.taxRate / 1000,
      tax: invoice.taxCents / 100,
      total: invoice.totalCents / 100,
      paid: Number(standing.paidCents) / 100,
    });
  }
  csv.end();
  return csv;
}

/** The number of a credited invoice issued before the period. */
async function creditedNumber(db: Database, invoiceId: number): Promise<string> {
  const [row] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoiceId));
  return row?.number ?? '';
}
