// The Terms' settings in the API contract (zod): the public schedule answer carries them (GET /api/schedule).
import { z } from 'zod';
import { type PaymentTerms, paymentModes } from './rules.ts';

/** How bookings are paid, as the server is configured (PAYMENTS and the variables beside it). */
export const paymentTermsSchema = z
  .object({
    mode: z
      .enum(paymentModes)
      .describe(
        'PAYMENTS: invoice (an invoice issued at confirmation, paid by bank transfer) or stripe (a card authorised at booking, charged at confirmation)',
      ),
    currency: z.string().describe("CURRENCY: ISO 4217, lower case ('usd'), the one every price is in"),
    tax_rate_percent: z
      .number()
      .min(0)
      .describe('TAX_RATE_PERCENT: the tax added to every invoice, in percent (8.875); 0: no tax'),
    invoice_due_days: z
      .number()
      .int()
      .min(0)
      .describe("INVOICE_DUE_DAYS: days from an invoice's date to its due date"),
    checkout_expiry_minutes: z
      .number()
      .int()
      .positive()
      .nullable()
      .describe(
        'CHECKOUT_EXPIRY_MINUTES: with stripe, the minutes a client has to finish the card payment before the booking is cancelled; null with invoice',
      ),
  })
  .describe(
    'How bookings are paid and refunded, as the Terms of Service state it',
  ) satisfies z.ZodType<PaymentTerms>;
