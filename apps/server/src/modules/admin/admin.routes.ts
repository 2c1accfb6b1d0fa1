// The administrators' API: statistics, every booking (filtered, paged, exported as CSV), the upcoming schedule,
// status changes and the user figures. Admin only on every route: 401 signed out, 403 for a client.
import { pipeline } from 'node:stream';
import {
  accountApiPaths,
  accountMessages,
  activeUserDefinition,
  adminApiPaths,
  adminBookingFiltersSchema,
  adminBookingsQuerySchema,
  adminBookingsResponseSchema,
  adminDateRangeQuerySchema,
  adminMessages,
  adminStatsResponseSchema,
  adminStatusBodySchema,
  apiErrorBodySchema,
  bookingIdParamsSchema,
  bookingMessages,
  bookingResponseSchema,
  bookingsResponseSchema,
  maxStatsRangeDays,
  rangeDays,
  revenueDefinition,
  todayIn,
  upcomingBookingsQuerySchema,
  userStatsResponseSchema,
} from '@portal/domain';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionUser } from '../../plugins/auth.ts';
import { setBookingStatus } from '../bookings/bookings.service.ts';
import { throwValidationErrors, ValidationFailed } from '../errors.ts';
import { userStatistics } from '../users/users.service.ts';
import {
  bookingStatistics,
  closedRange,
  exportBookings,
  exportColumns,
  listAdminBookings,
  upcomingBookings,
} from './admin.service.ts';

export interface AdminRoutesOptions {
  /** The business time zone (BUSINESS_TIMEZONE). */
  timeZone: string;
  /** APP_URL and MAIL_FROM: the client's e-mail about a status change links back and names its sender. */
  appUrl: string;
  mailFrom: string;
  /** The clock (tests may fix it). */
  now?: () => Date;
}

function caller(request: FastifyRequest): SessionUser {
  const user = request.sessionUser;
  if (!user) throw new Error('requireRole did not run');
  return user;
}

/**
 * The CSV writer of the export: quoting by csv-stringify, a BOM so that spreadsheets read UTF-8, and cells that
 * a spreadsheet would run as a formula (= + - @ tab CR first) neutralised with a leading apostrophe.
 */
export function csvWriter() {
  return stringify({ header: true, columns: [...exportColumns], bom: true, escape_formulas: true });
}

const tags = ['admin'];
const signedOut = apiErrorBodySchema.describe(`Not signed in: '${accountMessages.noActiveSession}'`);
const notAdmin = apiErrorBodySchema.describe(
  `Signed in, not an administrator: '${accountMessages.adminRequired}'`,
);
const badRange = apiErrorBodySchema.describe(
  `Invalid dates as errors[{ path, msg }], e.g. '${adminMessages.endBeforeStart}'`,
);
const badFilters = apiErrorBodySchema.describe(
  `Invalid filters as errors[{ path, msg }]: dates, '${adminMessages.statusInvalid}', '${adminMessages.serviceUnknown}'`,
);
const guarded = { 401: signedOut, 403: notAdmin, default: apiErrorBodySchema };

export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { timeZone } = options;
  const now = () => options.now?.() ?? new Date();
  const adminOnly = app.requireRole('admin');

  routes.get(
    adminApiPaths.stats,
    {
      preHandler: adminOnly,
      // The guard answers 401/403 before a bad query is judged.
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Booking counts by status, revenue, the previous period, a daily series and per-service figures',
        description: `${revenueDefinition} The previous period is the range of equal length just before.`,
        querystring: adminDateRangeQuerySchema,
        response: { 200: adminStatsResponseSchema, 400: badRange, ...guarded },
      },
    },
    async (request) => {
      throwValidationErrors(request);
      const closed = closedRange(request.query);
      if (closed && rangeDays(closed) > maxStatsRangeDays) {
        throw new ValidationFailed(
          [{ path: 'endDate', msg: adminMessages.rangeTooLong }],
          adminMessages.rangeTooLong,
        );
      }
      return bookingStatistics(app.db, request.query, timeZone);
    },
  );

  routes.get(
    adminApiPaths.all,
    {
      preHandler: adminOnly,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Every booking, newest first (by the moment booked), filtered and paged by cursor',
        description:
          'Dates filter by the day the booking was made, in the business time zone. Pass nextCursor as cursor ' +
          'for the next page.',
        querystring: adminBookingsQuerySchema,
        response: {
          200: adminBookingsResponseSchema,
          400: apiErrorBodySchema.describe(
            `Invalid filters or paging: dates, '${adminMessages.serviceUnknown}', '${adminMessages.cursorInvalid}'`,
          ),
          ...guarded,
        },
      },
    },
    async (request) => {
      throwValidationErrors(request);
      return listAdminBookings(app.db, request.query, timeZone);
    },
  );

  routes.get(
    adminApiPaths.upcoming,
    {
      preHandler: adminOnly,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Pending and confirmed bookings that have not started yet, soonest first',
        querystring: upcomingBookingsQuerySchema,
        response: { 200: bookingsResponseSchema, 400: apiErrorBodySchema, ...guarded },
      },
    },
    async (request) => {
      throwValidationErrors(request);
      return { bookings: await upcomingBookings(app.db, request.query.limit, now(), timeZone) };
    },
  );

  routes.get(
    adminApiPaths.export,
    {
      preHandler: adminOnly,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Every booking matching the filters as CSV (no paging), newest first',
        description: `Columns: ${exportColumns.join(', ')}. Cells a spreadsheet would run as a formula start with an apostrophe.`,
        querystring: adminBookingFiltersSchema,
        response: {
          200: {
            description: 'An attachment bookings-YYYY-MM-DD.csv (UTF-8 with a BOM), a header row first',
            content: { 'text/csv': { schema: z.string() } },
          },
          400: badFilters,
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      throwValidationErrors(request);
      const records = await exportBookings(app.db, request.query, timeZone);
      const csv = csvWriter();
      // Errors while streaming reach Fastify through the destroyed csv stream (it ends the response).
      pipeline(records, csv, () => {});
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="bookings-${todayIn(timeZone, now())}.csv"`)
          // The schema types the body as the CSV text; Fastify streams it as it is written (no stream is serialized).
          .send(csv as unknown as string)
      );
    },
  );

  routes.put(
    adminApiPaths.status(':id'),
    {
      preHandler: adminOnly,
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Sets a booking’s status (recorded with who, from, to and when); the client is told by e-mail',
        params: bookingIdParamsSchema,
        body: adminStatusBodySchema,
        response: {
          200: bookingResponseSchema,
          400: apiErrorBodySchema.describe(`'${adminMessages.bookingStatusInvalid}'`),
          404: apiErrorBodySchema.describe(`'${bookingMessages.bookingNotFound}'`),
          409: apiErrorBodySchema.describe(`Reactivating into a taken time: '${bookingMessages.slotTaken}'`),
          ...guarded,
        },
      },
    },
    async (request) => {
      throwValidationErrors(request);
      const booking = await setBookingStatus(
        app.db,
        { bookingId: request.params.id, status: request.body.status, actorUserId: caller(request).id },
        { timeZone, appUrl: options.appUrl, mailFrom: options.mailFrom },
      );
      return { booking };
    },
  );

  routes.get(
    accountApiPaths.userStats,
    {
      preHandler: adminOnly,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Active and new users in a range, and in the range of equal length before it',
        description: activeUserDefinition,
        querystring: adminDateRangeQuerySchema,
        response: { 200: userStatsResponseSchema, 400: badRange, ...guarded },
      },
    },
    async (request) => {
      throwValidationErrors(request);
      return userStatistics(app.db, request.query, timeZone);
    },
  );
}
