import { z } from 'zod';
import { clientBillingRules } from '../billing/details.ts';
import { linesField } from '../billing/schemas.ts';
import { textField } from '../text/field.ts';
import { accountMessages } from './messages.ts';
import { minPasswordLength, profileFieldLimits } from './rules.ts';

/** The form schemas of the account screens, with their messages (docs/product.md#accounts); the server may reuse them. */

const requiredEmail = (requiredMessage: string) =>
  z
    .string()
    .trim()
    .min(1, { error: requiredMessage })
    .pipe(z.email({ error: accountMessages.emailInvalid }));

/** Register: email, password, confirm password. */
export const registerFormSchema = z
  .object({
    email: requiredEmail(accountMessages.emailRequired),
    password: z
      .string()
      .min(1, { error: accountMessages.passwordRequired })
      .pipe(z.string().min(minPasswordLength, { error: accountMessages.passwordTooShort })),
    confirmPassword: z.string().min(1, { error: accountMessages.confirmPasswordRequired }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: accountMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
    // Only once a confirmation is typed: an empty one already has its own message.
    when: ({ value }) =>
      typeof value === 'object' &&
      value !== null &&
      'confirmPassword' in value &&
      typeof value.confirmPassword === 'string' &&
      value.confirmPassword !== '',
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

/** Login: email, password. */
export const loginFormSchema = z.object({
  email: requiredEmail(accountMessages.emailRequired),
  password: z.string().min(1, { error: accountMessages.passwordRequired }),
});
export type LoginForm = z.input<typeof loginFormSchema>;

/** Forgot password: email. */
export const forgotPasswordFormSchema = z.object({
  email: requiredEmail(accountMessages.forgotEmailRequired),
});
export type ForgotPasswordForm = z.input<typeof forgotPasswordFormSchema>;

/** Reset password: new password and confirm; one message at a time, the first problem first. */
export const resetPasswordFormSchema = z
  .object({ newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((form, context) => {
    if (form.newPassword === '' || form.confirmPassword === '') {
      context.addIssue({
        code: 'custom',
        message: accountMessages.resetFieldsRequired,
        path: [form.newPassword === '' ? 'newPassword' : 'confirmPassword'],
      });
    } else if (form.newPassword !== form.confirmPassword) {
      context.addIssue({
        code: 'custom',
        message: accountMessages.passwordsDoNotMatch,
        path: ['confirmPassword'],
      });
    } else if (form.newPassword.length < minPasswordLength) {
      context.addIssue({
        code: 'custom',
        message: accountMessages.passwordTooShortReset,
        path: ['newPassword'],
      });
    }
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

const requiredName = (label: string) =>
  textField({ label, max: profileFieldLimits.name }).min(1, { error: accountMessages.namesRequired });

const profileFields = {
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  phone: textField({ label: 'Phone', max: profileFieldLimits.phone }),
  company: textField({ label: 'Company', max: profileFieldLimits.company }),
};

/** Complete profile: first name*, last name*, phone, company — sent camelCase. */
export const completeProfileFormSchema = z.object(profileFields);
export type CompleteProfileForm = z.input<typeof completeProfileFormSchema>;

/** Profile page: the same fields and the billing details, sent snake_case. */
export const profileFormSchema = z.object({
  first_name: profileFields.firstName,
  last_name: profileFields.lastName,
  phone: profileFields.phone,
  company: profileFields.company,
  billing_address: linesField(clientBillingRules.billingAddress),
  tax_id: textField(clientBillingRules.taxId),
});
export type ProfileForm = z.input<typeof profileFormSchema>;
