import {
  activityResponseSchema,
  apiErrorBodySchema,
  apiPaths,
  availabilityParamsSchema,
  availabilityQuerySchema,
  availabilityResponseSchema,
  badPagingSchema,
  billingMessages,
  bookingDetailResponseSchema,
  bookingErrorCodes,
  bookingIdParamsSchema,
  bookingMessages,
  bookingResponseSchema,
  changeNoticeHoursFor,
  createBookingBodySchema,
  createdBookingResponseSchema,
  idempotencyHeadersSchema,
  maxAdditionalNotesLength,
  maxDescriptionLength,
  maxMyBookingsPageSize,
  maxRecentActivity,
  myBookingsQuerySchema,
  myBookingsResponseSchema,
  questionLimits,
  rescheduleBookingBodySchema,
  updateBookingBodySchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../lib/errors.ts';
import { type FileAnswer, sendFile } from '../../lib/file-reply.ts';
import { clientAddressKey } from '../../lib/limit-keys.ts';
import { sessionGuardResponses } from '../../plugins/accounts.ts';
import { availability } from './availability.service.ts';
import { type BookingSettings, createBooking, listUserBookings } from './bookings.service.ts';
import { isValidCalendarLink } from './calendar-link.ts';
import { cancelOwnBooking, rescheduleBooking } from './client-changes.service.ts';
import {
  bookingCalendarFile,
  bookingDetail,
  recentActivity,
  rescheduleAvailability,
} from './own-booking.service.ts';

/**
 * The largest booking body a client may rightly send: the description, the notes and the answers to every intake
 * question (each a long text, the longest answer, under an id at its longest) at their longest with every character
 * escaped as \uXXXX (6 bytes; what an ASCII-only JSON writer sends), and 4 KiB for the other fields. About 650 KB:
 * over the app's default body limit, so this route raises its own.
 */
export const bookingBodyLimitBytes =
  (maxDescriptionLength +
    maxAdditionalNotesLength +
    questionLimits.questions * (questionLimits.idLength + questionLimits.longTextAnswer)) *
    6 +
  4 * 1024;

const invalid = apiErrorBodySchema.describe(
  `Invalid fields as errors[{ path, msg }], e.g. '${bookingMessages.descriptionTooShort(12)}', or on consultantId: '${bookingMessages.consultantNotDelivering}'`,
);
const tooManyWrites = apiErrorBodySchema.describe(
  `The signed-in user's writes per minute are used up: '${bookingMessages.tooManyWrites(30)}', with Retry-After`,
);
const notFound = apiErrorBodySchema.describe(
  `Not the caller's booking, or no such booking: '${bookingMessages.bookingNotFound}' (never revealed)`,
);

/** A booking's calendar file, to save. */
function calendarFile(bookingId: number): FileAnswer {
  return {
    type: 'text/calendar; charset=utf-8',
    filename: `booking-${bookingId}.ics`,
    disposition: 'attachment',
  };
}

/** The header of an answer replayed for a retry with the same Idempotency-Key. */
function replayHeaders(fresh: boolean): Record<string, string> {
  return fresh ? {} : { 'idempotent-replayed': 'true' };
}

/** A calendar file's link from a reminder: no session, the signature is the credential (calendar-link.ts). */
const calendarLinkQuerySchema = z.object({
  expires: z.coerce.number().int().optional().describe('When the signed link ends (Unix seconds)'),
  signature: z.string().max(100).optional().describe("The link's signature (HMAC-SHA256, base64url)"),
});

export async function bookingsRoutes(
  app: FastifyInstance,
  settings: BookingSettings & {
    /** The key of the reminders' signed calendar links (calendarLinkKey). */
    calendarLinkKey: Buffer;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.bookings.availability(':id'),
    {
      schema: {
        tags: ['bookings'],
        summary:
          "A day's time slots of a service, each with the consultants free for it (empty on weekends and past days)",
        params: availabilityParamsSchema,
        querystring: availabilityQuerySchema,
        response: {
          200: availabilityResponseSchema,
          400: apiErrorBodySchema.describe(
            `Bad id or date: '${bookingMessages.dateInvalid}'; a consultant who does not deliver the service: '${bookingMessages.consultantNotDelivering}'`,
          ),
          404: apiErrorBodySchema.describe(`No such service: '${bookingMessages.serviceNotFound}'`),
          default: apiErrorBodySchema,
        },
      },
    },
    (request) => availability(app.db, request.params.id, request.query, settings.timeZone),
  );

  routes.post(
    apiPaths.bookings.create,
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
          201: createdBookingResponseSchema.describe('Booked'),
          200: createdBookingResponseSchema.describe(
            'A retry with the same Idempotency-Key: the booking it made',
          ),
          400: invalid,
          403: apiErrorBodySchema.describe(`No profile yet: '${bookingMessages.profileIncomplete}'`),
          409: apiErrorBodySchema.describe(
            `'${bookingMessages.slotTaken}' (the chosen consultant busy, or nobody free), or with code ${bookingErrorCodes.pendingLimit}: '${bookingMessages.pendingLimitReached(settings.maxPendingBookings)}' (the client's) or '${bookingMessages.addressPendingLimitReached(settings.maxPendingBookingsPerAddress)}' (their client address's, across accounts)`,
          ),
          422: apiErrorBodySchema.describe(`'${bookingMessages.idempotencyKeyReused}'`),
          429: tooManyWrites,
          503: apiErrorBodySchema.describe(
            `PAYMENTS=stripe: '${billingMessages.cardServiceUnavailable}' (no booking was made)`,
          ),
          ...sessionGuardResponses,
        },
      },
    },
    async ({ caller, body, headers, ip }, reply) => {
      const key = headers['idempotency-key'];
      const address = clientAddressKey(ip);
      // The received letter promises a reschedule only within the notice this caller is held to.
      const notice = changeNoticeHoursFor(caller.role, settings.changeNoticeHours);
      const callerSettings = { ...settings, changeNoticeHours: notice };
      const { booking, created } = await createBooking(app.db, caller.id, body, key, callerSettings, address);
      return reply
        .headers(replayHeaders(created))
        .code(created ? 201 : 200)
        .send({ booking, ...(booking.checkout_url && { checkout_url: booking.checkout_url }) });
    },
  );

  routes.get(
    apiPaths.bookings.myBookings,
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: "A page of the caller's bookings: upcoming soonest first, then the rest most recent first",
        description: 'Pass nextCursor as cursor for the next page.',
        querystring: myBookingsQuerySchema,
        response: {
          200: myBookingsResponseSchema,
          400: badPagingSchema(maxMyBookingsPageSize),
          ...sessionGuardResponses,
        },
      },
    },
    (request) => listUserBookings(app.db, request.caller, request.query, settings),
  );

  routes.get(
    apiPaths.bookings.activity,
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: `The caller's latest ${maxRecentActivity} history entries across their own bookings, newest first`,
        description: "The dashboard's Recent Activity: each entry names its booking and service.",
        response: { 200: activityResponseSchema, ...sessionGuardResponses },
      },
    },
    (request) => recentActivity(app.db, request.caller.id),
  );

  routes.put(
    apiPaths.bookings.booking(':id'),
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
          404: apiErrorBodySchema.describe(
            `No such booking of the caller: '${bookingMessages.bookingNotFound}'`,
          ),
          409: apiErrorBodySchema.describe(
            `Not confirmed: '${bookingMessages.onlyConfirmedCancellable('pending')}'; started: '${bookingMessages.cancelAfterStart}'; within the notice: '${bookingMessages.changeNoticePassed(settings.changeNoticeHours)}'`,
          ),
          429: tooManyWrites,
          ...sessionGuardResponses,
        },
      },
    },
    async (request) => ({
      booking: await cancelOwnBooking(app.db, request.caller, request.params.id, settings),
    }),
  );

  routes.get(
    apiPaths.bookings.booking(':id'),
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: 'One booking as My Bookings shows it, with its history (the owner, or an administrator)',
        params: bookingIdParamsSchema,
        response: {
          200: bookingDetailResponseSchema,
          400: apiErrorBodySchema.describe('Not a booking id'),
          404: notFound,
          ...sessionGuardResponses,
        },
      },
    },
    (request) => bookingDetail(app.db, request.params.id, request.caller, settings),
  );

  routes.get(
    apiPaths.bookings.calendar(':id'),
    {
      // A signed link (the reminder's) needs no session: the handler checks its signature instead.
      onRequest: async function (request, reply) {
        if ((request.query as { signature?: unknown }).signature !== undefined) return;
        await app.requireSession.call(this, request, reply);
      },
      schema: {
        tags: ['bookings'],
        summary: "The caller's booking as an iCalendar file (the same event as the emails' invitations)",
        description:
          'The same UID and time zone as the emails; SEQUENCE grows with every change, a reschedule included. With `expires` and `signature` (the link in a reminder) no session is needed, until the link expires; an altered or expired link is a 404.',
        params: bookingIdParamsSchema,
        querystring: calendarLinkQuerySchema,
        response: {
          200: {
            description: 'booking-{id}.ics: a VCALENDAR with METHOD:PUBLISH and one VEVENT',
            content: { 'text/calendar': { schema: z.string() } },
          },
          400: apiErrorBodySchema.describe('Not a booking id'),
          404: notFound,
          ...sessionGuardResponses,
        },
      },
    },
    async (request, reply) => {
      const { params, query } = request;
      let ownerId: string | null;
      if (query.signature === undefined) ownerId = request.caller.id;
      else if (
        query.expires !== undefined &&
        isValidCalendarLink(
          settings.calendarLinkKey,
          params.id,
          { expires: query.expires, signature: query.signature },
          new Date(),
        )
      )
        ownerId = null;
      else throw new NotFound(bookingMessages.bookingNotFound);
      const ics = await bookingCalendarFile(app.db, params.id, ownerId, settings);
      return sendFile(reply, calendarFile(params.id), ics);
    },
  );

  routes.get(
    apiPaths.bookings.rescheduleAvailability(':id'),
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary:
          "A day's time slots the booking could move to, each free or taken (its owner, or an administrator)",
        description:
          "As the service's availability, with the booking's own duration, and its own time not counted as taken. An administrator may ask for any booking; a client only for their own.",
        params: bookingIdParamsSchema,
        querystring: availabilityQuerySchema,
        response: {
          200: availabilityResponseSchema,
          400: apiErrorBodySchema.describe(`Bad id or date: '${bookingMessages.dateInvalid}'`),
          404: notFound,
          ...sessionGuardResponses,
        },
      },
    },
    (request) =>
      rescheduleAvailability(
        app.db,
        request.params.id,
        request.caller,
        request.query.date,
        settings.timeZone,
      ),
  );

  routes.post(
    apiPaths.bookings.reschedule(':id'),
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary:
          'Moves a pending or confirmed booking to another slot (its owner, or an administrator); safe to retry with an Idempotency-Key',
        description:
          "The new slot follows every rule of a new booking. The booking keeps its id, price, confirmation code and status; the client is emailed a calendar update. A client moves only their own booking, until the change notice before it; an administrator moves any booking that has not started, whatever the notice, and the client's letter says the firm moved it.",
        params: bookingIdParamsSchema,
        headers: idempotencyHeadersSchema,
        body: rescheduleBookingBodySchema,
        response: {
          200: bookingResponseSchema.describe(
            'Moved (or, for a retry with the same Idempotency-Key, as moved)',
          ),
          400: apiErrorBodySchema.describe(
            `A slot rule broken, on startsAt (e.g. '${bookingMessages.slotInPast}'), or the same slot: '${bookingMessages.rescheduleSameSlot}'; on consultantId: '${bookingMessages.consultantNotDelivering}'`,
          ),
          404: notFound,
          409: apiErrorBodySchema.describe(
            `'${bookingMessages.slotTaken}' (the consultant busy, away or out of their hours then); '${bookingMessages.onlyActiveReschedulable('cancelled')}'; '${bookingMessages.rescheduleAfterStart}'; '${bookingMessages.changeNoticePassed(settings.changeNoticeHours)}'`,
          ),
          422: apiErrorBodySchema.describe(`'${bookingMessages.rescheduleKeyReused}'`),
          429: tooManyWrites,
          ...sessionGuardResponses,
        },
      },
    },
    async ({ params, body, headers, caller }, reply) => {
      const key = headers['idempotency-key'];
      const move = await rescheduleBooking(app.db, caller, params.id, body, key, settings);
      return reply.headers(replayHeaders(move.moved)).send({ booking: move.booking });
    },
  );
}
