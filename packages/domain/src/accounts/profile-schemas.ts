import { z } from 'zod';
import { isoInstantSchema } from '../api/schemas.ts';
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

/**
 * The body of `PUT /api/auth/profile`: snake_case (profile page) or camelCase (complete-profile page). When both
 * spellings are sent, snake_case wins. First and last name are required.
 */
export const profileUpdateBodySchema = z
  .object({
    first_name: nameField('First name'),
    last_name: nameField('Last name'),
    firstName: nameField('First name'),
    lastName: nameField('Last name'),
    phone: optionalText('Phone', profileFieldLimits.phone),
    company: optionalText('Company', profileFieldLimits.company),
  })
  .transform((body, context) => {
    const firstName = body.first_name || body.firstName || '';
    const lastName = body.last_name || body.lastName || '';
    if (firstName === '' || lastName === '') {
      context.addIssue({ code: 'custom', message: accountMessages.namesRequired, path: [] });
      return z.NEVER;
    }
    return { firstName, lastName, phone: body.phone ?? null, company: body.company ?? null };
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
