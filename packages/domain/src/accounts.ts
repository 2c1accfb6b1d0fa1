/** The company behind the portal, as e-mails and the accounts service name it. */
export const productName = 'OT Consulting';

/** Shortest password allowed (docs/product.md#limits). */
export const minPasswordLength = 6;
/** Longest password accepted (bounded so that hashing stays cheap). */
export const maxPasswordLength = 128;

/** Roles of an account: `client` by default, `admin` for administrators. */
export const roles = ['client', 'admin'] as const;
export type Role = (typeof roles)[number];
export const defaultRole: Role = 'client';
export const roleLabels: Record<Role, string> = { client: 'Client', admin: 'Admin' };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/**
 * Error codes the accounts service (`/api/identity/*`) answers with, next to `message`. better-auth's own codes
 * plus ours; the web app may switch on them.
 */
export const accountErrorCodes = {
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  invalidCredentials: 'INVALID_EMAIL_OR_PASSWORD',
  invalidToken: 'INVALID_TOKEN',
  passwordTooShort: 'PASSWORD_TOO_SHORT',
  passwordTooLong: 'PASSWORD_TOO_LONG',
  passwordTooCommon: 'PASSWORD_TOO_COMMON',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  tooManyFailedSignIns: 'TOO_MANY_FAILED_SIGN_INS',
} as const;

/**
 * The most common passwords of public breach lists (top ~100 with at least 6 characters, as shorter ones are
 * refused anyway). Refused at sign-up and at password reset.
 */
const commonPasswords: ReadonlySet<string> = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '987654321',
  '654321',
  '123123',
  '123321',
  '112233',
  '111111',
  '000000',
  '121212',
  '222222',
  '555555',
  '666666',
  '696969',
  '777777',
  '888888',
  '999999',
  '123654',
  '159753',
  '147258',
  '147258369',
  '11111111',
  '00000000',
  '12341234',
  '123qwe',
  '1q2w3e',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'qwerty',
  'qwerty1',
  'qwerty123',
  'qwertyuiop',
  'qwe123',
  'asdfgh',
  'asdfghjkl',
  'zxcvbn',
  'zxcvbnm',
  '1qaz2wsx',
  'qazwsx',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'pa$$word',
  'abc123',
  'abcdef',
  'abcd1234',
  'a123456',
  'aa123456',
  'iloveyou',
  'iloveyou1',
  'princess',
  'sunshine',
  'monkey',
  'dragon',
  'letmein',
  'welcome',
  'welcome1',
  'welcome123',
  'football',
  'baseball',
  'basketball',
  'soccer',
  'master',
  'shadow',
  'superman',
  'batman',
  'michael',
  'jennifer',
  'jessica',
  'charlie',
  'ashley',
  'daniel',
  'thomas',
  'hunter',
  'hunter2',
  'killer',
  'trustno1',
  'freedom',
  'whatever',
  'starwars',
  'computer',
  'internet',
  'secret',
  'admin',
  'admin123',
  'administrator',
  'changeme',
  'default',
  'login',
  'test123',
  'testing',
  'lovely',
  'flower',
  'cheese',
  'chocolate',
  'pokemon',
  'mustang',
  'access',
  'google',
  'family',
]);

/** Whether a password is on the common-password list (compared case-insensitively). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** The accounts service (better-auth) under the API; the web's auth client uses these paths. */
export const identityBasePath = '/api/identity';
export const identityPaths = {
  signUp: `${identityBasePath}/sign-up/email`,
  signIn: `${identityBasePath}/sign-in/email`,
  signOut: `${identityBasePath}/sign-out`,
  session: `${identityBasePath}/get-session`,
  sendVerificationEmail: `${identityBasePath}/send-verification-email`,
  verifyEmail: `${identityBasePath}/verify-email`,
  requestPasswordReset: `${identityBasePath}/request-password-reset`,
  resetPassword: `${identityBasePath}/reset-password`,
} as const;

/** Whether a request path belongs to the accounts service itself, whose 401s mean "wrong credentials". */
export function isIdentityEndpoint(path: string): boolean {
  return path.startsWith(`${identityBasePath}/`);
}

/** Our own account routes. */
export const accountApiPaths = {
  profile: '/api/auth/profile',
  userStats: '/api/auth/users/stats',
} as const;

/** Longest profile values accepted. */
export const profileFieldLimits = { name: 100, phone: 30, company: 200 } as const;
