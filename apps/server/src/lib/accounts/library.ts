// The accounts library: better-auth on our database (docs/product.md#accounts).
import {
  apiPaths,
  defaultRole,
  legalVersions,
  maxPasswordLength,
  minPasswordLength,
  paths,
  productName,
  recoveryCodeCount,
  retentionMs,
  sitePath,
  twoFactorSignInMinutes,
  withDestination,
} from '@portal/domain';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer, twoFactor } from 'better-auth/plugins';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '../../db/schema.ts';
import type { ChallengeGate } from '../challenge.ts';
import { existingAccountEmail, passwordResetEmail, verificationEmail } from '../mail/account-emails.ts';
import type { MailMessage } from '../mail/letter.ts';
import { recordConsents } from './consents.ts';
import { linkVerifiedAccount } from './consultant-accounts.ts';
import { storedVerificationIdentifier } from './credentials.ts';
import { accountsLibraryHooks } from './library-hooks.ts';
import { mayMailMailbox } from './mail-limits.ts';
import type { PasswordHasher } from './password-check.ts';

/** The session cookie: `portal.session_token` (`__Secure-portal.session_token` over https). */
export const sessionCookieName = 'portal.session_token';

/** The header our Fastify mount sets to the client address Fastify sees (TRUST_PROXY aware); never a client's. */
export const clientIpHeader = 'x-portal-client-ip';

/** Sessions last 7 days and slide: used at least a day after the last refresh, they are extended to 7 days. */
export const sessionExpiresInSeconds = retentionMs.session / 1000;
export const sessionUpdateAgeSeconds = 24 * 60 * 60;
/** However active, a session ends this long after its sign-in: sliding never extends it past that. */
export const sessionMaxLifetimeSeconds = retentionMs.sessionMax / 1000;

/** The latest a session created at `createdAt` may expire. */
function sessionLifetimeEnd(createdAt: Date): Date {
  return new Date(createdAt.getTime() + sessionMaxLifetimeSeconds * 1000);
}

/**
 * Per-IP limits of the accounts endpoints (better-auth's rate limiter, stored in the database). Loose on session
 * reads so that browsing never meets a 429; tight where guessing or mail bombing is possible.
 */
export const accountsLibraryRateLimits = {
  '/sign-in/email': { window: 5 * 60, max: 30 },
  '/sign-up/email': { window: 10 * 60, max: 20 },
  '/request-password-reset': { window: 10 * 60, max: 5 },
  '/send-verification-email': { window: 10 * 60, max: 5 },
  '/reset-password': { window: 10 * 60, max: 10 },
  '/get-session': { window: 60, max: 600 },
  // The plugin's own 3 per 10 s trips a person retyping a code; guessing is bounded per sign-in (5 codes) and
  // per account (10 wrong in a row lock it for 15 minutes) anyway (docs/decisions/053).
  '/two-factor/*': { window: 60, max: 10 },
} as const;

export interface AccountsLibraryOptions {
  db: Database;
  appUrl: string;
  secret: string;
  /** The proof-of-work challenge sign-up asks for. */
  challenge: ChallengeGate;
  log: FastifyBaseLogger;
  sendMail: (message: MailMessage) => Promise<void>;
  /** In place of better-auth's scrypt: only the test suite's cheaper cost (docs/decisions/055). */
  passwordHasher?: PasswordHasher | undefined;
}

/**
 * Where a verification link lands: the sign-in page, saying the address is verified, and carrying the page the
 * visitor was going to. better-auth puts the request's `callbackURL` in the link it built (`url`); only a path on
 * this site is carried on, and the dashboard (where sign-in goes anyway) and the home page are left out.
 */
export function verifiedLanding(appUrl: string, libraryLink: string): string {
  const requested = URL.canParse(libraryLink) ? new URL(libraryLink).searchParams.get('callbackURL') : null;
  const next = sitePath(requested);
  const landing = `${paths.login}?verified=1`;
  // Without one better-auth says `/`: like the dashboard, no page anyone went through sign-in for.
  const carried = next !== undefined && next !== paths.home && next !== paths.dashboard;
  return `${appUrl}${carried ? withDestination(landing, next) : landing}`;
}

export function createAccountsLibrary(options: AccountsLibraryOptions) {
  const { appUrl, sendMail, log, db } = options;
  const https = appUrl.startsWith('https:');
  const rules = accountsLibraryHooks(options.db, options.challenge);
  return betterAuth({
    appName: productName,
    baseURL: appUrl,
    basePath: apiPaths.accounts.library,
    secret: options.secret,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    telemetry: { enabled: false },
    trustedOrigins: [appUrl],
    // better-auth logs e-mail addresses at info (e.g. a sign-up for a known address): keep only warnings and errors.
    logger: {
      level: 'warn',
      log: (level, message) => {
        if (level === 'error') log.error({ component: 'accounts' }, message);
        else log.warn({ component: 'accounts' }, message);
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength,
      maxPasswordLength,
      requireEmailVerification: true,
      ...(options.passwordHasher ? { password: options.passwordHasher } : {}),
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      onPasswordReset: rules.onPasswordReset,
      // The link opens the web app's reset page with the token; the page posts it with the new password. Over the
      // mailbox's limit the request answers as always and nothing is sent (docs/product.md#limits).
      sendResetPassword: async ({ user, token }) => {
        if (!(await mayMailMailbox(db, 'password-reset', user.email))) return;
        await sendMail(
          passwordResetEmail(user.email, `${appUrl}/reset-password?token=${encodeURIComponent(token)}`),
        );
      },
      // Registering an address that has an account answers exactly like a new sign-up; the owner of a verified one
      // gets a notice. An account not verified yet is handed to the new sign-up instead (library-hooks.ts), which
      // mails a verification e-mail as a first sign-up does.
      onExistingUserSignUp: async ({ user }) => {
        if (!user.emailVerified) return;
        if (!(await mayMailMailbox(db, 'verification', user.email))) return;
        await sendMail(
          existingAccountEmail(user.email, `${appUrl}${paths.login}`, `${appUrl}/forgot-password`),
        );
      },
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: defaultRole,
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // The link verifies and never signs in: whoever holds the mailbox then signs in with their own password
      // (docs/decisions/040).
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      // The link verifies and lands on the sign-in page (with `&error=…` when it is invalid), carrying on where the
      // visitor was going (the sign-up's or resend's `callbackURL`, when it is a path on this site). Over the
      // mailbox's limit nothing is sent and the request answers as always (docs/product.md#limits).
      sendVerificationEmail: async ({ user, token, url }) => {
        if (!(await mayMailMailbox(db, 'verification', user.email))) return;
        const callbackURL = encodeURIComponent(verifiedLanding(appUrl, url));
        await sendMail(
          verificationEmail(
            user.email,
            `${appUrl}${apiPaths.accounts.verifyEmail}?token=${token}&callbackURL=${callbackURL}`,
          ),
        );
      },
    },
    // Reset links are kept only as hashes: nothing in the table can be used as a link (docs/decisions/040).
    verification: { storeIdentifier: { hash: storedVerificationIdentifier } },
    // No cookie cache: every request reads its session from the database, so a session ended by any process is
    // refused by every process on its next request (docs/decisions/025).
    session: {
      expiresIn: sessionExpiresInSeconds,
      updateAge: sessionUpdateAgeSeconds,
      cookieCache: { enabled: false },
    },
    // Our rules run inside better-auth, on the body it parsed (library-hooks.ts). Their refusals are our typed
    // errors, which better-auth must let through to the app's error handler instead of answering 500 itself.
    hooks: { before: rules.before, after: rules.after },
    onAPIError: { throw: true },
    databaseHooks: {
      user: {
        // Creating an account accepts the Terms of Service and the Privacy Policy in force, as the Terms say,
        // whatever the sign-up's body (docs/product.md#privacy-and-cookies).
        create: { after: async (user) => recordConsents(db, user.id, legalVersions) },
        update: {
          // An account that has just verified its address becomes the consultant whose record has that email
          // (docs/decisions/048). Any update of a verified account checks again: linking is idempotent.
          after: async (user) => {
            if (user.emailVerified) await linkVerifiedAccount(db, user.email);
          },
        },
      },
      session: {
        update: {
          // The absolute lifetime. A new expiry comes only from better-auth's sliding refresh (get-session),
          // which has just read the session it extends into the endpoint context: the expiry is capped at that
          // session's sign-in plus the lifetime, so better-auth itself refuses it from then on, wherever it is
          // read. An extension of a session we cannot identify is refused (fail closed).
          before: async (data, context) => {
            if (!(data.expiresAt instanceof Date)) return;
            const current = context?.context.session?.session;
            if (!current) {
              log.warn({ component: 'accounts' }, 'Refused to extend a session of unknown age');
              return false;
            }
            const end = sessionLifetimeEnd(new Date(current.createdAt));
            if (data.expiresAt > end) return { data: { ...data, expiresAt: end } };
          },
        },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
      useSecureCookies: https,
      cookiePrefix: sessionCookieName.split('.')[0],
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https, path: '/' },
      // better-auth turns its origin check off by itself under NODE_ENV=test: the tests must meet the production one.
      disableOriginCheck: false,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: accountsLibraryRateLimits,
    },
    plugins: [
      admin({
        defaultRole,
        adminRoles: ['admin'],
        roles: { client: userAc, consultant: userAc, admin: adminAc },
      }),
      // API clients may send a session as a bearer token, but only the signed one (the cookie's value), handed out
      // to sign-ins that do not come from a browser (docs/decisions/025); the raw token in the database is refused.
      bearer({ requireSignature: true }),
      // A second factor: an authenticator app with one-time recovery codes, secrets and codes stored encrypted
      // with the secret; never 'trust this device' (library-hooks.ts drops it), so no cookie but the session's
      // and the sign-in's short `portal.two_factor` (docs/decisions/053).
      twoFactor({
        issuer: productName,
        twoFactorCookieMaxAge: twoFactorSignInMinutes * 60,
        backupCodeOptions: { amount: recoveryCodeCount, storeBackupCodes: 'encrypted' },
      }),
    ],
    // Administrators manage roles with our operator command; nobody signs in as someone else.
    disabledPaths: ['/admin/impersonate-user', '/admin/stop-impersonating'],
  });
}

export type AccountsLibrary = ReturnType<typeof createAccountsLibrary>;
