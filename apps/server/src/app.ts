// Builds the Fastify app from a config: plugins, then routes, then the one error handler. Tests build it too.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import { messages } from '@portal/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import type { PasswordHasher } from './lib/accounts/password-check.ts';
import { resolveAuthSecret } from './lib/accounts/secret.ts';
import { challengeGate } from './lib/challenge.ts';
import { BadRequest, errorHandler } from './lib/errors.ts';
import { isApiPath, isCanonicalPath } from './lib/request-path.ts';
import { erasureRoutes } from './modules/account-data/erasure.routes.ts';
import { dataExportRoutes } from './modules/account-data/export.routes.ts';
import { accountsLibraryRoutes } from './modules/accounts/library.routes.ts';
import { profileRoutes } from './modules/accounts/profile.routes.ts';
import { sessionsRoutes } from './modules/accounts/sessions.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { invoiceAttachments } from './modules/billing/invoice-attachments.ts';
import { bookingFilesRoutes } from './modules/booking-files/booking-files.routes.ts';
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { calendarLinkKey } from './modules/bookings/calendar-link.ts';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes.ts';
import { calendarFeedKey } from './modules/calendar-feed/calendar-feed.service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { seed } from './modules/catalogue/catalogue.seed.ts';
import { catalogueForPages } from './modules/catalogue/catalogue.service.ts';
import { catalogueAdminRoutes } from './modules/catalogue/catalogue-admin.routes.ts';
import { challengeRoutes } from './modules/challenge/challenge.routes.ts';
import { consultantsRoutes } from './modules/consultants/consultants.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { conversationRoutes } from './modules/conversation/conversation.routes.ts';
import { crawlersRoutes } from './modules/crawlers/crawlers.routes.ts';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerHousekeeping } from './modules/housekeeping/housekeeping.scheduler.ts';
import { legalRoutes } from './modules/legal/legal.routes.ts';
import { meetingRoutes } from './modules/meeting/meeting.routes.ts';
import { operatorRoutes } from './modules/operator/operator.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { cardPaymentsOf } from './modules/payments/stripe-gateway.ts';
import { type ReminderWorkerOptions, registerReminders } from './modules/reminders/reminders.scheduler.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { registerAccounts } from './plugins/accounts.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerDatabase } from './plugins/db.ts';
import { registerForgedRequestGuard } from './plugins/forged-requests.ts';
import { registerGracefulShutdown } from './plugins/graceful-shutdown.ts';
import { registerJsonBodies } from './plugins/json-bodies.ts';
import { AccessLog, loggerOptions } from './plugins/logging.ts';
import { type MailOptions, registerMail } from './plugins/mail.ts';
import { registerOperatorChannel } from './plugins/operator-channel.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticSpa } from './plugins/static-spa.ts';
import { registerSwagger } from './plugins/swagger.ts';
import { registerWriteRateLimit } from './plugins/write-rate-limit.ts';

export interface BuildAppOptions {
  /** An already opened database (tests); by default the app opens the one the config names. */
  database?: DatabaseHandle;
  /** Timing of the mail worker (tests shorten the retry delays). */
  mail?: MailOptions;
  /** Timing of the reminder worker (tests pass more often). */
  reminders?: ReminderWorkerOptions;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: Writable;
  /** How passwords are hashed: better-auth's scrypt unless given (tests pass a cheaper cost, decision 055). */
  passwordHasher?: PasswordHasher;
}

/** Incoming request ids are honoured when they look like ids (no log injection, bounded length). */
const requestIdPattern = /^[\w.:@-]{1,128}$/;

function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
}

const jsonType = 'application/json; charset=utf-8';
const routeNotFoundBody = JSON.stringify({ message: messages.routeNotFound });
const pageNotFoundBody = JSON.stringify({ message: messages.pageNotFound });

/**
 * Fastify treats a bare number of hops as "trust nothing" (it cannot validate the peer); a number here means
 * what it means in Express: believe X-Forwarded-For through that many proxies in front of us.
 */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: requestId,
    logController: new AccessLog(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Time and size limits (docs/decisions/031): answering a request (a 503 past it), receiving one (Node's 408,
    // checked every second rather than every 30 s; Node reads it only when the server is created, hence `http`),
    // and the body a route takes unless it raises the limit.
    handlerTimeout: config.requestTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: { requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1_000 },
    bodyLimit: config.bodyLimitBytes,
    // Requests on connections already accepted are served while shutting down (plugins/graceful-shutdown.ts).
    return503OnClosing: false,
    // Bad URLs and similar failures before routing go through the one error handler too.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      errorHandler(error, request, reply);
    },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerJsonBodies(app);

  // Before every other hook: a path the router would read as another one is refused, so that every hook judging
  // by path judges what is routed (lib/request-path.ts).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done(isCanonicalPath(request.url) ? undefined : new BadRequest(messages.pathNotCanonical));
  });
  registerGracefulShutdown(app);

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl, limits: config.databaseLimits }
        : { dataDir: config.dataDir },
    ));
  try {
    await registerDatabase(app, database, seed);
  } catch (error) {
    await database.close();
    throw error;
  }

  registerSecurityHeaders(app, { https: config.appUrl.startsWith('https:') });
  registerForgedRequestGuard(app, { appUrl: config.appUrl });
  await registerCompression(app);
  await registerSwagger(app, { appUrl: config.appUrl });
  await registerMail(app, config, options.mail, (message) => invoiceAttachments(app.db, message.invoiceId));
  const secret = resolveAuthSecret(config);
  const linkKey = calendarLinkKey(secret);
  // One Stripe client for the process; null when bookings are paid by invoice.
  const cardPayments = cardPaymentsOf(config.payments, config.appUrl);
  registerHousekeeping(app, config, cardPayments);
  registerReminders(app, { ...config, calendarLinkKey: linkKey }, options.reminders);
  const feedKey = calendarFeedKey(secret);
  // Sign-up and the contact form ask for a solved challenge, signed with keys derived from the same secret.
  const challenge = challengeGate(secret, config.signUpChallenge);
  await registerAccounts(app, {
    appUrl: config.appUrl,
    secret,
    challenge,
    adminTwoFactor: config.adminTwoFactor,
    passwordHasher: options.passwordHasher,
  });
  const spaFallback = await registerStaticSpa(
    app,
    config.webDistDir,
    () => catalogueForPages(app.db),
    config.appUrl,
  );

  registerWriteRateLimit(app, { perMinute: config.writeRateLimitPerMinute });

  if (config.devMailbox) await app.register(devMailRoutes);
  await app.register(healthRoutes);
  await app.register(accountsLibraryRoutes, { appUrl: config.appUrl });
  await app.register(challengeRoutes, { gate: challenge });
  await app.register(catalogueRoutes);
  await app.register(catalogueAdminRoutes);
  await app.register(crawlersRoutes, { appUrl: config.appUrl });
  await app.register(profileRoutes, { appUrl: config.appUrl, feedKey });
  await app.register(dataExportRoutes, {
    timeZone: config.businessTimeZone,
    requestTimeoutMs: config.requestTimeoutMs,
  });
  await app.register(sessionsRoutes);
  await app.register(bookingsRoutes, {
    timeZone: config.businessTimeZone,
    maxPendingBookings: config.maxPendingBookingsPerClient,
    maxPendingBookingsPerAddress: config.maxPendingBookingsPerAddress,
    changeNoticeHours: config.clientChangeNoticeHours,
    appUrl: config.appUrl,
    mailFrom: config.mailFrom,
    replyTo: config.replyTo,
    firmEmails: config.firmEmails,
    firmNoticeDelayMs: config.firmNoticeDelayMs,
    firmNoticeWindowMs: config.firmNoticeWindowMs,
    pendingExpiryHours: config.pendingExpiryHours,
    calendarLinkKey: linkKey,
    invoicing: config.invoicing,
    cardPayments,
    meetingUrlTemplate: config.meetingUrlTemplate,
  });
  await app.register(bookingFilesRoutes, { maxUploadBytes: config.maxUploadBytes });
  await app.register(scheduleRoutes, {
    timeZone: config.businessTimeZone,
    clientChangeNoticeHours: config.clientChangeNoticeHours,
    pendingExpiryHours: config.pendingExpiryHours,
    invoicing: config.invoicing,
    payments: config.payments,
    maxUploadBytes: config.maxUploadBytes,
    appUrl: config.appUrl,
  });
  await app.register(consultantsRoutes, { timeZone: config.businessTimeZone });
  await app.register(calendarFeedRoutes, {
    timeZone: config.businessTimeZone,
    feedKey,
    appUrl: config.appUrl,
    mailFrom: config.mailFrom,
    replyTo: config.replyTo,
  });
  await app.register(conversationRoutes, {
    timeZone: config.businessTimeZone,
    appUrl: config.appUrl,
    firmEmails: config.firmEmails,
    firmNoticeDelayMs: config.firmNoticeDelayMs,
    firmNoticeWindowMs: config.firmNoticeWindowMs,
  });
  await app.register(meetingRoutes, {
    timeZone: config.businessTimeZone,
    appUrl: config.appUrl,
    mailFrom: config.mailFrom,
    replyTo: config.replyTo,
  });
  await app.register(reviewsRoutes);
  await app.register(billingRoutes, { timeZone: config.businessTimeZone });
  await app.register(settingsRoutes);
  await app.register(legalRoutes, {
    https: config.appUrl.startsWith('https:'),
    mailProvider: config.smtpUrl !== undefined,
    payments: config.payments.mode,
    firmEmail: config.replyTo,
  });
  await app.register(contactRoutes, { appUrl: config.appUrl, firmEmails: config.firmEmails, challenge });
  await app.register(erasureRoutes, {
    timeZone: config.businessTimeZone,
    appUrl: config.appUrl,
    firmEmails: config.firmEmails,
    firmNoticeDelayMs: config.firmNoticeDelayMs,
    firmNoticeWindowMs: config.firmNoticeWindowMs,
    invoicing: config.invoicing,
    cardPayments,
  });
  await app.register(adminRoutes, {
    timeZone: config.businessTimeZone,
    requestTimeoutMs: config.requestTimeoutMs,
    appUrl: config.appUrl,
    mailFrom: config.mailFrom,
    replyTo: config.replyTo,
    invoicing: config.invoicing,
    cardPayments,
  });
  if (cardPayments) {
    await app.register(paymentsRoutes, {
      timeZone: config.businessTimeZone,
      appUrl: config.appUrl,
      mailFrom: config.mailFrom,
      replyTo: config.replyTo,
      invoicing: config.invoicing,
      cardPayments,
    });
  }
  // With DATABASE_URL operator commands connect to PostgreSQL themselves: no channel, no file in DATA_DIR.
  if (database.driver === 'pglite') {
    await app.register(operatorRoutes, registerOperatorChannel(app, config.dataDir));
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return reply.code(404).type(jsonType).send(routeNotFoundBody);
    if (request.method === 'GET' || request.method === 'HEAD') return spaFallback(request, reply);
    return reply.code(404).type(jsonType).send(pageNotFoundBody);
  });

  return app;
}
