// The billing API contract (zod): a booking's invoice and payment, the administrators' invoices and payments.
import { z } from 'zod';
import { idParamsSchema, nextCursorSchema, pageQuerySchema } from '../api/schemas.ts';
import { isIsoDate } from '../schedule/dates.ts';
import { textField } from '../text/field.ts';
import { invoiceKinds, invoiceStatuses, paymentMethods, paymentStatuses } from './invoices.ts';
import { billingMessages } from './messages.ts';

const currencySchema = z.string().describe("ISO 4217, lower case ('usd')");

/** The invoice of a booking, as every booking answer carries it (null before the firm confirms). */
export const bookingInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string().describe('INV-{year}-{0001}'),
  status: z.enum(invoiceStatuses),
  total_cents: z.number().int(),
  currency: currencySchema,
});
export type BookingInvoice = z.infer<typeof bookingInvoiceSchema>;

export const bookingPaymentSchema = z.object({
  method: z.enum(paymentMethods),
  status: z.enum(paymentStatuses),
  amount_cents: z
    .number()
    .int()
    .describe('The price snapshot in cents: rate × duration, rounded to the cent'),
  currency: currencySchema,
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

/** One line of the administrators' list of invoices and credit notes. */
export const adminInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(invoiceKinds),
  booking_id: z.number().int(),
  client: z.object({ name: z.string(), email: z.string() }),
  total_cents: z.number().int().describe('Negative on a credit note'),
  currency: currencySchema,
  issued_on: z.string(),
  due_on: z.string().nullable().describe('null on a credit note'),
  status: z.enum(invoiceStatuses),
  paid_cents: z.number().int(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

/** `POST /api/admin/invoices/{id}/payments`: a bank transfer received. */
export const recordPaymentBodySchema = z.object({
  amountCents: z
    .number({ error: billingMessages.amountInvalid })
    .int(billingMessages.amountInvalid)
    .positive(billingMessages.amountInvalid)
    .max(2_147_483_647, billingMessages.amountInvalid),
  paidOn: z
    .string({ error: billingMessages.paidOnInvalid })
    .refine(isIsoDate, billingMessages.paidOnInvalid)
    .describe('The day the money arrived, YYYY-MM-DD'),
  reference: textField({ label: 'Reference', max: 200 }).min(1, billingMessages.referenceRequired),
});
export type RecordPaymentBody = z.infer<typeof recordPaymentBodySchema>;

/** `GET /api/admin/invoices`: newest first, by status if asked, paged by an opaque cursor. */
export const adminInvoicesQuerySchema = pageQuerySchema(50, 100, 'Invoices and credit notes').extend({
  status: z
    .enum(invoiceStatuses, { error: `Status must be one of ${invoiceStatuses.join(', ')}` })
    .optional()
    .describe('Only those with this status (as of today in the business time zone)'),
});
export type AdminInvoicesQuery = z.infer<typeof adminInvoicesQuerySchema>;

export const adminInvoicesResponseSchema = z.object({
  invoices: z.array(adminInvoiceSchema),
  nextCursor: nextCursorSchema,
});
export type AdminInvoicesResponse = z.infer<typeof adminInvoicesResponseSchema>;

export const adminInvoiceResponseSchema = z.object({ invoice: adminInvoiceSchema });

export const invoiceIdParamsSchema = idParamsSchema('Invoice');

/** `GET /api/admin/invoices/export`: the invoices and credit notes issued from `from` to `to` (both included). */
export const invoiceExportQuerySchema = z
  .object({
    from: z
      .string()
      .refine(isIsoDate, billingMessages.periodInvalid)
      .describe('First issue date, YYYY-MM-DD'),
    to: z.string().refine(isIsoDate, billingMessages.periodInvalid).describe('Last issue date, YYYY-MM-DD'),
  })
  .refine((period) => period.from <= period.to, { message: billingMessages.periodOutOfOrder, path: ['to'] });
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuerySchema>;
