// The API contract of "Download my data" (zod): the request, and the document itself, everything the portal holds
// about the caller (docs/product.md#your-data, docs/decisions/054). Never a secret, a hash or a token.
import { z } from 'zod';
import { accountMessages } from '../accounts/messages.ts';
import { maxPasswordLength } from '../accounts/rules.ts';
import { isoInstantSchema } from '../api/schemas.ts';
import { cardPaymentStatuses, invoiceKinds } from '../billing/invoices.ts';
import { contactOptions, urgencyOptions } from '../bookings/details.ts';
import { bookingEventActors, bookingEventTypes, bookingStatuses } from '../bookings/statuses.ts';
import { questionTypes } from '../catalogue/questions.ts';
import { dataExportFormats, dataExportFormatVersion, dataExportTexts } from './data-export.ts';
import { dataRequestActors, dataRequestKinds, legalDocuments } from './documents.ts';

/** `POST /api/account/export`: the account's password, asked again. */
export const dataExportBodySchema = z.object({
  password: z
    .string({ error: accountMessages.passwordRequired })
    .min(1, { error: accountMessages.passwordRequired })
    .max(maxPasswordLength, { error: accountMessages.passwordTooLong })
    .describe('The account’s password, asked again: a wrong one counts toward the failed sign-in lock'),
});
export type DataExportBody = z.infer<typeof dataExportBodySchema>;

/** The Profile's form: the password, and which file to download. */
export const dataExportFormSchema = dataExportBodySchema.extend({ format: z.enum(dataExportFormats) });
export type DataExportForm = z.infer<typeof dataExportFormSchema>;

/** `?format=`: json (the default) or zip. */
export const dataExportQuerySchema = z.object({
  format: z
    .string()
    .optional()
    .refine((value) => value === undefined || (dataExportFormats as readonly string[]).includes(value), {
      error: (issue) => dataExportTexts.formatUnknown(String(issue.input)),
    })
    .describe(`${dataExportFormats.join(' or ')}; json when absent`),
});

const day = z.string().describe('YYYY-MM-DD');
const cents = z.number().int();

/** The firm as an invoice names it, as issued. */
const invoiceSellerSchema = z.object({
  legal_name: z.string(),
  address: z.string(),
  tax_id: z.string(),
  bank_details: z.string(),
  footer: z.string(),
});

/** The client as an invoice names them, copied when it was issued. */
const invoiceBuyerSchema = z.object({
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  tax_id: z.string().nullable(),
});

const invoiceLineSchema = z.object({
  service_name: z.string(),
  starts_at: isoInstantSchema,
  ends_at: isoInstantSchema,
  time_zone: z.string(),
  duration_minutes: z.number().int(),
  hourly_rate: z.number().int().describe('Whole units of the currency per hour, as booked'),
});

export const exportedInvoiceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(invoiceKinds),
  number: z.string(),
  credits_number: z.string().nullable().describe('A credit note: the number of the invoice it credits'),
  issued_on: day,
  due_on: day.nullable(),
  currency: z.string(),
  seller: invoiceSellerSchema,
  buyer: invoiceBuyerSchema,
  line: invoiceLineSchema,
  subtotal_cents: cents,
  tax_rate: z.number().int().describe('Thousandths of a percent (8875: 8.875%)'),
  tax_cents: cents,
  total_cents: cents.describe('Negative on a credit note'),
  reference: z.string(),
  payments: z
    .array(
      z.object({ amount_cents: cents, paid_on: day, reference: z.string(), recorded_at: isoInstantSchema }),
    )
    .describe('Bank transfers the firm recorded against it'),
});

export const exportedBookingSchema = z.object({
  id: z.number().int(),
  confirmation_code: z.string(),
  service: z.object({ id: z.number().int(), name: z.string() }),
  consultant: z.object({ name: z.string() }),
  status: z.enum(bookingStatuses),
  starts_at: isoInstantSchema,
  ends_at: isoInstantSchema,
  duration_minutes: z.number().int(),
  hourly_rate: z.number().int(),
  total_cost: z.number().int(),
  amount_cents: cents,
  currency: z.string(),
  project_description: z.string(),
  urgency: z.enum(urgencyOptions),
  preferred_contact: z.enum(contactOptions),
  additional_notes: z.string().nullable(),
  brief: z.array(
    z.object({
      question: z.object({ id: z.string(), label: z.string(), type: z.enum(questionTypes) }),
      answer: z.union([z.string(), z.array(z.string()), z.boolean()]).nullable(),
    }),
  ),
  meeting_url: z.string(),
  location: z.string().nullable(),
  summary: z.string().nullable(),
  booked_from_address: z
    .string()
    .nullable()
    .describe('The network address it was booked from, kept only while it is pending and ahead'),
  created_at: isoInstantSchema,
  updated_at: isoInstantSchema,
  history: z.array(
    z.object({
      type: z.enum(bookingEventTypes),
      actor: z.enum(bookingEventActors),
      by_you: z.boolean(),
      from_status: z.enum(bookingStatuses).nullable(),
      to_status: z.enum(bookingStatuses),
      from_starts_at: isoInstantSchema.nullable(),
      to_starts_at: isoInstantSchema.nullable(),
      from_consultant_name: z.string().nullable(),
      to_consultant_name: z.string().nullable(),
      at: isoInstantSchema,
    }),
  ),
  messages: z
    .array(
      z.object({
        id: z.number().int(),
        side: z.enum(['client', 'firm']),
        by_you: z.boolean(),
        body: z.string(),
        created_at: isoInstantSchema,
      }),
    )
    .describe('The booking’s conversation, both sides, oldest first'),
  files: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        content_type: z.string(),
        size: z.number().int().describe('Bytes'),
        uploaded_by: z.enum(['you', 'firm']),
        created_at: isoInstantSchema,
        archive_path: z.string().describe('Where the zip export holds its bytes'),
      }),
    )
    .describe('The booking’s documents, without their bytes (the zip export holds those)'),
  review: z
    .object({
      rating: z.number().int(),
      comment: z.string().nullable(),
      hidden: z.boolean().describe('Hidden from the public pages by the firm'),
      created_at: isoInstantSchema,
      updated_at: isoInstantSchema,
    })
    .nullable(),
  invoices: z.array(exportedInvoiceSchema).describe('Its invoices and credit notes, as issued'),
  card_payment: z
    .object({ status: z.enum(cardPaymentStatuses), updated_at: isoInstantSchema })
    .nullable()
    .describe('A booking paid by card: where the payment stands'),
});
export type ExportedBooking = z.infer<typeof exportedBookingSchema>;

/** The whole document: `POST /api/account/export`'s JSON, and data.json in its zip. */
export const dataExportSchema = z.object({
  format_version: z.literal(dataExportFormatVersion),
  exported_at: isoInstantSchema,
  account: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    email_verified: z.boolean(),
    two_factor_enabled: z.boolean(),
    created_at: isoInstantSchema,
    updated_at: isoInstantSchema,
  }),
  profile: z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      phone: z.string().nullable(),
      company: z.string().nullable(),
      billing_address: z.string().nullable(),
      tax_id: z.string().nullable(),
      created_at: isoInstantSchema,
      updated_at: isoInstantSchema,
    })
    .nullable()
    .describe('null until the profile is completed'),
  consultant: z
    .object({
      name: z.string(),
      email: z.string(),
      title: z.string(),
      bio: z.string(),
      active: z.boolean(),
      created_at: isoInstantSchema,
    })
    .nullable()
    .describe('The consultant record the account is linked to, if any'),
  bookings: z.array(exportedBookingSchema).describe('The caller’s own bookings, newest first'),
  sessions: z.array(
    z.object({
      id: z.string(),
      user_agent: z.string().nullable(),
      ip_address: z.string().nullable(),
      created_at: isoInstantSchema,
      last_seen_at: isoInstantSchema,
      expires_at: isoInstantSchema,
    }),
  ),
  consents: z.array(
    z.object({ document: z.enum(legalDocuments), version: z.string(), accepted_at: isoInstantSchema }),
  ),
  data_requests: z
    .array(
      z.object({ kind: z.enum(dataRequestKinds), actor: z.enum(dataRequestActors), at: isoInstantSchema }),
    )
    .describe('Every export and erasure of this account’s data, this one included'),
  calendar_feed: z
    .object({ created_at: isoInstantSchema, resets: z.number().int() })
    .nullable()
    .describe('Whether the private calendar link exists (never its token)'),
  contact_messages: z
    .array(
      z.object({
        name: z.string(),
        email: z.string(),
        subject: z.string(),
        message: z.string(),
        answered_at: isoInstantSchema.nullable(),
        created_at: isoInstantSchema,
      }),
    )
    .describe('Messages sent with the contact form from this email address'),
  emails: z
    .array(
      z.object({
        to: z.string(),
        subject: z.string(),
        text: z
          .string()
          .nullable()
          .describe(
            'null for a letter that carried a one-time link, and for every letter to an administrator or consultant (they quote clients)',
          ),
        status: z.enum(['pending', 'sending', 'sent', 'dead']),
        created_at: isoInstantSchema,
        sent_at: isoInstantSchema.nullable(),
      }),
    )
    .describe('The emails the portal sent this address that the outbox still holds'),
});
export type DataExport = z.infer<typeof dataExportSchema>;
