// Two-factor sign-in's forms and the answers of the accounts library's two-factor endpoints the web app reads
// (docs/product.md#two-factor-sign-in).
import { z } from 'zod';
import { accountMessages } from './messages.ts';
import { twoFactorCodeDigits, twoFactorMessages } from './two-factor.ts';

/** The password asked again before the second factor is set up, turned off or given new recovery codes. */
export const twoFactorPasswordFormSchema = z.object({
  password: z.string().min(1, { error: accountMessages.passwordRequired }),
});
export type TwoFactorPasswordForm = z.input<typeof twoFactorPasswordFormSchema>;

/** An authenticator app's code: 6 digits (spaces, as some apps show it, left out). */
export const totpCodeSchema = z
  .string()
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: twoFactorMessages.codeRequired })
      .regex(new RegExp(`^\\d{${twoFactorCodeDigits}}$`), { error: twoFactorMessages.codeFormat }),
  );
export const totpCodeFormSchema = z.object({ code: totpCodeSchema });
export type TotpCodeForm = z.input<typeof totpCodeFormSchema>;
export type TotpCode = z.output<typeof totpCodeFormSchema>;

/** A recovery code as it was handed out (`xxxxx-xxxxx`); spaces around it left out. */
export const recoveryCodeFormSchema = z.object({
  code: z.string().trim().min(1, { error: twoFactorMessages.recoveryCodeRequired }).max(64),
});
export type RecoveryCodeForm = z.input<typeof recoveryCodeFormSchema>;
export type RecoveryCode = z.output<typeof recoveryCodeFormSchema>;

/** POST two-factor/enable → the authenticator app's URI (its secret inside) and the recovery codes, shown once. */
export const twoFactorEnableAnswerSchema = z.object({
  totpURI: z.string().startsWith('otpauth://'),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnableAnswer = z.infer<typeof twoFactorEnableAnswerSchema>;

/** POST two-factor/generate-backup-codes → new recovery codes; the old ones no longer work. */
export const recoveryCodesAnswerSchema = z.object({ backupCodes: z.array(z.string()) });
