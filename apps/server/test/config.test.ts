import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { authSecretFile, resolveAuthSecret } from '../src/lib/accounts/secret.ts';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: resolve(process.cwd(), 'data'),
      appUrl: 'http://localhost:3000',
      trustProxy: false,
      nodeEnv: 'development',
      logLevel: 'info',
    });
    expect(config.webDistDir).toBe(resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://user@db:5432/portal',
      DATA_DIR: '/var/lib/portal',
      APP_URL: 'https://portal.example.com/',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/srv/web',
      AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mailer:secret@mail.example.com:587',
      MAIL_FROM: 'OT Consulting <hello@example.com>',
      BUSINESS_TIMEZONE: 'America/Denver',
      MAX_PENDING_BOOKINGS_PER_CLIENT: '8',
      MAX_PENDING_BOOKINGS_PER_ADDRESS: '12',
      WRITE_RATE_LIMIT_PER_MINUTE: '120',
      MAIL_MAX_ATTEMPTS: '5',
      SMTP_TIMEOUT_SECONDS: '7.5',
      PENDING_EXPIRY_HOURS: '0',
      CLIENT_CHANGE_NOTICE_HOURS: '48',
      HOUSEKEEPING_INTERVAL_MINUTES: '15',
      REQUEST_TIMEOUT_MS: '9000',
      BODY_LIMIT_BYTES: '32768',
      DATABASE_POOL_SIZE: '20',
      DATABASE_CONNECTION_TIMEOUT_MS: '3000',
      DATABASE_IDLE_TIMEOUT_MS: '30000',
      DATABASE_STATEMENT_TIMEOUT_MS: '4000',
      FIRM_EMAIL: 'office@example.com, partner@example.com,office@example.com',
      FIRM_NOTICE_DELAY_SECONDS: '30',
      FIRM_NOTICE_WINDOW_MINUTES: '15',
      REMINDER_HOURS: '1, 24,1',
      SIGNUP_CHALLENGE: 'off',
      CURRENCY: 'EUR',
      TAX_RATE_PERCENT: '20',
      INVOICE_DUE_DAYS: '30',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_portal',
      STRIPE_WEBHOOK_SECRET: 'whsec_portal',
      STRIPE_API_URL: 'http://stripe-mock:12111',
      CHECKOUT_EXPIRY_MINUTES: '45',
      MEETING_URL_TEMPLATE: 'https://video.example.com/rooms/{room}?lang=en',
      MAX_UPLOAD_MB: '25',
      ADMIN_TWO_FACTOR: 'optional',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://user@db:5432/portal',
      dataDir: '/var/lib/portal',
      appUrl: 'https://portal.example.com',
      trustProxy: ['10.0.0.1', '10.0.0.0/8'],
      nodeEnv: 'production',
      logLevel: 'warn',
      webDistDir: '/srv/web',
      authSecret: 'x'.repeat(32),
      smtpUrl: 'smtp://mailer:secret@mail.example.com:587',
      mailFrom: 'OT Consulting <hello@example.com>',
      businessTimeZone: 'America/Denver',
      devMailbox: false,
      maxPendingBookingsPerClient: 8,
      maxPendingBookingsPerAddress: 12,
      writeRateLimitPerMinute: 120,
      mailMaxAttempts: 5,
      smtpTimeoutMs: 7500,
      pendingExpiryHours: 0,
      clientChangeNoticeHours: 48,
      housekeepingIntervalMs: 15 * 60_000,
      requestTimeoutMs: 9000,
      bodyLimitBytes: 32_768,
      databaseLimits: {
        poolSize: 20,
        connectionTimeoutMs: 3000,
        idleTimeoutMs: 30_000,
        statementTimeoutMs: 4000,
      },
      firmEmails: ['office@example.com', 'partner@example.com'],
      replyTo: 'office@example.com',
      firmNoticeDelayMs: 30_000,
      firmNoticeWindowMs: 15 * 60_000,
      reminderHours: [24, 1],
      signUpChallenge: false,
      invoicing: { currency: 'eur', taxRate: 20_000, dueDays: 30 },
      payments: {
        mode: 'stripe',
        checkoutExpiryMinutes: 45,
        stripe: {
          secretKey: 'sk_live_portal',
          webhookSecret: 'whsec_portal',
          apiUrl: 'http://stripe-mock:12111',
        },
      },
      meetingUrlTemplate: 'https://video.example.com/rooms/{room}?lang=en',
      maxUploadBytes: 25 * 1024 * 1024,
      adminTwoFactor: 'optional',
    });
  });

  it('takes payments by invoice unless PAYMENTS=stripe, and never echoes a Stripe secret', () => {
    expect(loadConfig({}).payments).toEqual({ mode: 'invoice' });
    expect(() => loadConfig({ PAYMENTS: 'card' })).toThrow('PAYMENTS must be invoice or stripe (got "card")');
    expect(() => loadConfig({ STRIPE_API_URL: 'ftp://stripe' })).toThrow(/^STRIPE_API_URL must be/);
  });

  it("sends the firm's notices to the administrators and reminds 24 hours ahead unless told otherwise", () => {
    expect(loadConfig({})).toMatchObject({ firmEmails: [], reminderHours: [24] });
  });

  it('asks sign-up and the contact form for a solved challenge unless SIGNUP_CHALLENGE=off', () => {
    expect(loadConfig({}).signUpChallenge).toBe(true);
    expect(loadConfig({ SIGNUP_CHALLENGE: 'on' }).signUpChallenge).toBe(true);
    expect(loadConfig({ SIGNUP_CHALLENGE: 'off' }).signUpChallenge).toBe(false);
  });

  it('has a default for every time and size limit', () => {
    expect(loadConfig({})).toMatchObject({
      requestTimeoutMs: 8000,
      bodyLimitBytes: 16_384,
      databaseLimits: {
        poolSize: 10,
        connectionTimeoutMs: 5000,
        idleTimeoutMs: 10_000,
        statementTimeoutMs: 5000,
      },
    });
  });

  it('derives APP_URL from PORT', () => {
    expect(loadConfig({ PORT: '4000' }).appUrl).toBe('http://localhost:4000');
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT must be a number \(got "abc"\)$/],
    [{ BUSINESS_TIMEZONE: 'Mars/Base' }, /^BUSINESS_TIMEZONE must be an IANA time zone/],
    [{ PORT: '70000' }, /^PORT must be between 0 and 65535/],
    [{ NODE_ENV: 'staging' }, /^NODE_ENV must be one of development, production, test/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must be a postgres:\/\//],
    [{ APP_URL: 'not a url' }, /^APP_URL must be an absolute URL/],
    [{ TRUST_PROXY: 'everyone!' }, /^TRUST_PROXY must be/],
    [{ CURRENCY: 'dollars' }, /^CURRENCY must be a three-letter ISO 4217 code/],
    [{ TAX_RATE_PERCENT: '8.8751' }, /^TAX_RATE_PERCENT must be a percentage from 0 to 99.999/],
    [{ INVOICE_DUE_DAYS: '-1' }, /^INVOICE_DUE_DAYS must be a whole number/],
    [{ NODE_ENV: 'production' }, /^AUTH_SECRET is required in production/],
    [{ DATABASE_URL: 'postgres://db/portal' }, /^AUTH_SECRET is required with DATABASE_URL: every process/],
    [
      { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), APP_URL: 'http://portal.example.com' },
      /^APP_URL must be an https:\/\/ URL in production/,
    ],
    [
      {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        APP_URL: 'https://portal.example.com',
        TRUST_PROXY: 'true',
      },
      /^TRUST_PROXY=true believes any proxy in production/,
    ],
    ...['0.0.0.0/0', '::/0', '10.0.0.1, ::/0', '192.168.0.0/00', '10.0.0.0/0.0.0.0'].map(
      (setting): [Record<string, string>, RegExp] => [
        {
          NODE_ENV: 'production',
          AUTH_SECRET: 'x'.repeat(32),
          APP_URL: 'https://portal.example.com',
          TRUST_PROXY: setting,
        },
        /^TRUST_PROXY=\S+ believes any proxy in production/,
      ],
    ),
    [{ HOST: '0.0.0.0' }, /^HOST 0\.0\.0\.0 would show the dev mailbox .* DEV_MAILBOX=off$/],
    [{ HOST: '192.168.1.20', DEV_MAILBOX: 'on' }, /^HOST 192\.168\.1\.20 would show the dev mailbox/],
    [{ DEV_MAILBOX: 'maybe' }, /^DEV_MAILBOX must be on or off/],
    [{ SIGNUP_CHALLENGE: 'no' }, /^SIGNUP_CHALLENGE must be on or off/],
    [{ AUTH_SECRET: 'short' }, /^AUTH_SECRET must be at least 32 characters long/],
    [{ SMTP_URL: 'http://mail' }, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ MAIL_FROM: 'nobody' }, /^MAIL_FROM must be an address/],
    [{ FIRM_EMAIL: 'office@example.com, nobody' }, /^FIRM_EMAIL must be an email address, or several/],
    [{ REMINDER_HOURS: '24,soon' }, /^REMINDER_HOURS must be whole hours between 1 and 720/],
    [{ REMINDER_HOURS: '0' }, /^REMINDER_HOURS must be whole hours between 1 and 720/],
    [{ REMINDER_HOURS: ',' }, /^REMINDER_HOURS must be whole hours between 1 and 720/],
    [{ MAIL_MAX_ATTEMPTS: '0' }, /^MAIL_MAX_ATTEMPTS must be a positive whole number/],
    [{ SMTP_TIMEOUT_SECONDS: '-1' }, /^SMTP_TIMEOUT_SECONDS must be a positive number/],
    [{ PENDING_EXPIRY_HOURS: '1.5' }, /^PENDING_EXPIRY_HOURS must be a whole number \(0 or more\)/],
    [
      { CLIENT_CHANGE_NOTICE_HOURS: '-1' },
      /^CLIENT_CHANGE_NOTICE_HOURS must be a whole number \(0 or more\)/,
    ],
    [{ HOUSEKEEPING_INTERVAL_MINUTES: 'never' }, /^HOUSEKEEPING_INTERVAL_MINUTES must be a positive number/],
    [{ REQUEST_TIMEOUT_MS: '0' }, /^REQUEST_TIMEOUT_MS must be a positive whole number/],
    [{ BODY_LIMIT_BYTES: '64k' }, /^BODY_LIMIT_BYTES must be a positive whole number/],
    [
      { MEETING_URL_TEMPLATE: 'https://meet.jit.si/fixed' },
      /^MEETING_URL_TEMPLATE must be an https:\/\/ URL containing \{room\}/,
    ],
    [
      { MEETING_URL_TEMPLATE: 'http://meet.example.com/{room}' },
      /^MEETING_URL_TEMPLATE must be an https:\/\/ URL/,
    ],
    [{ MAX_UPLOAD_MB: '0' }, /^MAX_UPLOAD_MB must be a positive whole number/],
    [{ MAX_UPLOAD_MB: '500' }, /^MAX_UPLOAD_MB must be at most 100/],
    [{ DATABASE_POOL_SIZE: '-1' }, /^DATABASE_POOL_SIZE must be a positive whole number/],
    [
      { DATABASE_STATEMENT_TIMEOUT_MS: '1.5' },
      /^DATABASE_STATEMENT_TIMEOUT_MS must be a positive whole number/,
    ],
  ])('refuses %o with one line naming the variable', (env, message) => {
    let thrown: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const text = (thrown as Error).message;
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });

  it('accepts named proxies in production, however wide a range that is not everyone', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      APP_URL: 'https://p.example.com',
    };
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.0/8, fd00::/8, 0.0.0.0/1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '0.0.0.0/1',
    ]);
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('never echoes a secret it refuses', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'tooshort-secret' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('tooshort-secret') }),
    );
  });

  it('keeps the dev mailbox on this machine: a network HOST needs DEV_MAILBOX=off, SMTP or production', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ HOST: '::1' }).devMailbox).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_MAILBOX: 'off' }).devMailbox).toBe(false);
    // A mail server does not do: the mailbox stays one variable away, so a network HOST needs DEV_MAILBOX=off.
    expect(() => loadConfig({ HOST: '0.0.0.0', SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      /^HOST 0\.0\.0\.0 would show the dev mailbox/,
    );
    expect(
      loadConfig({ HOST: '0.0.0.0', SMTP_URL: 'smtp://mail.example.com', DEV_MAILBOX: 'off' }).devMailbox,
    ).toBe(false);
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      APP_URL: 'https://p.example.com',
    };
    expect(loadConfig({ ...production, HOST: '0.0.0.0', TRUST_PROXY: '1' }).devMailbox).toBe(false);
  });

  it('defaults mail and housekeeping: 8 attempts, 15 s SMTP timeouts, expiry after 72 h, hourly runs', () => {
    expect(loadConfig({})).toMatchObject({
      mailMaxAttempts: 8,
      smtpTimeoutMs: 15_000,
      pendingExpiryHours: 72,
      housekeepingIntervalMs: 60 * 60_000,
    });
  });

  it("closes a client's changes 24 hours before the consultation unless told otherwise", () => {
    expect(loadConfig({}).clientChangeNoticeHours).toBe(24);
    expect(loadConfig({ CLIENT_CHANGE_NOTICE_HOURS: '0' }).clientChangeNoticeHours).toBe(0);
  });

  it('defaults the sender to the company', () => {
    expect(loadConfig({}).mailFrom).toBe('OT Consulting <no-reply@localhost>');
  });

  it("takes the firm's reply address from REPLY_TO, else the first FIRM_EMAIL, else none", () => {
    expect(loadConfig({ REPLY_TO: 'hello@example.com', FIRM_EMAIL: 'office@example.com' }).replyTo).toBe(
      'hello@example.com',
    );
    expect(loadConfig({ FIRM_EMAIL: 'office@example.com,partner@example.com' }).replyTo).toBe(
      'office@example.com',
    );
    expect(loadConfig({}).replyTo).toBeUndefined();
    expect(() => loadConfig({ REPLY_TO: 'a@example.com,b@example.com' })).toThrow(ConfigError);
  });
});

describe('resolveAuthSecret', () => {
  it('refuses a stored secret that is short or empty instead of using it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-secret-'));
    try {
      for (const stored of ['', 'short\n']) {
        writeFileSync(authSecretFile(dataDir), stored);
        expect(() => resolveAuthSecret({ authSecret: undefined, dataDir, nodeEnv: 'development' })).toThrow(
          ConfigError,
        );
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('creates DATA_DIR readable by its owner only', () => {
    const parent = mkdtempSync(join(tmpdir(), 'portal-secret-'));
    try {
      const dataDir = join(parent, 'data');
      resolveAuthSecret({ authSecret: undefined, dataDir, nodeEnv: 'development' });
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('generates a secret into DATA_DIR once (mode 0600) and reuses it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-secret-'));
    try {
      const first = resolveAuthSecret({ authSecret: undefined, dataDir, nodeEnv: 'development' });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(statSync(authSecretFile(dataDir)).mode & 0o777).toBe(0o600);
      expect(resolveAuthSecret({ authSecret: undefined, dataDir, nodeEnv: 'development' })).toBe(first);
      expect(resolveAuthSecret({ authSecret: 'y'.repeat(40), dataDir, nodeEnv: 'production' })).toBe(
        'y'.repeat(40),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
