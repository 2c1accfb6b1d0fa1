// Two-factor sign-in: an authenticator app (TOTP) and one-time recovery codes, for anyone, and required of the
// firm's accounts when the portal says so (docs/product.md#two-factor-sign-in, docs/decisions/053).
import { productName, type Role } from './rules.ts';

/**
 * ADMIN_TWO_FACTOR: `required` (the default in production) sends an administrator or consultant without a second
 * factor to set one up, and refuses the firm's API to them until they have; `optional` leaves it to each account.
 */
export const adminTwoFactorModes = ['required', 'optional'] as const;
export type AdminTwoFactorMode = (typeof adminTwoFactorModes)[number];

/** The roles whose accounts ADMIN_TWO_FACTOR=required applies to: those that reach other people's data. */
export const twoFactorRequiredRoles: readonly Role[] = ['admin', 'consultant'];

/** Whether the firm requires a second factor of an account of this role under this mode. */
export function twoFactorRequiredFor(role: Role, mode: AdminTwoFactorMode): boolean {
  return mode === 'required' && twoFactorRequiredRoles.includes(role);
}

/** Digits of an authenticator app's code (30-second steps). */
export const twoFactorCodeDigits = 6;
/** Recovery codes handed out at a time, each `xxxxx-xxxxx` and good once. */
export const recoveryCodeCount = 10;
/** How long the second step of a sign-in waits for its code (the short `portal.two_factor` cookie). */
export const twoFactorSignInMinutes = 10;

/** The codes better-auth's two-factor plugin answers with, which the web app switches on. */
export const twoFactorErrorCodes = {
  invalidCode: 'INVALID_CODE',
  invalidRecoveryCode: 'INVALID_BACKUP_CODE',
  /** The sign-in's second step has expired, was used, or never began: log in again. */
  signInExpired: 'INVALID_TWO_FACTOR_COOKIE',
  /** Five wrong codes in one sign-in: log in again. */
  tooManyAttempts: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  /** Ten wrong codes in a row, across sign-ins: locked for 15 minutes. */
  locked: 'ACCOUNT_TEMPORARILY_LOCKED',
  alreadyOn: 'TOTP_ALREADY_ENABLED',
  notSetUp: 'TOTP_NOT_ENABLED',
  notOn: 'TWO_FACTOR_NOT_ENABLED',
} as const;

/** The texts of two-factor sign-in, for both sides. */
export const twoFactorMessages = {
  /** The profile's section of the account's security: two-factor sign-in, the sessions. */
  securityHeading: 'Security',
  heading: 'Two-Factor Sign-In',
  explanation:
    'Log in with a code from an authenticator app as well as your password, so that a stolen password alone cannot open your account.',
  on: 'On: logging in asks for a code from your authenticator app.',
  off: 'Off: logging in asks for your password only.',
  /** The 403 of the firm's API, and the profile's notice, while the firm requires a second factor of the account. */
  required:
    "The firm requires two-factor sign-in for administrators and consultants. Set it up below to open the firm's pages.",
  requiredRefusal: 'The firm requires two-factor sign-in for this account. Set it up in your profile first.',
  requiredKept:
    "The firm requires two-factor sign-in for your account: turning it off closes the firm's pages to you until you set it up again.",
  turnOn: 'Set Up Two-Factor Sign-In',
  turnOff: 'Turn Off',
  newRecoveryCodes: 'New Recovery Codes',
  passwordToContinue: 'Enter your password to continue.',
  scanStep: 'Scan this QR code with your authenticator app, or enter the key below by hand.',
  qrCodeLabel: 'QR code to add this account to an authenticator app',
  secretLabel: 'Key for manual entry',
  recoveryCodesStep:
    'Keep these recovery codes somewhere safe. Each one logs you in once if you lose your phone; they are shown only now.',
  recoveryCodesHeading: 'Recovery Codes',
  copyCodes: 'Copy Codes',
  downloadCodes: 'Download Codes',
  codesCopied: 'Recovery codes copied.',
  copyFailed: 'Could not copy: select the codes and copy them yourself.',
  confirmStep: 'Enter the 6-digit code your app shows now to finish.',
  codeLabel: 'Authentication code',
  recoveryCodeLabel: 'Recovery code',
  confirm: 'Turn On',
  confirming: 'Checking...',
  continue: 'Continue',
  cancel: 'Cancel',
  enabled: 'Two-factor sign-in is on.',
  disabled: 'Two-factor sign-in is off.',
  newCodesMade: 'New recovery codes made: the old ones no longer work.',
  signInLead: 'Enter the 6-digit code from your authenticator app.',
  signInRecoveryLead: 'Enter one of your recovery codes. Each one works once.',
  verify: 'Verify',
  verifying: 'Verifying...',
  useRecoveryCode: 'Use a recovery code instead',
  useAppCode: 'Use a code from your app instead',
  backToLogin: 'Back to Log In',
  codeRequired: 'Enter the 6-digit code from your app',
  codeFormat: 'The code is 6 digits',
  recoveryCodeRequired: 'Enter a recovery code',
  invalidCode: 'That code is not right. Check the code in your authenticator app and try again.',
  invalidRecoveryCode: 'That recovery code is not right, or it has been used already.',
  signInExpired: 'Your sign-in has expired. Please log in again.',
  tooManyAttempts: 'Too many wrong codes. Please log in again.',
  locked: 'Too many wrong codes for this account. Please wait 15 minutes and try again.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notSetUp: 'Two-factor sign-in is not set up for this account.',
  failed: 'Two-factor sign-in could not be changed. Please try again.',
} as const;

/** The recovery codes as a text file to keep: one a line, with what they are for. */
export function recoveryCodesFile(codes: readonly string[], email: string): string {
  return [
    `${productName}: recovery codes for ${email}`,
    'Each code logs you in once, instead of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The key of an authenticator app's `otpauth://` URI (its `secret`), for entering it by hand; undefined if none. */
export function totpSecretOf(totpUri: string): string | undefined {
  if (!URL.canParse(totpUri)) return undefined;
  return new URL(totpUri).searchParams.get('secret') ?? undefined;
}
