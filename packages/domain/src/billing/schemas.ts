// The billing API contract (zod): a booking's invoice and payment, the administrators' invoices and payments, and
// the billing details invoices copy.
import { z } from 'zod';
import { idParamsSchema, nextCursorSchema, pageQuerySchema } from '../api/schemas.ts';
import { isIsoDate } from '../schedule/dates.ts';
import { textField } from '../text/field.ts';
import { firmBillingRules, type LinesRule, linesProblem } from './details.ts';
import type { FirmBilling } from './documents.ts';
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

// ——— Billing details (docs/product.md#invoices) ———

/** A text of several lines: the text rule, then at most `rule.lines` lines. */
export function linesField(rule: LinesRule) {
  return textField(rule).superRefine((value, context) => {
    const problem = linesProblem(value, rule);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

/** Any other key is refused by name: a typo must not be dropped silently. */
const unknownBillingKey = z
  .unknown()
  .refine(() => false, { error: (issue) => billingMessages.unknownField(String(issue.path?.at(-1))) });

/** The firm's billing details as a form and the API take them: the legal name required, the rest may be empty. */
export const firmBillingInputSchema = z.object({
  legalName: z
    .string({ error: billingMessages.legalNameRequired })
    .pipe(textField(firmBillingRules.legalName).min(1, billingMessages.legalNameRequired)),
  address: linesField(firmBillingRules.address),
  taxId: textField(firmBillingRules.taxId),
  bankDetails: linesField(firmBillingRules.bankDetails),
  footer: textField(firmBillingRules.footer),
}) satisfies z.ZodType<FirmBilling>;
export type FirmBillingInput = z.input<typeof firmBillingInputSchema>;

/**
 * `PUT /api/admin/settings`: the firm's billing details; a field other than the legal name left out keeps its
 * value.
 */
export const firmSettingsBodySchema = z
  .object({
    billing: firmBillingInputSchema
      .partial({ address: true, taxId: true, bankDetails: true, footer: true })
      .catchall(unknownBillingKey),
  })
  .catchall(unknownBillingKey);
export type FirmSettingsBody = z.infer<typeof firmSettingsBodySchema>;

/** The firm's settings as stored: read back, never judged again (a rule tightened later must not hide them). */
export const firmSettingsResponseSchema = z.object({
  billing: z.object({
    legalName: z.string().describe('The seller on every invoice'),
    address: z.string().describe('Several lines (\\n), or empty'),
    taxId: z.string().describe('Empty when none'),
    bankDetails: z
      .string()
      .describe('Where a transfer goes, printed with the payment instructions: several lines'),
    footer: z.string().describe('The line at the foot of every invoice, or empty'),
  }),
}) satisfies z.ZodType<{ billing: FirmBilling }>;
export type FirmSettingsResponse = z.infer<typeof firmSettingsResponseSchema>;
