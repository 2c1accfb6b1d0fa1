// The administrators' API: statistics, every booking (filtered, paged, exported as CSV), the upcoming schedule,
// status changes, the counts of what waits (pending bookings, unanswered messages) and the user figures. Admin
// only on every route (401 signed out, 403 otherwise), but for the status change a consultant may make on their own.
import {
  accountMessages,
  activeUserDefinition,
  adminBookingFiltersSchema,
  adminBookingsQuerySchema,
  adminBookingsResponseSchema,
  adminCountsResponseSchema,
  adminDateRangeQuerySchema,
  adminMessages,
  adminStatsQuerySchema,
  adminStatsResponseSchema,
  adminStatusBodySchema,
  apiErrorBodySchema,
  apiPaths,
  bookingIdParamsSchema,
  bookingMessages,
  bookingResponseSchema,
  bookingsResponseSchema,
  cancelPendingBodySchema,
  cancelPendingResponseSchema,
  consultantAreaMessages,
  consultantMaySet,
  moneyDefinition,
  reassignBookingBodySchema,
  revenueDefinition,
  todayIn,
  undeliveredMailResponseSchema,
  undeliveredMailShown,
  upcomingBookingsQuerySchema,
  userStatsResponseSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { InvoicingSettings } from '../../config.ts';
import { Forbidden } from '../../lib/errors.ts';
import { type FileAnswer, sendFile } from '../../lib/file-reply.ts';
import { undeliveredMail } from '../../lib/mail/outbox.ts';
import { adminGuardResponses } from '../../plugins/accounts.ts';
import { setBookingStatus } from '../bookings/booking-status.service.ts';
import { reassignBooking } from '../bookings/reassignment.service.ts';
import type { CardPayments } from '../payments/stripe-gateway.ts';
import {
  cancelPendingBookings,
  exportBookingsCsv,
  exportColumns,
  listAdminBookings,
  upcomingBookings,
} from './admin-bookings.service.ts';
import { adminCounts, bookingStatistics, userStatistics } from './admin-stats.service.ts';

export interface AdminRoutesOptions {
  /** The business time zone (BUSINESS_TIMEZONE). */
  timeZone: string;
  /** APP_URL and MAIL_FROM: the client's e-mail about a status change links back and names its sender. */
  appUrl: string;
  mailFrom: string;
  /** The firm's reply address (REPLY_TO, else the first FIRM_EMAIL), for the calendar event. */
  replyTo?: string | undefined;
  /** REQUEST_TIMEOUT_MS. The CSV export streams for as long as the bookings take: it gets `exportTimeoutMs` at least. */
  requestTimeoutMs: number;
  /** CURRENCY, TAX_RATE_PERCENT, INVOICE_DUE_DAYS: a confirmation issues the invoice. */
  invoicing: InvoicingSettings;
  /** PAYMENTS=stripe: a confirmation captures the card, a cancellation voids or refunds it. */
  cardPayments: CardPayments | null;
}

/** The export as a download named for today in the business zone; it goes out as it is written. */
function exportFile(timeZone: string): FileAnswer {
  const filename = `bookings-${todayIn(timeZone, new Date())}.csv`;
  return { type: 'text/csv; charset=utf-8', filename, disposition: 'attachment' };
}

/** The export's time limit: it makes progress batch by batch (each statement has its own timeout). */
const exportTimeoutMs = 5 * 60_000;

const tags = ['admin'];
const badRange = apiErrorBodySchema.describe(
  `Invalid dates as errors[{ path, msg }], e.g. '${adminMessages.endBeforeStart}'`,
);
const badFilters = apiErrorBodySchema.describe(
  `Invalid filters as errors[{ path, msg }]: dates, '${adminMessages.statusInvalid}', '${adminMessages.serviceUnknown}', '${adminMessages.consultantUnknown}'`,
);

export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { timeZone } = options;
  const statusChange = {
    timeZone,
    appUrl: options.appUrl,
    mailFrom: options.mailFrom,
    replyTo: options.replyTo,
    invoicing: options.invoicing,
    cardPayments: options.cardPayments,
    confirmed: () => app.reminders.wake(),
  };
  const adminOnly = app.requireRole('admin');

  routes.get(
    apiPaths.admin.stats,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Booking counts by status, booked revenue, the money collected, outstanding and credited, the previous period, a daily series and per-service figures',
        description: `${revenueDefinition} ${moneyDefinition} The previous period is the range of equal length just before.`,
        querystring: adminStatsQuerySchema,
        response: { 200: adminStatsResponseSchema, 400: badRange, ...adminGuardResponses },
      },
    },
    (request) => bookingStatistics(app.db, request.query, timeZone, options.invoicing.currency),
  );

  routes.get(
    apiPaths.admin.all,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Every booking, newest first (by the moment booked), filtered and paged by cursor',
        description:
          'Dates filter by the day the booking was made (startDate, endDate) and by the day the consultation starts (from, to), in the business time zone. Pass nextCursor as cursor ' +
          "for the next page. bookingId narrows the list to that one booking (the firm's emails link to it).",
        querystring: adminBookingsQuerySchema,
        response: {
          200: adminBookingsResponseSchema,
          400: apiErrorBodySchema.describe(
            `Invalid filters or paging: dates, '${adminMessages.serviceUnknown}', '${adminMessages.consultantUnknown}', '${adminMessages.bookingIdInvalid}', '${adminMessages.cursorInvalid}'`,
          ),
          ...adminGuardResponses,
        },
      },
    },
    (request) => listAdminBookings(app.db, request.query, timeZone, request.caller.id),
  );

  routes.get(
    apiPaths.admin.upcoming,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Pending and confirmed bookings that have not started yet, soonest first',
        querystring: upcomingBookingsQuerySchema,
        response: { 200: bookingsResponseSchema, 400: apiErrorBodySchema, ...adminGuardResponses },
      },
    },
    async (request) => ({
      bookings: await upcomingBookings(app.db, request.query.limit, new Date(), timeZone, request.caller.id),
    }),
  );

  routes.get(
    apiPaths.admin.export,
    {
      onRequest: adminOnly,
      handlerTimeout: Math.max(options.requestTimeoutMs, exportTimeoutMs),
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
          ...adminGuardResponses,
        },
      },
    },
    async (request, reply) => {
      const csv = await exportBookingsCsv(app.db, request.query, timeZone, (error) =>
        request.log.error({ err: error }, 'the CSV export failed while streaming'),
      );
      return sendFile(reply, exportFile(timeZone), csv);
    },
  );

  routes.put(
    apiPaths.admin.status(':id'),
    {
      // A consultant too, for their own bookings only (docs/decisions/048).
      onRequest: app.requireRole('admin', 'consultant'),
      schema: {
        tags,
        summary:
          'Sets a booking’s status (recorded with who, from, to and when); the client is told by email',
        description:
          'An administrator sets any status of any booking. A consultant confirms, completes or cancels the ' +
          'bookings of their own consultant record only: another booking is a 404, another status a 403.',
        params: bookingIdParamsSchema,
        body: adminStatusBodySchema,
        response: {
          200: bookingResponseSchema,
          400: apiErrorBodySchema.describe(`'${adminMessages.bookingStatusInvalid}'`),
          404: apiErrorBodySchema.describe(`'${bookingMessages.bookingNotFound}'`),
          409: apiErrorBodySchema.describe(`Reactivating into a taken time: '${bookingMessages.slotTaken}'`),
          ...adminGuardResponses,
          403: apiErrorBodySchema.describe(
            `Neither an administrator nor a consultant: '${accountMessages.adminRequired}'; a consultant setting another status: '${consultantAreaMessages.statusNotAllowed}'`,
          ),
        },
      },
    },
    async ({ params, body, caller }) => {
      const consultantAccount = caller.role === 'consultant';
      if (consultantAccount && !consultantMaySet(body.status)) {
        throw new Forbidden(consultantAreaMessages.statusNotAllowed);
      }
      const change = { bookingId: params.id, status: body.status, actorUserId: caller.id, consultantAccount };
      return { booking: await setBookingStatus(app.db, change, statusChange) };
    },
  );

  routes.put(
    apiPaths.admin.consultant(':id'),
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Moves an active booking that has not started to another consultant of its service, at the same time',
        description:
          'Atomic, under both consultants’ day locks. The history records it (“Moved from X to Y by the firm”); the ' +
          'client (with the calendar update once invited) and both consultants are told by email (not at .invalid addresses).',
        params: bookingIdParamsSchema,
        body: reassignBookingBodySchema,
        response: {
          200: bookingResponseSchema,
          400: apiErrorBodySchema.describe(
            `On consultantId: '${bookingMessages.consultantNotDelivering}' (or retired), '${bookingMessages.reassignSameConsultant}', '${bookingMessages.consultantInvalid}'`,
          ),
          404: apiErrorBodySchema.describe(`'${bookingMessages.bookingNotFound}'`),
          409: apiErrorBodySchema.describe(
            `The consultant busy, away or out of their hours then: '${bookingMessages.slotTaken}'; '${bookingMessages.onlyActiveReassignable('cancelled')}'; '${bookingMessages.reassignAfterStart}'`,
          ),
          ...adminGuardResponses,
        },
      },
    },
    async ({ params, body, caller }) => {
      const change = { bookingId: params.id, consultantId: body.consultantId, actorUserId: caller.id };
      return { booking: await reassignBooking(app.db, change, statusChange) };
    },
  );

  routes.post(
    apiPaths.admin.cancelPending,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Cancels every pending booking of one client or one client address; each client is told by email',
        description:
          'Send clientId (a booking’s user_id) or address (a client_address, or any address it covers). Each ' +
          'cancellation is recorded in the booking’s history as the administrator’s, as a status change is.',
        body: cancelPendingBodySchema,
        response: {
          200: cancelPendingResponseSchema,
          400: apiErrorBodySchema.describe(
            `'${adminMessages.cancelPendingTarget}', '${adminMessages.clientIdInvalid}', '${adminMessages.addressInvalid}'`,
          ),
          ...adminGuardResponses,
        },
      },
    },
    async ({ body, caller }) => ({
      cancelled: await cancelPendingBookings(app.db, body, caller.id, statusChange),
    }),
  );

  routes.get(
    apiPaths.admin.undeliveredMail,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Emails given up on after their last delivery attempt: how many, and the latest few',
        description:
          'MAIL_MAX_ATTEMPTS attempts are made (with growing delays) before an email is given up on.',
        response: { 200: undeliveredMailResponseSchema, ...adminGuardResponses },
      },
    },
    () => undeliveredMail(app.db, undeliveredMailShown),
  );

  routes.get(
    apiPaths.admin.counts,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'How many bookings are pending and how many contact-form messages are unanswered',
        description:
          'For the admin navigation: every pending booking, whenever it starts, and every message not marked answered.',
        response: { 200: adminCountsResponseSchema, ...adminGuardResponses },
      },
    },
    () => adminCounts(app.db),
  );

  routes.get(
    apiPaths.accounts.userStats,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Active and new users in a range, and in the range of equal length before it',
        description: activeUserDefinition,
        querystring: adminDateRangeQuerySchema,
        response: { 200: userStatsResponseSchema, 400: badRange, ...adminGuardResponses },
      },
    },
    (request) => userStatistics(app.db, request.query, timeZone),
  );
}
