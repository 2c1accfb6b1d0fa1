// The firm's schedule over HTTP: the schedule and closed dates for administrators (401 signed out, 403 for a
// client), and the public schedule the booking wizard greys out days with and the Terms of Service are built from.
import {
  apiErrorBodySchema,
  apiPaths,
  closureBodySchema,
  closureCreatedResponseSchema,
  closuresResponseSchema,
  idParamsSchema,
  publicScheduleResponseSchema,
  scheduleBodySchema,
  scheduleChangesQuerySchema,
  scheduleChangesResponseSchema,
  scheduleLimits,
  scheduleMessages,
  scheduleResponseSchema,
  tooCloseResponseSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { InvoicingSettings, PaymentSettings } from '../../config.ts';
import { adminGuardResponses } from '../../plugins/accounts.ts';
import {
  addClosure,
  listClosures,
  loadScheduleWithClosures,
  publicSchedule,
  removeClosure,
  saveSchedule,
  scheduleChanges,
  tooCloseBookings,
} from './schedule.service.ts';

export interface ScheduleRoutesOptions {
  /** The business time zone (BUSINESS_TIMEZONE). */
  timeZone: string;
  /** CLIENT_CHANGE_NOTICE_HOURS, which the public schedule states for the wizard and a closure's letters follow. */
  clientChangeNoticeHours: number;
  /** PENDING_EXPIRY_HOURS, which the public schedule states for the Terms of Service. */
  pendingExpiryHours: number;
  /** CURRENCY, TAX_RATE_PERCENT, INVOICE_DUE_DAYS and PAYMENTS, which the public schedule states for the Terms. */
  invoicing: InvoicingSettings;
  payments: PaymentSettings;
  /** MAX_UPLOAD_MB in bytes, which the public schedule states for the web app's checks. */
  maxUploadBytes: number;
  /** APP_URL: a closure's letters link to the booking's page. */
  appUrl: string;
}

const tags = ['schedule'];
const invalid = apiErrorBodySchema.describe('Invalid fields as errors[{ path, msg }]');

export async function scheduleRoutes(app: FastifyInstance, options: ScheduleRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const { timeZone, clientChangeNoticeHours } = options;
  const publicSettings = {
    timeZone,
    clientChangeNoticeHours,
    pendingExpiryHours: options.pendingExpiryHours,
    invoicing: options.invoicing,
    payments: options.payments,
    maxUploadBytes: options.maxUploadBytes,
  };
  const adminOnly = app.requireRole('admin');

  routes.get(
    apiPaths.schedule.public,
    {
      schema: {
        tags,
        summary:
          "Opening hours, slot step, notice, horizon, the closed dates from today on, a client's change notice, and the pending expiry and payment rules",
        description:
          "What the booking wizard greys out days with, and what the Terms of Service page states: every rule here is the server's own setting.",
        response: { 200: publicScheduleResponseSchema, default: apiErrorBodySchema },
      },
    },
    () => publicSchedule(db, publicSettings),
  );

  routes.get(
    apiPaths.schedule.admin,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "The firm's schedule",
        response: { 200: scheduleResponseSchema, ...adminGuardResponses },
      },
    },
    async () => ({ schedule: (await loadScheduleWithClosures(db)).schedule }),
  );

  routes.put(
    apiPaths.schedule.admin,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Replaces the schedule: weekly hours, slot step, buffer, minimum notice, horizon',
        description:
          'Every booking not yet over is then held with the new buffer, except two active bookings it would bring ' +
          `closer together than the buffer: those keep their hold and are listed by ${apiPaths.schedule.tooClose}.`,
        body: scheduleBodySchema,
        response: { 200: scheduleResponseSchema, 400: invalid, ...adminGuardResponses },
      },
    },
    async (request) => ({ schedule: await saveSchedule(db, request.caller, request.body.schedule) }),
  );

  routes.get(
    apiPaths.schedule.changes,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'The latest changes of the schedule and the closed dates, newest first: who, when, before, after',
        querystring: scheduleChangesQuerySchema,
        response: { 200: scheduleChangesResponseSchema, 400: apiErrorBodySchema, ...adminGuardResponses },
      },
    },
    async (request) => ({ changes: await scheduleChanges(db, request.query.limit) }),
  );

  routes.get(
    apiPaths.schedule.tooClose,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Active bookings closer together than the buffer, in pairs, for the firm to move one of each',
        description:
          'A booking made before the buffer was raised keeps its hold where the new buffer would reach the next ' +
          `booking of its service; each such pair whose later booking has not started is listed, the earliest ${scheduleLimits.tooClosePairsShown}.`,
        response: { 200: tooCloseResponseSchema, ...adminGuardResponses },
      },
    },
    async () => ({ pairs: await tooCloseBookings(db, timeZone) }),
  );

  routes.get(
    apiPaths.schedule.closures,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Every closure ahead and the latest past ones, in date order, each with the active bookings on it',
        response: { 200: closuresResponseSchema, ...adminGuardResponses },
      },
    },
    async () => ({ closures: await listClosures(db, timeZone) }),
  );

  routes.post(
    apiPaths.schedule.closures,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Closes a date or a range of dates (both included); lists the active bookings on them and emails their clients',
        description:
          "Each client of an active booking not yet started on the new dates is emailed once, with the closure, unless another closure already covered the booking's date (so a retry tells no one again). Deleting a closure sends nothing.",
        body: closureBodySchema,
        response: {
          201: closureCreatedResponseSchema,
          400: invalid,
          409: apiErrorBodySchema.describe(`'${scheduleMessages.tooManyClosures}'`),
          ...adminGuardResponses,
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return addClosure(db, request.caller, request.body, options);
    },
  );

  routes.delete(
    apiPaths.schedule.closure(':id'),
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Opens the dates of a closure again',
        params: idParamsSchema('Closure'),
        response: {
          200: z.object({ message: z.string() }),
          404: apiErrorBodySchema.describe(`'${scheduleMessages.closureNotFound}'`),
          ...adminGuardResponses,
        },
      },
    },
    async (request) => {
      await removeClosure(db, request.caller, request.params.id);
      return { message: scheduleMessages.closureRemoved };
    },
  );
}
