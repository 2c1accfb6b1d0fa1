// The calendar feed's API contract (zod): the reset's answer. The feed itself is iCalendar text, not JSON.
import { z } from 'zod';

export const calendarFeedUrlSchema = z
  .url()
  .describe('The private subscription URL of the calendar feed (absolute, from APP_URL)');

/** `POST /api/auth/calendar-feed/reset`: the new URL; the old one answers 404 from now on. */
export const calendarFeedResetResponseSchema = z.object({ calendar_feed_url: calendarFeedUrlSchema });

/** The feed's path parameter: any text (a token that is not a current one is a 404, never a 400). */
export const calendarFeedParamsSchema = z.object({ token: z.string() });
