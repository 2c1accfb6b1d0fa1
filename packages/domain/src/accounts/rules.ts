import type { TextRule } from '../text/rule.ts';

/** The company behind the portal, as e-mails and the accounts library name it. */
export const productName = 'OT Consulting';

/** Shortest password allowed (docs/product.md#limits). */
export const minPasswordLength = 6;
/** Longest password accepted (bounded so that hashing stays cheap). */
export const maxPasswordLength = 128;

/**
 * Roles of an account: `client` by default, `admin` for administrators, `consultant` for the account a consultant's
 * record is linked to by its email (docs/decisions/048): their own bookings, nothing else of the firm's.
 */
export const roles = ['client', 'admin', 'consultant'] as const;
export type Role = (typeof roles)[number];
export const defaultRole: Role = 'client';
export const roleLabels: Record<Role, string> = {
  client: 'Client',
  admin: 'Admin',
  consultant: 'Consultant',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/**
 * Error codes the accounts library (`/api/identity/*`) answers with, next to `message`. better-auth's own codes
 * plus ours; the web app may switch on them.
 */
/**
 * Ours: the password asked again (export, erasure) is wrong; a 401 that does not mean "signed out". Its own constant
 * (as the next) so that the web app's first load takes it without the whole list below.
 */
export const invalidPasswordCode = 'INVALID_PASSWORD';
/** Ours: an administrator or consultant must set up a second factor first (ADMIN_TWO_FACTOR=required). */
export const twoFactorRequiredCode = 'TWO_FACTOR_REQUIRED';

export const accountErrorCodes = {
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  invalidCredentials: 'INVALID_EMAIL_OR_PASSWORD',
  invalidToken: 'INVALID_TOKEN',
  passwordTooShort: 'PASSWORD_TOO_SHORT',
  passwordTooLong: 'PASSWORD_TOO_LONG',
  passwordTooCommon: 'PASSWORD_TOO_COMMON',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  tooManyFailedSignIns: 'TOO_MANY_FAILED_SIGN_INS',
  invalidPassword: invalidPasswordCode,
  twoFactorRequired: twoFactorRequiredCode,
} as const;

/** Longest profile values accepted. */
export const profileFieldLimits = { name: 100, phone: 30, company: 200 } as const;

/** Longest e-mail address accepted (the longest a mail server must take, RFC 5321). */
export const maxEmailLength = 254;
/** An e-mail address under the one text rule (text/rule.ts), wherever one is taken. */
export const emailTextRule: TextRule = { label: 'Email', max: maxEmailLength };

/**
 * The one text rule (text.ts) for the text fields of accounts requests, which better-auth stores or looks up: named
 * fields by their rule, any other (a token, a callback URL) by its own name with `accountsLibraryTextMax`. Passwords are
 * hashed, never stored as text, and have their own limits.
 */
export const accountsLibraryTextRules: Readonly<Record<string, TextRule>> = {
  email: emailTextRule,
  // The account's name is 'First Last' once the profile exists.
  name: { label: 'Name', max: 2 * profileFieldLimits.name + 1 },
};
export const accountsLibraryTextMax = 2048;

/**
 * Password-reset and verification e-mails each mailbox gets at most (docs/product.md#limits), whoever asks and from
 * wherever: a mailbox is its address case-folded and without its `+tag`. Over the limit the request answers as
 * always and no e-mail goes out, so the limit tells nobody whether the address has an account.
 */
export const accountMailsPerMailbox = { max: 3, windowSeconds: 60 * 60 } as const;
