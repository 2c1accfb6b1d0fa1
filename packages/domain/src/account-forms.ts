import { z } from 'zod';
import { accountMessages } from './account-messages.ts';
import { minPasswordLength, profileFieldLimits } from './accounts.ts';

/** The form schemas of the account screens, with the spec's messages (§5); the server may reuse them. */

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
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof value.confirmPassword === 'string' && value.confirmPassword !== '';
    },
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

/** Reset password: new password and confirm; one message at a time, in the spec's order. */
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

const optionalField = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });

const requiredName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { error: accountMessages.namesRequired })
    .max(profileFieldLimits.name, {
      error: `${label} must be at most ${profileFieldLimits.name} characters`,
    });

/** Complete profile: first name*, last name*, phone, company — sent camelCase. */
export const completeProfileFormSchema = z.object({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  phone: optionalField('Phone', profileFieldLimits.phone),
  company: optionalField('Company', profileFieldLimits.company),
});
export type CompleteProfileForm = z.input<typeof completeProfileFormSchema>;

/** Profile page: the same fields, sent snake_case. */
export const profileFormSchema = z.object({
  first_name: requiredName('First name'),
  last_name: requiredName('Last name'),
  phone: optionalField('Phone', profileFieldLimits.phone),
  company: optionalField('Company', profileFieldLimits.company),
});
export type ProfileForm = z.input<typeof profileFormSchema>;
