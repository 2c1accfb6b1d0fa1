// Texts of invoices, credit notes and payments.
import { moneyText } from './amounts.ts';

export const billingMessages = {
  invoiceNotFound: 'Invoice not found',
  cursorInvalid: 'This page of invoices no longer exists: start again from the first page',
  paymentOnCreditNote: 'Payments are recorded against an invoice, not a credit note',
  /** GET /api/bookings/{id}/invoice.pdf before the booking is confirmed. */
  noInvoiceYet: 'This booking has no invoice yet: it is issued when the firm confirms the booking',
  noCreditNote: 'This booking has no credit note: one is issued when an invoiced booking is cancelled',
  amountInvalid: 'Amount must be a whole number of cents above 0',
  amountAboveOpen: (open: number, currency: string) =>
    `The amount is more than what is still open on this invoice (${moneyText(open, currency)})`,
  nothingOpen: (status: string) => `Nothing is open on this invoice: it is ${status}`,
  periodInvalid: 'The period is two dates, YYYY-MM-DD',
  periodOutOfOrder: 'The period ends before it starts',
  paidOnInvalid: 'Paid on must be a date (YYYY-MM-DD)',
  paidOnInFuture: 'Paid on cannot be in the future',
  referenceRequired: 'Reference is required (the bank transfer’s reference)',
  legalNameRequired: 'Legal name is required: it is the seller on every invoice',
  unknownField: (field: string) => `Unknown field: ${field}`,
  /** The firm confirms a card booking whose checkout the client has not finished. */
  cardNotAuthorized:
    'The client has not authorised the card payment yet: confirm once the checkout is finished',
  /** The firm confirms again a card booking whose payment was released or refunded. */
  cardReleased: 'This booking’s card payment was released or refunded: the client needs to book again',
  /** Stripe did not answer (or refused for a reason of its own): the change did not happen. */
  cardServiceUnavailable:
    'The card payment service could not be reached, so nothing was changed. Please try again in a moment.',
  cardServiceRefused: 'The card payment service refused this change, so nothing was changed.',
  webhookSignatureInvalid: 'The Stripe-Signature header is missing or does not match this body',
  webhookBodyInvalid: 'The webhook body is not a Stripe event',
} as const;
