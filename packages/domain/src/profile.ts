import { z } from 'zod';
import { accountMessages } from './account-messages.ts';
import { profileFieldLimits, roles } from './accounts.ts';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === '' || value === undefined ? null : value));

const nameField = (label: string) =>
  z
    .string()
    .trim()
    .max(profileFieldLimits.name, `${label} must be at most ${profileFieldLimits.name} characters`)
    .nullish();

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
    phone: optionalText(profileFieldLimits.phone, 'Phone'),
    company: optionalText(profileFieldLimits.company, 'Company'),
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
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;
export type ProfileUpdate = z.output<typeof profileUpdateBodySchema>;

/** The signed-in user with the profile, in both spellings the spec's screens read. */
export const profileUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  /** When the account was created (member since), ISO 8601. */
  created_at: z.string(),
  updated_at: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  email_verified: z.boolean(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;
export const profileResponseSchema = z.object({ user: profileUserSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
