// The calendar API's contract: the schedule (admin), closed dates (admin) and the public calendar the booking
// wizard reads. The rules the shapes encode are in schedule.ts.
import { z } from 'zod';
import { bookingSchema } from '../bookings/schemas.ts';
import { textField } from '../text/field.ts';
import { addDays, isIsoDate } from './dates.ts';
import { calendarLimits, clockMinutes, type Schedule, weekdayLabel, weekdayNames } from './schedule.ts';

export const calendarMessages = {
  clockInvalid: 'Times are written HH:MM on a five-minute mark, from 00:00 to 24:00',
  rangeBackwards: 'Closing time must be after opening time',
  rangesOverlap: (day: string) => `${day}'s opening ranges must be in order and must not overlap`,
  tooManyRanges: (day: string) => `${day} may have at most 6 opening ranges`,
  stepInvalid: `Slot step must be one of ${calendarLimits.slotSteps.join(', ')} minutes`,
  bufferInvalid: `Buffer must be a whole number of minutes from 0 to ${calendarLimits.maxBufferMinutes}, on a five-minute mark`,
  noticeInvalid: `Minimum notice must be a whole number of hours from 0 to ${calendarLimits.maxMinNoticeHours}`,
  horizonInvalid: `Booking horizon must be a whole number of days from 1 to ${calendarLimits.maxHorizonDays}`,
  stepDoesNotFit: (services: string) =>
    `Every service's session length must be a multiple of the slot step; these are not: ${services}`,
  dateInvalid: 'Dates must be valid dates in the form YYYY-MM-DD',
  closureBackwards: 'The last closed date must not be before the first',
  closureTooLong: `A closure may cover at most ${calendarLimits.maxClosureDays} days`,
  closureNotFound: 'Closure not found',
  tooManyClosures: `There are already ${calendarLimits.maxUpcomingClosures} closures ahead; remove some before adding more`,
  reasonRequired: 'Reason is required (a holiday, time off)',
  scheduleSaved: 'Schedule saved',
  closureAdded: 'Closed dates added',
  closureRemoved: 'Closed dates removed',
} as const;

const clock = z.string().refine((value) => {
  const minutes = clockMinutes(value);
  return Number.isInteger(minutes) && minutes % calendarLimits.clockGranularityMinutes === 0;
}, calendarMessages.clockInvalid);

export const openingRangeSchema = z
  .object({ start: clock, end: clock })
  .strict()
  .refine((range) => clockMinutes(range.start) < clockMinutes(range.end), {
    message: calendarMessages.rangeBackwards,
    path: ['end'],
  });

function dayHours(day: (typeof weekdayNames)[number]) {
  return z
    .array(openingRangeSchema)
    .max(6, calendarMessages.tooManyRanges(weekdayLabel(day)))
    .refine(
      (ranges) =>
        ranges.every(
          (range, index) =>
            index === 0 || clockMinutes(ranges[index - 1]?.end ?? '') <= clockMinutes(range.start),
        ),
      calendarMessages.rangesOverlap(weekdayLabel(day)),
    );
}

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const scheduleSchema = z
  .object({
    weeklyHours: z
      .object(
        Object.fromEntries(weekdayNames.map((day) => [day, dayHours(day)])) as Record<
          (typeof weekdayNames)[number],
          ReturnType<typeof dayHours>
        >,
      )
      .strict(),
    slotStepMinutes: z
      .number({ error: calendarMessages.stepInvalid })
      .refine(
        (step) => (calendarLimits.slotSteps as readonly number[]).includes(step),
        calendarMessages.stepInvalid,
      ),
    bufferMinutes: whole(0, calendarLimits.maxBufferMinutes, calendarMessages.bufferInvalid).refine(
      (minutes) => minutes % calendarLimits.clockGranularityMinutes === 0,
      calendarMessages.bufferInvalid,
    ),
    minNoticeHours: whole(0, calendarLimits.maxMinNoticeHours, calendarMessages.noticeInvalid),
    horizonDays: whole(1, calendarLimits.maxHorizonDays, calendarMessages.horizonInvalid),
  })
  .strict() satisfies z.ZodType<Schedule>;

export const scheduleBodySchema = z.object({ schedule: scheduleSchema }).strict();

const isoDate = z.string().refine(isIsoDate, calendarMessages.dateInvalid);

export const closureReasonRule = { label: 'Reason', max: calendarLimits.maxClosureReasonLength } as const;

export const closureBodySchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    reason: textField(closureReasonRule).pipe(z.string().min(1, calendarMessages.reasonRequired)),
  })
  .strict()
  .superRefine((closure, context) => {
    if (!isIsoDate(closure.startDate) || !isIsoDate(closure.endDate)) return;
    if (closure.endDate < closure.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: calendarMessages.closureBackwards });
    } else if (closure.endDate > addDays(closure.startDate, calendarLimits.maxClosureDays - 1)) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: calendarMessages.closureTooLong });
    }
  });

export const closureSchema = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
});
export type ClosureRecord = z.infer<typeof closureSchema>;

/** One recorded change of the calendar: who, when, before and after. */
export const calendarChangeSchema = z.object({
  at: z.string(),
  by: z.string(),
  subject: z.enum(['schedule', 'closure']),
  action: z.enum(['created', 'updated', 'deleted']),
  before: z.unknown(),
  after: z.unknown(),
});
export type CalendarChange = z.infer<typeof calendarChangeSchema>;

export const scheduleResponseSchema = z.object({ schedule: scheduleSchema });

export const calendarChangesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(calendarLimits.changesShown),
});
export const calendarChangesResponseSchema = z.object({ changes: z.array(calendarChangeSchema) });

/** Active bookings on a closure's dates, for the firm to move or cancel. */
const affectedBookings = z.array(bookingSchema);

/** A closure with the active bookings on its dates. */
export const closureWithBookingsSchema = closureSchema.extend({ affectedBookings });
export type ClosureWithBookings = z.infer<typeof closureWithBookingsSchema>;

export const closuresResponseSchema = z.object({ closures: z.array(closureWithBookingsSchema) });
export const closureCreatedResponseSchema = z.object({ closure: closureSchema, affectedBookings });

/**
 * Two active bookings of a service, not over, closer together than the buffer: the earlier one keeps the hold it
 * was made with (the buffer was raised since), for the firm to move one of them.
 */
export const bookingsTooCloseSchema = z.object({ earlier: bookingSchema, later: bookingSchema });
export type BookingsTooClose = z.infer<typeof bookingsTooCloseSchema>;
export const tooCloseResponseSchema = z.object({
  pairs: z.array(bookingsTooCloseSchema).max(calendarLimits.tooClosePairsShown),
});

/** Public: the schedule and the closures from today on (the wizard greys out what cannot be booked). */
export const publicCalendarResponseSchema = z.object({
  schedule: scheduleSchema,
  closures: z.array(closureSchema.omit({ id: true })).max(calendarLimits.maxUpcomingClosures),
  timeZone: z.string(),
});
export type PublicCalendar = z.infer<typeof publicCalendarResponseSchema>;
