import { z } from 'zod';
import { isoInstantSchema } from '../api/schemas.ts';
import { clientBillingRules } from '../billing/details.ts';
import { linesField } from '../billing/schemas.ts';
import { calendarFeedUrlSchema } from '../calendar/feed-schemas.ts';
import { textField } from '../text/field.ts';
import { accountMessages } from './messages.ts';
import { profileFieldLimits, roles } from './rules.ts';

/** Optional text: empty or missing is stored as null. */
const optionalText = (label: string, max: number) =>
  textField({ label, max })
    .nullish()
    .transform((value) => (value === '' || value === undefined ? null : value));

const nameField = (label: string) => textField({ label, max: profileFieldLimits.name }).nullish();

/** Optional text that may be left out: left out keeps what is stored (undefined), empty or null clears it. */
const keptText = (field: z.ZodType<string, string>) =>
  field.nullish().transform((value) => (value === '' ? null : value));

/**
 * The body of `PUT /api/auth/profile`: snake_case (profile page) or camelCase (complete-profile page). When both
 * spellings are sent, snake_case wins. First and last name are required. The billing details are the profile
 * page's alone: left out (the complete-profile page's body), they keep what is stored.
 */
export const profileUpdateBodySchema = z
  .object({
    first_name: nameField('First name'),
    last_name: nameField('Last name'),
    firstName: nameField('First name'),
    lastName: nameField('Last name'),
    phone: optionalText('Phone', profileFieldLimits.phone),
    company: optionalText('Company', profileFieldLimits.company),
    billing_address: keptText(linesField(clientBillingRules.billingAddress)).describe(
      'Printed under the client on their invoices: several lines; left out keeps it, empty or null clears it',
    ),
    tax_id: keptText(textField(clientBillingRules.taxId)).describe(
      'Printed on their invoices; left out keeps it, empty or null clears it',
    ),
  })
  .transform((body, context) => {
    const firstName = body.first_name || body.firstName || '';
    const lastName = body.last_name || body.lastName || '';
    if (firstName === '' || lastName === '') {
      context.addIssue({ code: 'custom', message: accountMessages.namesRequired, path: [] });
      return z.NEVER;
    }
    return {
      firstName,
      lastName,
      phone: body.phone ?? null,
      company: body.company ?? null,
      billingAddress: body.billing_address,
      taxId: body.tax_id,
    };
  });
export type ProfileUpdate = z.output<typeof profileUpdateBodySchema>;

/** The signed-in user with the profile, in both spellings (snake_case and camelCase) the screens read. */
export const profileUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  /** The client's billing details, copied onto each invoice as it is issued. */
  billing_address: z.string().nullable(),
  tax_id: z.string().nullable(),
  /** When the account was created (member since). */
  created_at: isoInstantSchema,
  updated_at: isoInstantSchema,
  firstName: z.string(),
  lastName: z.string(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
  email_verified: z.boolean(),
  calendar_feed_url: calendarFeedUrlSchema,
});
export type ProfileUser = z.infer<typeof profileUserSchema>;
export const profileResponseSchema = z.object({ user: profileUserSchema });
