// The calendar feed over HTTP (docs/decisions/023): the feed itself, fetched by calendar apps without a session,
// and the signed-in user's reset of its URL.
import {
  apiErrorBodySchema,
  apiPaths,
  calendarFeedParamsSchema,
  calendarFeedPastDays,
  calendarFeedResetResponseSchema,
  maxCalendarFeedEvents,
  messages,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type FileAnswer, sendFile } from '../../lib/file-reply.ts';
import type { BookingMailOptions } from '../../lib/mail/booking-calendar.ts';
import { sessionGuardResponses } from '../../plugins/accounts.ts';
import { calendarFeedFile, calendarFeedUrl, resetCalendarFeed } from './calendar-feed.service.ts';

export interface CalendarFeedRoutesOptions extends BookingMailOptions {
  /** The business time zone (BUSINESS_TIMEZONE). */
  timeZone: string;
  /** The key feed tokens are derived with (calendarFeedKey). */
  feedKey: Buffer;
}

const tags = ['calendar'];
const feedFile: FileAnswer = {
  type: 'text/calendar; charset=utf-8',
  filename: 'consultations.ics',
  disposition: 'inline',
};

export async function calendarFeedRoutes(app: FastifyInstance, options: CalendarFeedRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.calendarFeed(':token'),
    {
      schema: {
        tags,
        summary:
          'A private calendar feed (iCalendar) to subscribe to; the token in its URL is its only credential',
        description: `The owner's active (pending: TENTATIVE, confirmed) consultations, or every client's for an administrator's feed, from those that ended ${calendarFeedPastDays} days ago on, at most ${maxCalendarFeedEvents}; each the same event (UID, SEQUENCE) as the emails' invitations. No session needed.`,
        params: calendarFeedParamsSchema,
        response: {
          200: {
            description: 'A VCALENDAR with METHOD:PUBLISH and a VEVENT per consultation',
            content: { 'text/calendar': { schema: z.string() } },
          },
          404: apiErrorBodySchema.describe(
            `Any token that is not a current one (unknown, guessed, or replaced by a reset): '${messages.routeNotFound}'`,
          ),
          default: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const ics = await calendarFeedFile(app.db, options.feedKey, request.params.token, {
        timeZone: options.timeZone,
        appUrl: options.appUrl,
        mailFrom: options.mailFrom,
        replyTo: options.replyTo,
        now: new Date(),
      });
      // Personal data: `Cache-Control: no-store`, as every API answer (plugins/security-headers.ts, decision 023).
      return sendFile(reply, feedFile, ics);
    },
  );

  routes.post(
    apiPaths.accounts.calendarFeedReset,
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['accounts'],
        summary: "Replaces the caller's calendar feed URL; the old one answers 404 at once",
        response: {
          200: calendarFeedResetResponseSchema,
          ...sessionGuardResponses,
        },
      },
    },
    async (request) => ({
      calendar_feed_url: calendarFeedUrl(
        options.appUrl,
        await resetCalendarFeed(app.db, options.feedKey, request.caller.id),
      ),
    }),
  );
}
