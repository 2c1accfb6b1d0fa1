// The environment, parsed once. This is the only module that reads process.env.
import { isAbsolute, resolve } from 'node:path';
import {
  type AdminTwoFactorMode,
  adminTwoFactorModes,
  defaultBusinessTimeZone,
  defaultClientChangeNoticeHours,
  defaultMeetingUrlTemplate,
  defaultPendingExpiryHours,
  isCurrency,
  isMeetingUrlTemplate,
  isTimeZone,
  parseTaxRate,
  paymentModes,
  type TaxRate,
} from '@portal/domain';
import { z } from 'zod';
import { type DatabaseLimits, defaultDatabaseLimits } from './db/limits.ts';

const nodeEnvs = ['development', 'production', 'test'] as const;
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Fastify's `trustProxy`: true/false, a number of hops, or a list of addresses/CIDR ranges. */
export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  /** A PostgreSQL connection string; undefined → embedded PGlite in `dataDir/pglite`. */
  databaseUrl: string | undefined;
  /** Absolute path of the folder for the embedded database (and, later, generated dev secrets). */
  dataDir: string;
  /** The public origin, without a trailing slash. */
  appUrl: string;
  trustProxy: TrustProxy;
  nodeEnv: (typeof nodeEnvs)[number];
  logLevel: (typeof logLevels)[number];
  /** Absolute path of the built SPA (apps/web/dist by default). */
  webDistDir: string;
  /**
   * Signs sessions and tokens. Undefined only on the embedded database outside production: the server then
   * generates one into `dataDir/auth-secret` once and reuses it (see `resolveAuthSecret`).
   */
  authSecret: string | undefined;
  /** The SMTP server mail goes to; undefined → the dev mailbox (development) or mail waits in the outbox. */
  smtpUrl: string | undefined;
  /** The From header of every e-mail. */
  mailFrom: string;
  /**
   * The firm's reply address: the Reply-To of every e-mail to a client, and the address calendar events name for
   * the firm (REPLY_TO, else the first FIRM_EMAIL address). Undefined: no Reply-To, so replies go to MAIL_FROM.
   */
  replyTo: string | undefined;
  /** The IANA time zone business hours are reckoned in (BUSINESS_TIMEZONE, default America/Phoenix). */
  businessTimeZone: string;
  /**
   * E-mail is kept for reading at /dev/mail (loopback callers only): without SMTP_URL, outside production, unless
   * DEV_MAILBOX=off.
   */
  devMailbox: boolean;
  /** Pending bookings not yet started one client may hold at a time (MAX_PENDING_BOOKINGS_PER_CLIENT, default 5). */
  maxPendingBookingsPerClient: number;
  /**
   * Pending bookings not yet started that may be held from one client address, across accounts
   * (MAX_PENDING_BOOKINGS_PER_ADDRESS, default 10).
   */
  maxPendingBookingsPerAddress: number;
  /** State-changing API requests per signed-in user per minute (WRITE_RATE_LIMIT_PER_MINUTE, default 60). */
  writeRateLimitPerMinute: number;
  /** Delivery attempts of one e-mail before it is marked dead (MAIL_MAX_ATTEMPTS, default 8). */
  mailMaxAttempts: number;
  /** SMTP connection, greeting and socket timeout (SMTP_TIMEOUT_SECONDS, default 15); the claim lease derives from it. */
  smtpTimeoutMs: number;
  /** Hours after which an unconfirmed pending booking is cancelled (PENDING_EXPIRY_HOURS, default 72; 0: never). */
  pendingExpiryHours: number;
  /** Hours before the start when a client's cancelling and rescheduling close (CLIENT_CHANGE_NOTICE_HOURS, default 24; 0: at the start). */
  clientChangeNoticeHours: number;
  /** How often housekeeping runs across all processes (HOUSEKEEPING_INTERVAL_MINUTES, default 60). */
  housekeepingIntervalMs: number;
  /** Time to receive and answer one request (REQUEST_TIMEOUT_MS, default 8000); over it, 503. */
  requestTimeoutMs: number;
  /** The largest request body (BODY_LIMIT_BYTES, default 16 KiB); a route that needs more raises it. */
  bodyLimitBytes: number;
  /** The PostgreSQL pool: DATABASE_POOL_SIZE and the DATABASE_*_TIMEOUT_MS variables. */
  databaseLimits: DatabaseLimits;
  /** Where the firm's notices go (FIRM_EMAIL, comma-separated); empty → every administrator's address. */
  firmEmails: string[];
  /** How long a first notice about a booking waits for the client's next actions (FIRM_NOTICE_DELAY_SECONDS, default 60). */
  firmNoticeDelayMs: number;
  /** At most one notice about a booking per window (FIRM_NOTICE_WINDOW_MINUTES, default 10). */
  firmNoticeWindowMs: number;
  /** Hours before a confirmed consultation when its reminders go out (REMINDER_HOURS, default 24), largest first. */
  reminderHours: number[];
  /**
   * Sign-up and the contact form require a solved proof-of-work challenge (SIGNUP_CHALLENGE, default on; off for
   * automated tests and trusted deployments).
   */
  signUpChallenge: boolean;
  /** What invoices are issued in and with (CURRENCY, TAX_RATE_PERCENT, INVOICE_DUE_DAYS; docs/decisions/049). */
  invoicing: InvoicingSettings;
  /** How bookings are paid (PAYMENTS, default invoice; docs/decisions/050). */
  payments: PaymentSettings;
  /** Each booking's video room: MEETING_URL_TEMPLATE, `{room}` standing for the booking's random token. */
  meetingUrlTemplate: string;
  /** The largest document attached to a booking (MAX_UPLOAD_MB, default 10). */
  maxUploadBytes: number;
  /**
   * ADMIN_TWO_FACTOR: `required` (the default in production) keeps the firm's API closed to an administrator or
   * consultant until they have a second factor; `optional` (the default elsewhere) leaves it to each account.
   */
  adminTwoFactor: AdminTwoFactorMode;
}

export interface InvoicingSettings {
  /** ISO 4217, lower case (CURRENCY, default usd): new bookings are priced in it. */
  currency: string;
  /** Thousandths of a percent (TAX_RATE_PERCENT, default 0: no tax line). */
  taxRate: TaxRate;
  /** Days from issue to due (INVOICE_DUE_DAYS, default 14). */
  dueDays: number;
}

/** `invoice`: paid by transfer against the invoice. `stripe`: the card is authorised at booking, captured at confirmation. */
export type PaymentSettings =
  | { mode: 'invoice' }
  | {
      mode: 'stripe';
      /** Minutes a client has to finish the card checkout (CHECKOUT_EXPIRY_MINUTES, default 30; Stripe's least). */
      checkoutExpiryMinutes: number;
      stripe: StripeSettings;
    };

export interface StripeSettings {
  /** STRIPE_SECRET_KEY. */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: signs the events Stripe posts to /api/payments/stripe/webhook. */
  webhookSecret: string;
  /** STRIPE_API_URL: a Stripe-compatible server (stripe-mock, a test's stand-in); undefined → Stripe itself. */
  apiUrl: string | undefined;
}

export const defaultMailFrom = 'OT Consulting <no-reply@localhost>';
/** Under the web app's 10 s API timeout and the 10 s shutdown deadline: a slow request gets our 503 first. */
export const defaultRequestTimeoutMs = 8_000;
export const defaultBodyLimitBytes = 16 * 1024;
export const minAuthSecretLength = 32;
export const defaultReminderHours = 24;

/** Thrown by `loadConfig`; its message is one line naming the variable and what is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const defaultWebDistDir = resolve(import.meta.dirname, '../../web/dist');

/** An empty variable counts as unset. */
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

/** A positive whole number with a default (an empty variable counts as unset). */
const positiveWholeNumber = (fallback: number) =>
  z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'must be a positive whole number' })
      .int('must be a positive whole number')
      .positive('must be a positive whole number')
      .default(fallback),
  );

/** A whole number ≥ 0 with a default (0 turns something off). */
const wholeNumber = (fallback: number) =>
  z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'must be a whole number (0 or more)' })
      .int('must be a whole number (0 or more)')
      .min(0, 'must be a whole number (0 or more)')
      .default(fallback),
  );

/** A positive number, fractions allowed (tests use short timeouts), with a default. */
const positiveNumber = (fallback: number) =>
  z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'must be a positive number' })
      .positive('must be a positive number')
      .default(fallback),
  );

/** A comma-separated list: each entry trimmed, empty entries dropped. */
const listOf = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const environmentSchema = z.object({
  PORT: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65_535, 'must be between 0 and 65535')
      .default(3000),
  ),
  HOST: optionalText,
  DATABASE_URL: optionalText.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    'must be a postgres:// or postgresql:// connection string',
  ),
  DATA_DIR: optionalText,
  APP_URL: optionalText.refine(
    (value) => value === undefined || URL.canParse(value),
    'must be an absolute URL such as https://portal.example.com',
  ),
  TRUST_PROXY: optionalText,
  NODE_ENV: z.preprocess(
    emptyAsUnset,
    z.enum(nodeEnvs, { error: `must be one of ${nodeEnvs.join(', ')}` }).default('development'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUnset,
    z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  ),
  WEB_DIST_DIR: optionalText,
  AUTH_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= minAuthSecretLength,
    `must be at least ${minAuthSecretLength} characters long (e.g. \`openssl rand -base64 32\`)`,
  ),
  SMTP_URL: optionalText.refine(
    (value) => value === undefined || /^smtps?:\/\/[^/]/.test(value),
    'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
  ),
  BUSINESS_TIMEZONE: optionalText.refine(
    (value) => value === undefined || isTimeZone(value),
    'must be an IANA time zone such as America/Phoenix',
  ),
  DEV_MAILBOX: z.preprocess(
    emptyAsUnset,
    z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  ),
  SIGNUP_CHALLENGE: z.preprocess(
    emptyAsUnset,
    z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  ),
  MAX_PENDING_BOOKINGS_PER_CLIENT: positiveWholeNumber(5),
  MAX_PENDING_BOOKINGS_PER_ADDRESS: positiveWholeNumber(10),
  WRITE_RATE_LIMIT_PER_MINUTE: positiveWholeNumber(60),
  MAIL_MAX_ATTEMPTS: positiveWholeNumber(8),
  SMTP_TIMEOUT_SECONDS: positiveNumber(15),
  PENDING_EXPIRY_HOURS: wholeNumber(defaultPendingExpiryHours),
  CLIENT_CHANGE_NOTICE_HOURS: wholeNumber(defaultClientChangeNoticeHours),
  HOUSEKEEPING_INTERVAL_MINUTES: positiveNumber(60),
  REQUEST_TIMEOUT_MS: positiveWholeNumber(defaultRequestTimeoutMs),
  BODY_LIMIT_BYTES: positiveWholeNumber(defaultBodyLimitBytes),
  DATABASE_POOL_SIZE: positiveWholeNumber(defaultDatabaseLimits.poolSize),
  DATABASE_CONNECTION_TIMEOUT_MS: positiveWholeNumber(defaultDatabaseLimits.connectionTimeoutMs),
  DATABASE_IDLE_TIMEOUT_MS: positiveWholeNumber(defaultDatabaseLimits.idleTimeoutMs),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveWholeNumber(defaultDatabaseLimits.statementTimeoutMs),
  FIRM_NOTICE_DELAY_SECONDS: wholeNumber(60),
  FIRM_NOTICE_WINDOW_MINUTES: positiveNumber(10),
  FIRM_EMAIL: optionalText.refine(
    (value) =>
      value === undefined ||
      listOf(value).every((address) => /^[^<>@\s,]+@[^<>@\s,]+\.[^<>@\s,]+$/.test(address)),
    'must be an email address, or several separated by commas, such as office@example.com',
  ),
  REMINDER_HOURS: optionalText.refine(
    (value) =>
      value === undefined ||
      (listOf(value).length > 0 &&
        listOf(value).every((hours) => /^\d+$/.test(hours) && Number(hours) > 0 && Number(hours) <= 720)),
    'must be whole hours between 1 and 720, or several separated by commas, such as 24,1',
  ),
  REPLY_TO: optionalText.refine(
    (value) => value === undefined || /^[^<>@\s,]+@[^<>@\s,]+\.[^<>@\s,]+$/.test(value),
    'must be one email address, such as office@example.com',
  ),
  CURRENCY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .toLowerCase()
      .refine(isCurrency, 'must be a three-letter ISO 4217 code such as usd or eur')
      .default('usd'),
  ),
  TAX_RATE_PERCENT: optionalText.refine(
    (value) => value === undefined || parseTaxRate(value) !== undefined,
    'must be a percentage from 0 to 99.999 with at most three decimals, such as 8.875',
  ),
  INVOICE_DUE_DAYS: wholeNumber(14),
  PAYMENTS: z.preprocess(
    emptyAsUnset,
    z.enum(paymentModes, { error: `must be ${paymentModes.join(' or ')}` }).default('invoice'),
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalText.refine(
    (value) => value === undefined || /^https?:\/\/[^/]/.test(value),
    'must be an http:// or https:// URL such as http://127.0.0.1:12111',
  ),
  // Stripe expires a Checkout Session between 30 minutes and 24 hours after it is made.
  CHECKOUT_EXPIRY_MINUTES: positiveWholeNumber(30).refine(
    (minutes) => minutes >= 30 && minutes <= 1440,
    "must be between 30 and 1440 minutes (Stripe's limits for a checkout)",
  ),
  MEETING_URL_TEMPLATE: optionalText.refine(
    (value) => value === undefined || isMeetingUrlTemplate(value),
    'must be an https:// URL containing {room}, such as https://meet.jit.si/{room}',
  ),
  MAX_UPLOAD_MB: positiveWholeNumber(10).refine((megabytes) => megabytes <= 100, 'must be at most 100'),
  // Its default depends on NODE_ENV (loadConfig).
  ADMIN_TWO_FACTOR: z.preprocess(
    emptyAsUnset,
    z.enum(adminTwoFactorModes, { error: `must be ${adminTwoFactorModes.join(' or ')}` }).optional(),
  ),
  MAIL_FROM: optionalText.refine(
    (value) => value === undefined || /^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(value),
    'must be an address such as "OT Consulting <no-reply@example.com>"',
  ),
});

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  if (addresses.some((address) => !/^[0-9a-fA-F.:/]+$/.test(address) && address !== 'loopback')) {
    throw new ConfigError(
      'TRUST_PROXY must be true, false, a number of hops, or comma-separated IP addresses/CIDR ranges',
    );
  }
  return addresses;
}

/**
 * The part of a TRUST_PROXY setting that believes every address, if any: `true`, or a range whose prefix is zero
 * bits (`0.0.0.0/0`, `::/0`, any address with `/0`, or the netmask `/0.0.0.0`).
 */
function believesEveryone(setting: string | undefined): string | undefined {
  if (setting === 'true') return setting;
  return setting
    ?.split(',')
    .map((entry) => entry.trim())
    .find((entry) => /\/[0.]+$/.test(entry));
}

/** Whether a host or client address is this machine's own: 127.0.0.0/8, ::1 (also IPv4-mapped), localhost. */
export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^::ffff:/i, '');
  return address === 'localhost' || address === '::1' || /^127(\.\d{1,3}){3}$/.test(address);
}

/**
 * The rules that hold between variables: a production server is reached over https through named proxies, and a
 * development server with the dev mailbox (every e-mail, reset links included) listens on this machine only.
 */
function checkDeployment(
  config: Config,
  settings: { trustProxy: string | undefined; devMailbox: 'on' | 'off' },
): void {
  if (config.nodeEnv === 'production') {
    if (config.authSecret === undefined) {
      throw new ConfigError(
        `AUTH_SECRET is required in production (at least ${minAuthSecretLength} characters, e.g. \`openssl rand -base64 32\`)`,
      );
    }
    if (!config.appUrl.startsWith('https://')) {
      throw new ConfigError(`APP_URL must be an https:// URL in production (got "${config.appUrl}")`);
    }
    const everyone = believesEveryone(settings.trustProxy);
    if (everyone) {
      throw new ConfigError(
        `TRUST_PROXY=${everyone} believes any proxy in production: give the number of proxies in front (e.g. 1) or their addresses`,
      );
    }
  }
  // Every process on one PostgreSQL must sign with the same secret, or a cookie from one is refused by another.
  if (config.databaseUrl !== undefined && config.authSecret === undefined) {
    throw new ConfigError(
      `AUTH_SECRET is required with DATABASE_URL: every process sharing the database signs sessions with it (at least ${minAuthSecretLength} characters, e.g. \`openssl rand -base64 32\`)`,
    );
  }
  // Outside production a network HOST needs DEV_MAILBOX=off said out loud, SMTP_URL or not: the mailbox (every
  // e-mail, reset links included) must never be one forgotten variable away from the network.
  if (config.nodeEnv !== 'production' && settings.devMailbox === 'on' && !isLoopbackHost(config.host)) {
    throw new ConfigError(
      `HOST ${config.host} would show the dev mailbox (every email, reset links included) to the network: ` +
        'set NODE_ENV=production with SMTP_URL, or DEV_MAILBOX=off',
    );
  }
}

const secretVariables = new Set([
  'AUTH_SECRET',
  'SMTP_URL',
  'DATABASE_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);

/** Card payments need both Stripe secrets: the server refuses to start without them rather than fail at checkout. */
function paymentSettings(values: z.infer<typeof environmentSchema>): PaymentSettings {
  if (values.PAYMENTS === 'invoice') return { mode: 'invoice' };
  const secretKey = values.STRIPE_SECRET_KEY;
  const webhookSecret = values.STRIPE_WEBHOOK_SECRET;
  if (secretKey === undefined || webhookSecret === undefined) {
    const missing = secretKey === undefined ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET';
    throw new ConfigError(`${missing} is required with PAYMENTS=stripe`);
  }
  return {
    mode: 'stripe',
    checkoutExpiryMinutes: values.CHECKOUT_EXPIRY_MINUTES,
    stripe: { secretKey, webhookSecret, apiUrl: values.STRIPE_API_URL },
  };
}

/** Parses the environment; a bad value throws a `ConfigError` naming the variable. Empty counts as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const received = env[variable];
    // Secrets (and URLs that may carry a password) are never echoed.
    const secret = secretVariables.has(variable);
    const shown = received === undefined || secret ? '' : ` (got ${JSON.stringify(received)})`;
    throw new ConfigError(`${variable} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const values = parsed.data;
  const cwd = process.cwd();
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  const appUrl = (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  const config: Config = {
    port: values.PORT,
    host: values.HOST ?? '127.0.0.1',
    databaseUrl: values.DATABASE_URL,
    dataDir: absolute(values.DATA_DIR ?? './data'),
    appUrl,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    nodeEnv: values.NODE_ENV,
    logLevel: values.LOG_LEVEL,
    webDistDir: values.WEB_DIST_DIR ? absolute(values.WEB_DIST_DIR) : defaultWebDistDir,
    authSecret: values.AUTH_SECRET,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? defaultMailFrom,
    businessTimeZone: values.BUSINESS_TIMEZONE ?? defaultBusinessTimeZone,
    devMailbox:
      values.SMTP_URL === undefined && values.NODE_ENV !== 'production' && values.DEV_MAILBOX === 'on',
    maxPendingBookingsPerClient: values.MAX_PENDING_BOOKINGS_PER_CLIENT,
    maxPendingBookingsPerAddress: values.MAX_PENDING_BOOKINGS_PER_ADDRESS,
    writeRateLimitPerMinute: values.WRITE_RATE_LIMIT_PER_MINUTE,
    mailMaxAttempts: values.MAIL_MAX_ATTEMPTS,
    smtpTimeoutMs: Math.round(values.SMTP_TIMEOUT_SECONDS * 1000),
    pendingExpiryHours: values.PENDING_EXPIRY_HOURS,
    clientChangeNoticeHours: values.CLIENT_CHANGE_NOTICE_HOURS,
    housekeepingIntervalMs: Math.round(values.HOUSEKEEPING_INTERVAL_MINUTES * 60_000),
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    databaseLimits: {
      poolSize: values.DATABASE_POOL_SIZE,
      connectionTimeoutMs: values.DATABASE_CONNECTION_TIMEOUT_MS,
      idleTimeoutMs: values.DATABASE_IDLE_TIMEOUT_MS,
      statementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    firmEmails: values.FIRM_EMAIL === undefined ? [] : [...new Set(listOf(values.FIRM_EMAIL))],
    // The firm's own address when it has one: MAIL_FROM is usually a no-reply mailbox nobody reads.
    replyTo: values.REPLY_TO ?? (values.FIRM_EMAIL === undefined ? undefined : listOf(values.FIRM_EMAIL)[0]),
    firmNoticeDelayMs: values.FIRM_NOTICE_DELAY_SECONDS * 1000,
    firmNoticeWindowMs: Math.round(values.FIRM_NOTICE_WINDOW_MINUTES * 60_000),
    reminderHours: [
      ...new Set(listOf(values.REMINDER_HOURS ?? String(defaultReminderHours)).map(Number)),
    ].sort((a, b) => b - a),
    signUpChallenge: values.SIGNUP_CHALLENGE === 'on',
    invoicing: {
      currency: values.CURRENCY,
      taxRate: parseTaxRate(values.TAX_RATE_PERCENT ?? '0') ?? 0,
      dueDays: values.INVOICE_DUE_DAYS,
    },
    payments: paymentSettings(values),
    meetingUrlTemplate: values.MEETING_URL_TEMPLATE ?? defaultMeetingUrlTemplate,
    maxUploadBytes: values.MAX_UPLOAD_MB * 1024 * 1024,
    adminTwoFactor: values.ADMIN_TWO_FACTOR ?? (values.NODE_ENV === 'production' ? 'required' : 'optional'),
  };
  checkDeployment(config, { trustProxy: values.TRUST_PROXY, devMailbox: values.DEV_MAILBOX });
  return config;
}
