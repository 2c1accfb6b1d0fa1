// The API contract of the legal pages and of consents (zod): GET /api/legal, and GET and POST
// /api/account/consents (docs/product.md#privacy-and-cookies).
import { z } from 'zod';
import { isoInstantSchema } from '../api/schemas.ts';
import { paymentModes } from '../terms/rules.ts';
import { consentMessages, consentTexts } from './consents.ts';
import { type LegalDocument, legalDocuments, legalVersions } from './documents.ts';
import type { LegalSettings } from './legal-settings.ts';

const versionsSchema = z
  .object({
    terms: z.string().describe('The Terms of Service in force: the date of its version (YYYY-MM-DD)'),
    privacy: z.string().describe('The Privacy Policy in force: the date of its version (YYYY-MM-DD)'),
  })
  .describe('The version in force of each document');

/** GET /api/legal: everything the Privacy Policy and Cookie Policy are written from. */
export const legalResponseSchema = z.object({
  firm: z
    .object({
      name: z.string().describe("The firm's legal name (/admin/settings)"),
      address: z.string().describe("The firm's address, one or more lines; empty until it is saved"),
      email: z
        .string()
        .nullable()
        .describe("The firm's own address (REPLY_TO, else the first FIRM_EMAIL); null when it has none"),
      tax_id: z.string().describe("The firm's tax id; empty until it is saved"),
    })
    .describe('Who runs the portal and decides what is done with the data in it'),
  versions: versionsSchema,
  retention: z
    .object({
      unverified_account_days: z.number().int().describe('An account never verified is deleted after this'),
      session_days: z.number().int().describe('A session ends this long after its last use'),
      session_max_days: z.number().int().describe('and never later than this after its sign-in'),
      sent_mail_days: z.number().int().describe('Sent email is deleted after this'),
      undelivered_mail_days: z.number().int().describe('Undelivered email is deleted after this'),
      contact_message_days: z.number().int().describe('Contact-form messages are deleted after this'),
      counter_hours: z.number().int().describe('Request and failed sign-in counts are deleted after this'),
    })
    .describe('How long each kind of record is kept: the periods housekeeping applies'),
  payments: z.enum(paymentModes).describe('PAYMENTS: invoice or stripe'),
  processors: z
    .array(
      z.object({
        name: z.string(),
        purpose: z.string(),
        data: z.string().describe('What it receives'),
      }),
    )
    .describe(
      'Who else handles personal data for the firm: its email provider (SMTP_URL), Stripe (PAYMENTS=stripe)',
    ),
  cookies: z
    .array(
      z.object({
        name: z.string().describe('Exactly as the server sets it'),
        purpose: z.string(),
        lifetime: z.string(),
        when: z.string().describe('When it is set'),
        http_only: z.boolean().describe('Out of reach of scripts'),
      }),
    )
    .describe('Every cookie the server sets, and only those'),
}) satisfies z.ZodType<LegalSettings>;
export type LegalResponse = z.infer<typeof legalResponseSchema>;

/** One version of a document an account accepted. */
export const consentSchema = z.object({
  document: z.enum(legalDocuments),
  version: z.string(),
  accepted_at: isoInstantSchema,
});
export type Consent = z.infer<typeof consentSchema>;

/** GET and POST /api/account/consents. */
export const consentsResponseSchema = z.object({
  current: versionsSchema,
  accepted: z.array(consentSchema).describe('Every version the caller accepted, oldest first'),
  pending: z
    .array(z.enum(legalDocuments))
    .describe('The documents whose version in force the caller has not accepted'),
});
export type ConsentsResponse = z.infer<typeof consentsResponseSchema>;

function currentVersion(document: LegalDocument) {
  return z
    .string({ error: consentMessages.notCurrent(document) })
    .refine((version) => version === legalVersions[document], { error: consentMessages.notCurrent(document) })
    .optional()
    .describe(`The version of the document accepted: only the one in force (${legalVersions[document]})`);
}

/** POST /api/account/consents: the versions in force the caller accepts, one document or both. */
export const consentsBodySchema = z
  .object({ terms: currentVersion('terms'), privacy: currentVersion('privacy') })
  .refine((body) => body.terms !== undefined || body.privacy !== undefined, {
    error: consentMessages.nothingToAccept,
  });
export type ConsentsBody = z.infer<typeof consentsBodySchema>;

/**
 * The registration form's box (the web app's, not the sign-up body's: an API sign-up accepts the versions in force
 * as the Terms say). Composed with the register form's schema in the web app.
 */
export const legalAcceptanceSchema = z.object({
  acceptLegal: z.boolean().refine((accepted) => accepted, { error: consentTexts.required }),
});
export type LegalAcceptance = z.input<typeof legalAcceptanceSchema>;
