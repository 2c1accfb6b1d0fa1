// The client's letter about an invoice not paid by its due date: sent once, with the invoice attached.
import { billingTexts, type InvoiceDocument, longDate, moneyText } from '@portal/domain';
import { type BookingMailOptions, myBookingsUrl } from './booking-calendar.ts';
import { compose, type MailMessage } from './letter.ts';

export function invoiceOverdueEmail(
  invoice: InvoiceDocument,
  options: BookingMailOptions,
  open: number,
): MailMessage {
  const total = moneyText(invoice.totalCents, invoice.currency);
  const due = invoice.dueOn ? longDate(invoice.dueOn) : '';
  return compose({
    to: invoice.buyer.email,
    name: invoice.buyer.name,
    subject: `Invoice ${invoice.number} is overdue — ${invoice.reference}`,
    intro: [
      `Our invoice ${invoice.number} for ${total} was due on ${due}, and ${moneyText(open, invoice.currency)} of it is still open. If you have paid it in the last few days, thank you: please ignore this reminder.`,
    ],
    details: [
      ['Invoice', invoice.number],
      ['Issued', longDate(invoice.issuedOn)],
      ['Due', due],
      ['Still open', moneyText(open, invoice.currency)],
      ['Reference', invoice.reference],
    ],
    action: { label: 'View My Bookings', url: myBookingsUrl(options.appUrl) },
    outro: [`The invoice is attached (${invoice.number}.pdf).`, ...billingTexts(invoice).instructions],
  });
}
