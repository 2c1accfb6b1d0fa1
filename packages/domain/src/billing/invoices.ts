// Invoices and credit notes: their numbers, what they are worth and where they stand (docs/product.md#invoices).
import type { IsoDate } from '../schedule/dates.ts';

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

export const invoiceStatuses = ['open', 'paid', 'overdue', 'credited'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

const numberPrefixes: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/**
 * `INV-2026-0001`, `CN-2026-0001`: each kind numbered from 1 in each year of the business zone, with no gap and
 * no number used twice (the database hands out the sequence, docs/decisions/049).
 */
export function invoiceNumber(kind: InvoiceKind, year: number, sequence: number): string {
  return `${numberPrefixes[kind]}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** What an invoice's status is read from: it never changes; payments and a credit note are recorded beside it. */
export interface InvoiceStanding {
  kind: InvoiceKind;
  totalCents: number;
  paidCents: number;
  /** Whether a credit note cancels it. */
  credited: boolean;
  /** Null for a credit note. */
  dueOn: IsoDate | null;
}

/**
 * An invoice is `credited` once a credit note cancels it, `paid` once its payments reach its total, `overdue` when
 * not by its due date (the day after it), `open` until then. A credit note is `credited`: it is the crediting.
 */
export function invoiceStatus(invoice: InvoiceStanding, today: IsoDate): InvoiceStatus {
  if (invoice.kind === 'credit_note' || invoice.credited) return 'credited';
  if (invoice.paidCents >= invoice.totalCents) return 'paid';
  if (invoice.dueOn !== null && today > invoice.dueOn) return 'overdue';
  return 'open';
}

/** What is still to be paid on an invoice: nothing once paid or credited. */
export function openCents(invoice: InvoiceStanding): number {
  if (invoice.kind === 'credit_note' || invoice.credited) return 0;
  return Math.max(0, invoice.totalCents - invoice.paidCents);
}

/** `invoice`: paid by transfer against the invoice; `card`: paid by card through Stripe (PAYMENTS=stripe). */
export const paymentMethods = ['invoice', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * A card payment: `awaiting` the checkout, `authorized` (the card is held, nothing taken), `paid` once the firm
 * confirms, `voided` (the hold released), `refunded` in full, `expired` (the checkout was never finished).
 */
export const cardPaymentStatuses = [
  'awaiting',
  'authorized',
  'paid',
  'voided',
  'refunded',
  'expired',
] as const;
export type CardPaymentStatus = (typeof cardPaymentStatuses)[number];

/**
 * Where a booking's payment stands. By invoice: `not_invoiced` until its invoice is issued (at confirmation), then
 * the invoice's. By card: the card payment's.
 */
export const paymentStatuses = [
  'not_invoiced',
  ...invoiceStatuses,
  'awaiting',
  'authorized',
  'voided',
  'refunded',
  'expired',
] as const satisfies readonly ('not_invoiced' | InvoiceStatus | CardPaymentStatus)[];
export type PaymentStatus = (typeof paymentStatuses)[number];

/** A booking's payment as its pages write it. */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  not_invoiced: 'Invoiced when confirmed',
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
  credited: 'Credited',
  awaiting: 'Awaiting card payment',
  authorized: 'Card authorised',
  voided: 'Card released',
  refunded: 'Refunded',
  expired: 'Checkout expired',
};

/** 'INV-2026-0001: Open', or 'Invoiced when confirmed' before the invoice. */
export function paymentText(booking: {
  invoice: { number: string } | null;
  payment: { status: PaymentStatus };
}): string {
  const label = paymentStatusLabels[booking.payment.status];
  return booking.invoice ? `${booking.invoice.number}: ${label}` : label;
}

/** The status filter of the firm's invoices, and each status as a word. */
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
  credited: 'Credited',
};
