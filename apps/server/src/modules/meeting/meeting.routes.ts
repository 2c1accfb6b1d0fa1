// Where a consultation happens and its summary (docs/product.md#where-the-meeting-happens, #the-summary): an
// administrator's location instead of the booking's video room, and the firm's summary once it is completed.
import {
  apiErrorBodySchema,
  apiPaths,
  bookingIdParamsSchema,
  bookingMessages,
  bookingResponseSchema,
  maxSummaryLength,
  meetingTexts,
  saveSummaryBodySchema,
  setLocationBodySchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminGuardResponses, sessionGuardResponses } from '../../plugins/accounts.ts';
import { type LocationChangeOptions, setBookingLocation } from './location.service.ts';
import { saveSummary } from './summary.service.ts';

/**
 * The largest summary body a writer may rightly send: the summary at its longest with every character escaped as
 * \uXXXX (6 bytes; what an ASCII-only JSON writer sends), and 1 KiB besides. About 121 KB: over the app's default
 * body limit, so the route raises its own.
 */
export const summaryBodyLimitBytes = maxSummaryLength * 6 + 1024;

const tooManyWrites = apiErrorBodySchema.describe("The signed-in user's writes per minute are used up");
const notFound = apiErrorBodySchema.describe(
  `No such booking, or one the caller may not read: '${bookingMessages.bookingNotFound}' (never revealed)`,
);

export async function meetingRoutes(
  app: FastifyInstance,
  options: Omit<LocationChangeOptions, 'remindersWithdrawn'>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.put(
    apiPaths.admin.location(':id'),
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Sets where the firm meets the client instead of the booking’s video room, or clears it',
        description:
          'An office address or a phone number (one line), recorded in the history (“Meeting place changed by the ' +
          'firm”). null brings the booking’s own room back. A confirmed booking’s client is emailed the calendar ' +
          'update (same UID, higher SEQUENCE) carrying the new place; the booking answers `location` (or ' +
          '`meeting_url`) only while it is confirmed. The location it already has changes nothing.',
        params: bookingIdParamsSchema,
        body: setLocationBodySchema,
        response: {
          200: bookingResponseSchema,
          400: apiErrorBodySchema.describe(
            `On location: '${meetingTexts.locationRequired}', or '{N} characters at most' and the text rule`,
          ),
          404: apiErrorBodySchema.describe(`'${bookingMessages.bookingNotFound}'`),
          429: tooManyWrites,
          ...adminGuardResponses,
        },
      },
    },
    async ({ params, body, caller }) => {
      const change = { bookingId: params.id, location: body.location, actorUserId: caller.id };
      const locationOptions = { ...options, remindersWithdrawn: () => app.reminders.wake() };
      return { booking: await setBookingLocation(app.db, change, locationOptions) };
    },
  );

  routes.put(
    apiPaths.bookings.summary(':id'),
    {
      onRequest: app.requireSession,
      bodyLimit: Math.max(app.initialConfig.bodyLimit ?? 0, summaryBodyLimitBytes),
      schema: {
        tags: ['bookings'],
        summary:
          'Writes the summary of a completed consultation (administrators and the booking’s consultant)',
        description:
          'The whole text, replacing the last. The first summary tells the client by email that it is ready, once ' +
          'however many writers save at the same moment; later edits send nothing. The client reads it in the ' +
          'booking’s `summary`.',
        params: bookingIdParamsSchema,
        body: saveSummaryBodySchema,
        response: {
          200: bookingResponseSchema,
          400: apiErrorBodySchema.describe(
            `On summary: '${meetingTexts.summaryRequired}', or '{N} characters at most' and the text rule`,
          ),
          403: apiErrorBodySchema.describe(
            `The booking's client (or another who may read it but is not the firm): '${meetingTexts.summaryFirmOnly}'`,
          ),
          404: notFound,
          409: apiErrorBodySchema.describe(
            `Not completed: '${meetingTexts.summaryNotCompleted('confirmed')}'`,
          ),
          429: tooManyWrites,
          ...sessionGuardResponses,
        },
      },
    },
    async ({ params, body, caller }) => ({
      booking: await saveSummary(
        app.db,
        { bookingId: params.id, summary: body.summary, caller },
        { timeZone: options.timeZone, appUrl: options.appUrl },
      ),
    }),
  );
}
