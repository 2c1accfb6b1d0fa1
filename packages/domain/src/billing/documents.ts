// What an invoice or credit note says, as the PDF and the e-mail print it (docs/product.md#invoices).
import { type IsoDate, zonedDate } from '../schedule/dates.ts';
import { duration, longDate, timeRange } from '../text/format.ts';
import { moneyText, rateText, type TaxRate } from './amounts.ts';
import type { InvoiceKind } from './invoices.ts';

/** The firm's billing details (/admin/settings), copied onto each invoice at issue. */
export interface FirmBilling {
  legalName: string;
  /** Several lines. */
  address: string;
  taxId: string;
  /** Where a transfer goes (bank, account, routing): several lines. */
  bankDetails: string;
  /** A line at the foot of every invoice (registration, terms). */
  footer: string;
}

/** The client as billed, copied at issue: later profile edits never change an issued invoice. */
export interface InvoiceBuyer {
  name: string;
  email: string;
  company: string | null;
  address: string | null;
  taxId: string | null;
}

/** The one line of an invoice: the consultation. */
export interface InvoiceLine {
  serviceName: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  durationMinutes: number;
  /** Whole units of the currency per hour, as booked. */
  hourlyRate: number;
}

/** An invoice or credit note as stored, with the number of the invoice a credit note credits. */
export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  issuedOn: IsoDate;
  dueOn: IsoDate | null;
  currency: string;
  seller: FirmBilling;
  buyer: InvoiceBuyer;
  line: InvoiceLine;
  subtotalCents: number;
  taxRate: TaxRate;
  taxCents: number;
  totalCents: number;
  /** The booking's confirmation code: the transfer's reference. */
  reference: string;
  creditsNumber: string | null;
}

/** 'Cloud Architecture Review: Monday, January 7, 2030, 9 AM - 10 AM MST (60 min at $150/hour)'. */
export function invoiceLineText(line: InvoiceLine, currency: string): string {
  const day = longDate(zonedDate(new Date(line.startsAt), line.timeZone));
  const time = timeRange(line.startsAt, line.endsAt, line.timeZone);
  return `${line.serviceName}: ${day}, ${time} (${duration(line.durationMinutes)} at ${rateText(line.hourlyRate, currency)})`;
}

function lines(text: string | null): string[] {
  return (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The texts of the document, top to bottom. */
export function billingTexts(invoice: InvoiceDocument) {
  const credit = invoice.kind === 'credit_note';
  const title = `${credit ? 'Credit note' : 'Invoice'} ${invoice.number}`;
  const total = moneyText(invoice.totalCents, invoice.currency);
  return {
    title,
    heading: credit ? 'Credit note' : 'Invoice',
    facts: [
      `Number: ${invoice.number}`,
      `Issued: ${longDate(invoice.issuedOn)}`,
      ...(invoice.dueOn ? [`Due: ${longDate(invoice.dueOn)}`] : []),
      ...(invoice.creditsNumber ? [`Credits invoice ${invoice.creditsNumber}`] : []),
      `Reference: ${invoice.reference}`,
    ],
    seller: [
      invoice.seller.legalName,
      ...lines(invoice.seller.address),
      ...(invoice.seller.taxId ? [`Tax ID: ${invoice.seller.taxId}`] : []),
    ],
    buyer: [
      invoice.buyer.name,
      ...(invoice.buyer.company ? [invoice.buyer.company] : []),
      ...lines(invoice.buyer.address),
      ...(invoice.buyer.taxId ? [`Tax ID: ${invoice.buyer.taxId}`] : []),
      invoice.buyer.email,
    ],
    instructions: credit
      ? [`This credit note cancels invoice ${invoice.creditsNumber ?? ''} in full (${total}).`]
      : [
          `Please pay ${total} by ${invoice.dueOn ? longDate(invoice.dueOn) : 'the due date'} by bank transfer, with the reference ${invoice.reference}.`,
          ...(invoice.seller.bankDetails ? [invoice.seller.bankDetails] : []),
        ],
  };
}
