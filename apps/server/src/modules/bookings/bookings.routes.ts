import {
  activityResponseSchema,
  apiErrorBodySchema,
  availabilityParamsSchema,
  availabilityQuerySchema,
  availabilityResponseSchema,
  bookingApiPaths,
  bookingDetailResponseSchema,
  bookingErrorCodes,
  bookingIdParamsSchema,
  bookingMessages,
  bookingResponseSchema,
  createBookingBodySchema,
  idempotencyHeadersSchema,
  maxAdditionalNotesLength,
  maxDescriptionLength,
  maxRecentActivity,
  myBookingsQuerySchema,
  myBookingsResponseSchema,
  rescheduleBookingBodySchema,
  updateBookingBodySchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Caller } from '../../plugins/auth.ts';
import { availability } from './availability.service.ts';
import { type BookingLimits, cancelOwnBooking, createBooking, listUserBookings } from './bookings.service.ts';
import {
  bookingCalendarFile,
  bookingDetail,
  recentActivity,
  rescheduleAvailability,
  rescheduleOwnBooking,
} from './own-booking.service.ts';

export interface BookingsRoutesOptions extends BookingLimits {
  /** The business time zone (BUSINESS_TIMEZONE). */
  timeZone: string;
  /** CLIENT_CHANGE_NOTICE_HOURS: a client's cancelling and rescheduling close this long before the start. */
  changeNoticeHours: number;
  /** APP_URL and MAIL_FROM: the e-mails' links and the calendar event's UID and organizer. */
  appUrl: string;
  mailFrom: string;
  /** FIRM_EMAIL: who hears of clients' bookings, cancellations and moves (empty: every administrator). */
  firmEmails: readonly string[];
  /** PENDING_EXPIRY_HOURS: the received letter says when an unconfirmed request lapses (0: never). */
  pendingExpiryHours: number;
  /** The clock (tests may fix it). */
  now?: () => Date;
}

/**
 * The largest booking body a client may rightly send: the description and notes at their longest with every
 * character escaped as \uXXXX (6 bytes; what an ASCII-only JSON writer sends), and 4 KiB for the other fields.
 * About 46 KB: over the app's default body limit, so this route raises its own.
 */
export const bookingBodyLimitBytes = (maxDescriptionLength + maxAdditionalNotesLength) * 6 + 4 * 1024;

const signedOut = apiErrorBodySchema.describe("Not signed in: 'No active session'");
const invalid = apiErrorBodySchema.describe(
  `Invalid fields as errors[{ path, msg }], e.g. '${bookingMessages.descriptionTooShort(12)}'`,
);
const tooManyWrites = apiErrorBodySchema.describe(
  `The signed-in user's writes per minute are used up: '${bookingMessages.tooManyWrites(30)}', with Retry-After`,
);

export async function bookingsRoutes(app: FastifyInstance, options: BookingsRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { timeZone } = options;
  const clock = () => ({ timeZone, now: options.now?.() ?? new Date() });
  const limits: BookingLimits = { maxPendingBookings: options.maxPendingBookings };
  const mail = { appUrl: options.appUrl, mailFrom: options.mailFrom, firmEmails: options.firmEmails };
  // Administrators are never limited by the change notice, also on their own bookings.
  const changeNoticeFor = (caller: Caller) => (caller.role === 'admin' ? 0 : options.changeNoticeHours);
  const notFound = apiErrorBodySchema.describe(
    `Not the caller's booking, or no such booking: '${bookingMessages.bookingNotFound}' (never revealed)`,
  );

  routes.get(
    bookingApiPaths.availability(':id'),
    {
      schema: {
        tags: ['bookings'],
        summary: "A day's time slots of a service, each free or taken (empty on weekends and past days)",
        params: availabilityParamsSchema,
        querystring: availabilityQuerySchema,
        response: {
          200: availabilityResponseSchema,
          400: apiErrorBodySchema.describe(`Bad id or date: '${bookingMessages.dateInvalid}'`),
          404: apiErrorBodySchema.describe(`No such service: '${bookingMessages.serviceNotFound}'`),
          default: apiErrorBodySchema,
        },
      },
    },
    (request) => availability(app.db, request.params.id, request.query.date, clock()),
  );

  routes.post(
    bookingApiPaths.bookings,
    {
      onRequest: app.requireSession,
      bodyLimit: Math.max(app.initialConfig.bodyLimit ?? 0, bookingBodyLimitBytes),
      schema: {
        tags: ['bookings'],
        summary:
          'Books a time slot (pending, with its price snapshot); safe to retry with an Idempotency-Key',
        headers: idempotencyHeadersSchema,
        body: createBookingBodySchema,
        response: {
          201: bookingResponseSchema.describe('Booked'),
          200: bookingResponseSchema.describe('A retry with the same Idempotency-Key: the booking it made'),
          400: invalid,
          401: signedOut,
          403: apiErrorBodySchema.describe(`No profile yet: '${bookingMessages.profileIncomplete}'`),
          409: apiErrorBodySchema.describe(
            `'${bookingMessages.slotTaken}', or with code ${bookingErrorCodes.pendingLimit}: '${bookingMessages.pendingLimitReached(options.maxPendingBookings)}'`,
          ),
          422: apiErrorBodySchema.describe(`'${bookingMessages.idempotencyKeyReused}'`),
          429: tooManyWrites,
          default: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { headers, body, caller } = request;
      const { booking, created } = await createBooking(
        app.db,
        { userId: caller.id, request: body, idempotencyKey: headers['idempotency-key'] },
        clock(),
        limits,
        { ...mail, pendingExpiryHours: options.pendingExpiryHours },
      );
      return reply
        .headers(created ? {} : { 'idempotent-replayed': 'true' })
        .code(created ? 201 : 200)
        .send({ booking });
    },
  );

  routes.get(
    bookingApiPaths.myBookings,
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: "A page of the caller's bookings, newest first (by the moment booked)",
        description: 'Pass nextCursor as cursor for the next page.',
        querystring: myBookingsQuerySchema,
        response: {
          200: myBookingsResponseSchema,
          400: apiErrorBodySchema.describe(
            `Bad paging: '${bookingMessages.pageSizeInvalid}', '${bookingMessages.cursorInvalid}'`,
          ),
          401: signedOut,
          default: apiErrorBodySchema,
        },
      },
    },
    (request) =>
      listUserBookings(app.db, request.caller.id, request.query, {
        timeZone,
        changeNoticeHours: changeNoticeFor(request.caller),
      }),
  );

  routes.get(
    bookingApiPaths.activity,
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: `The caller's latest ${maxRecentActivity} history entries across their own bookings, newest first`,
        description: "The dashboard's Recent Activity: each entry names its booking and service.",
        response: { 200: activityResponseSchema, 401: signedOut, default: apiErrorBodySchema },
      },
    },
    (request) => recentActivity(app.db, request.caller.id),
  );

  routes.put(
    bookingApiPaths.booking(':id'),
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: "Cancels the caller's confirmed booking before it starts: { status: 'cancelled' }",
        params: bookingIdParamsSchema,
        body: updateBookingBodySchema,
        response: {
          200: bookingResponseSchema,
          400: invalid,
          401: signedOut,
          404: apiErrorBodySchema.describe(
            `No such booking of the caller: '${bookingMessages.bookingNotFound}'`,
          ),
          409: apiErrorBodySchema.describe(
            `Not confirmed: '${bookingMessages.onlyConfirmedCancellable('pending')}'; started: '${bookingMessages.cancelAfterStart}'; within the notice: '${bookingMessages.changeNoticePassed(options.changeNoticeHours)}'`,
          ),
          429: tooManyWrites,
          default: apiErrorBodySchema,
        },
      },
    },
    async (request) => ({
      booking: await cancelOwnBooking(
        app.db,
        {
          userId: request.caller.id,
          bookingId: request.params.id,
          changeNoticeHours: changeNoticeFor(request.caller),
        },
        clock(),
        mail,
      ),
    }),
  );

  routes.get(
    bookingApiPaths.booking(':id'),
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: 'One booking as My Bookings shows it, with its history (the owner, or an administrator)',
        params: bookingIdParamsSchema,
        response: {
          200: bookingDetailResponseSchema,
          400: apiErrorBodySchema.describe('Not a booking id'),
          401: signedOut,
          404: notFound,
          default: apiErrorBodySchema,
        },
      },
    },
    (request) =>
      bookingDetail(
        app.db,
        request.params.id,
        { userId: request.caller.id, isAdmin: request.caller.role === 'admin' },
        { timeZone, changeNoticeHours: changeNoticeFor(request.caller) },
      ),
  );

  routes.get(
    bookingApiPaths.calendar(':id'),
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: "The caller's booking as an iCalendar file (the same event as the e-mails' invitations)",
        description:
          'The same UID and time zone as the e-mails; SEQUENCE grows with every change, a reschedule included.',
        params: bookingIdParamsSchema,
        response: {
          200: {
            description: 'booking-{id}.ics: a VCALENDAR with METHOD:PUBLISH and one VEVENT',
            content: { 'text/calendar': { schema: z.string() } },
          },
          400: apiErrorBodySchema.describe('Not a booking id'),
          401: signedOut,
          404: notFound,
          default: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const ics = await bookingCalendarFile(app.db, request.params.id, request.caller.id, {
        ...mail,
        timeZone,
      });
      // A string under a non-JSON content type is sent as it is (no serialization).
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="booking-${request.params.id}.ics"`)
        .send(ics);
    },
  );

  routes.get(
    bookingApiPaths.rescheduleAvailability(':id'),
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: "A day's time slots the caller's booking could move to, each free or taken",
        description:
          "As the service's availability, with the booking's own duration, and its own time not counted as taken.",
        params: bookingIdParamsSchema,
        querystring: availabilityQuerySchema,
        response: {
          200: availabilityResponseSchema,
          400: apiErrorBodySchema.describe(`Bad id or date: '${bookingMessages.dateInvalid}'`),
          401: signedOut,
          404: notFound,
          default: apiErrorBodySchema,
        },
      },
    },
    (request) =>
      rescheduleAvailability(app.db, request.params.id, request.caller.id, request.query.date, clock()),
  );

  routes.post(
    bookingApiPaths.reschedule(':id'),
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary:
          "Moves the caller's pending or confirmed booking to another slot; safe to retry with an Idempotency-Key",
        description:
          'The new slot follows every rule of a new booking. The booking keeps its id, price, confirmation code and status; the client is e-mailed a calendar update.',
        params: bookingIdParamsSchema,
        headers: idempotencyHeadersSchema,
        body: rescheduleBookingBodySchema,
        response: {
          200: bookingResponseSchema.describe(
            'Moved (or, for a retry with the same Idempotency-Key, as moved)',
          ),
          400: apiErrorBodySchema.describe(
            `A slot rule broken, on startsAt (e.g. '${bookingMessages.slotInPast}'), or the same slot: '${bookingMessages.rescheduleSameSlot}'`,
          ),
          401: signedOut,
          404: notFound,
          409: apiErrorBodySchema.describe(
            `'${bookingMessages.slotTaken}'; '${bookingMessages.onlyActiveReschedulable('cancelled')}'; '${bookingMessages.rescheduleAfterStart}'; '${bookingMessages.changeNoticePassed(options.changeNoticeHours)}'`,
          ),
          422: apiErrorBodySchema.describe(`'${bookingMessages.rescheduleKeyReused}'`),
          429: tooManyWrites,
          default: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { booking, moved } = await rescheduleOwnBooking(
        app.db,
        {
          ownerId: request.caller.id,
          bookingId: request.params.id,
          startsAt: new Date(request.body.startsAt),
          idempotencyKey: request.headers['idempotency-key'],
          changeNoticeHours: changeNoticeFor(request.caller),
        },
        clock(),
        { ...mail, changeNoticeHours: changeNoticeFor(request.caller) },
      );
      return reply.headers(moved ? {} : { 'idempotent-replayed': 'true' }).send({ booking });
    },
  );
}
