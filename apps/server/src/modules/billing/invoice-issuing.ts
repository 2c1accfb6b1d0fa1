// Invoices and credit notes are issued in the transaction that confirms or cancels a booking, numbered from a
// counter row locked until it commits: one year's numbers run from 1 with no gap and no repeat
// (docs/decisions/049).
import {
  addDays,
  confirmationCode,
  type InvoiceBuyer,
  type InvoiceKind,
  invoiceNumber,
  taxCents,
  todayIn,
} from '@portal/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { InvoicingSettings } from '../../config.ts';
import type { Transaction } from '../../db/client.ts';
import { bookings, invoiceCounters, invoices, services, userProfiles, users } from '../../db/schema.ts';
import { loadFirmBilling } from './firm-billing.ts';

/** What issuing needs to know beyond the database. */
export interface InvoiceIssuing {
  invoicing: InvoicingSettings;
  /** The business time zone: the issue date and the numbering year are read in it. */
  timeZone: string;
}

/** A transaction: the number and the invoice commit with the status change, or neither does. */
type Writer = Pick<Transaction, 'select' | 'insert'>;

/** The next number of a kind in a year: the counter row's lock holds other issuers until this transaction ends. */
async function nextSequence(tx: Writer, kind: InvoiceKind, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.kind, invoiceCounters.year],
      set: { lastSequence: sql`${invoiceCounters.lastSequence} + 1` },
    })
    .returning({ sequence: invoiceCounters.lastSequence });
  if (!row) throw new Error('The invoice counter returned no row');
  return row.sequence;
}

/** The booking's invoice that no credit note cancels yet, if any. */
async function liveInvoice(tx: Writer, bookingId: number) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.bookingId, bookingId),
        eq(invoices.kind, 'invoice'),
        sql`not exists (select 1 from ${invoices} as credit where credit.credits_invoice_id = ${invoices.id})`,
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(1);
  return row;
}

/**
 * Issues the booking's invoice as it is confirmed, unless one not yet credited exists (a booking confirmed again
 * after a cancellation gets a new one). Seller and buyer are copied as they are now. Returns the invoice's id.
 */
export async function issueInvoice(tx: Writer, bookingId: number, issuing: InvoiceIssuing): Promise<number> {
  const existing = await liveInvoice(tx, bookingId);
  if (existing) return existing.id;
  const [booking] = await tx
    .select({
      booking: bookings,
      serviceName: services.name,
      email: users.email,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      company: userProfiles.company,
      billingAddress: userProfiles.billingAddress,
      taxId: userProfiles.taxId,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, bookings.userId))
    .where(eq(bookings.id, bookingId));
  if (!booking) throw new Error(`Booking ${bookingId} vanished`);
  const { booking: row } = booking;
  const buyer: InvoiceBuyer = {
    name: [booking.firstName, booking.lastName].filter(Boolean).join(' ') || booking.email,
    email: booking.email,
    company: booking.company,
    address: booking.billingAddress,
    taxId: booking.taxId,
  };
  const issuedOn = todayIn(issuing.timeZone, new Date());
  const year = Number(issuedOn.slice(0, 4));
  const sequence = await nextSequence(tx, 'invoice', year);
  const subtotalCents = row.amountCents;
  const tax = taxCents(subtotalCents, issuing.invoicing.taxRate);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      kind: 'invoice',
      number: invoiceNumber('invoice', year, sequence),
      year,
      sequence,
      bookingId,
      issuedOn,
      dueOn: addDays(issuedOn, issuing.invoicing.dueDays),
      currency: row.currency,
      seller: await loadFirmBilling(tx),
      buyer,
      line: {
        serviceName: booking.serviceName,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        timeZone: issuing.timeZone,
        durationMinutes: row.durationMinutes,
        hourlyRate: row.hourlyRate,
      },
      subtotalCents,
      taxRate: issuing.invoicing.taxRate,
      taxCents: tax,
      totalCents: subtotalCents + tax,
      reference: confirmationCode(row.id, row.createdAt, issuing.timeZone),
    })
    .returning({ id: invoices.id });
  if (!invoice) throw new Error('The invoice insert returned no row');
  return invoice.id;
}

/**
 * Issues a credit note for the booking's invoice as it is cancelled: the same line and parties, every amount
 * negated, linked to the invoice. Nothing when the booking has no invoice not yet credited (it was never
 * confirmed). Returns the credit note's id, if one was issued.
 */
export async function creditInvoice(
  tx: Writer,
  bookingId: number,
  issuing: InvoiceIssuing,
): Promise<number | undefined> {
  const invoice = await liveInvoice(tx, bookingId);
  if (!invoice) return undefined;
  const issuedOn = todayIn(issuing.timeZone, new Date());
  const year = Number(issuedOn.slice(0, 4));
  const sequence = await nextSequence(tx, 'credit_note', year);
  const [credit] = await tx
    .insert(invoices)
    .values({
      kind: 'credit_note',
      number: invoiceNumber('credit_note', year, sequence),
      year,
      sequence,
      bookingId,
      creditsInvoiceId: invoice.id,
      issuedOn,
      dueOn: null,
      currency: invoice.currency,
      seller: invoice.seller,
      buyer: invoice.buyer,
      line: invoice.line,
      subtotalCents: -invoice.subtotalCents,
      taxRate: invoice.taxRate,
      taxCents: -invoice.taxCents,
      totalCents: -invoice.totalCents,
      reference: invoice.reference,
    })
    .returning({ id: invoices.id });
  return credit?.id;
}
