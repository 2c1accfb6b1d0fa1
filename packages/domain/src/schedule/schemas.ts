// The schedule API's contract: the schedule (admin), closed dates (admin) and the public schedule the booking
// wizard and the Terms of Service read. The rules the shapes encode are in schedule.ts.
import { z } from 'zod';
import { defaultMaxUploadMegabytes } from '../bookings/files.ts';
import { bookingSchema } from '../bookings/schemas.ts';
import { paymentTermsSchema } from '../terms/schemas.ts';
import { textField } from '../text/field.ts';
import { addDays, isIsoDate } from './dates.ts';
import {
  clockMinutes,
  type Schedule,
  scheduleLimits,
  type WeeklyHours,
  weekdayLabel,
  weekdayNames,
} from './schedule.ts';

export const scheduleMessages = {
  clockInvalid: 'Times are written HH:MM on a five-minute mark, from 00:00 to 24:00',
  rangeBackwards: 'Closing time must be after opening time',
  rangesOverlap: (day: string) => `${day}'s opening ranges must be in order and must not overlap`,
  tooManyRanges: (day: string) => `${day} may have at most 6 opening ranges`,
  stepInvalid: `Slot step must be one of ${scheduleLimits.slotSteps.join(', ')} minutes`,
  bufferInvalid: `Buffer must be a whole number of minutes from 0 to ${scheduleLimits.maxBufferMinutes}, on a five-minute mark`,
  noticeInvalid: `Minimum notice must be a whole number of hours from 0 to ${scheduleLimits.maxMinNoticeHours}`,
  horizonInvalid: `Booking horizon must be a whole number of days from 1 to ${scheduleLimits.maxHorizonDays}`,
  stepDoesNotFit: (services: string) =>
    `Every service's session length must be a multiple of the slot step; these are not: ${services}`,
  dateInvalid: 'Dates must be valid dates in the form YYYY-MM-DD',
  closureBackwards: 'The last closed date must not be before the first',
  closureTooLong: `A closure may cover at most ${scheduleLimits.maxClosureDays} days`,
  closureNotFound: 'Closure not found',
  tooManyClosures: `There are already ${scheduleLimits.maxUpcomingClosures} closures ahead; remove some before adding more`,
  reasonRequired: 'Reason is required (a holiday, time off)',
  scheduleSaved: 'Schedule saved',
  closureAdded: 'Closed dates added',
  closureRemoved: 'Closed dates removed',
  /** '1 active booking falls', '3 active bookings fall'. */
  bookingsFall: (count: number) => `${count} active ${count === 1 ? 'booking falls' : 'bookings fall'}`,
  /** After closing dates: how many clients the closure's letter went to (docs/product.md#e-mail). */
  clientsTold: (count: number) =>
    count === 1 ? 'Its client has been told by email.' : `Their ${count} clients have been told by email.`,
  /** Under a closure's bookings: what the clients know, and where each booking is moved. */
  affectedBookingsNote:
    'Their clients are told by email when the dates are closed. Open each booking to move it to another time or cancel it.',
  allBookingsLink: 'Go to All Bookings',
} as const;

const clock = z.string().refine((value) => {
  const minutes = clockMinutes(value);
  return Number.isInteger(minutes) && minutes % scheduleLimits.clockGranularityMinutes === 0;
}, scheduleMessages.clockInvalid);

export const openingRangeSchema = z
  .object({ start: clock, end: clock })
  .strict()
  .refine((range) => clockMinutes(range.start) < clockMinutes(range.end), {
    message: scheduleMessages.rangeBackwards,
    path: ['end'],
  });

function dayHours(day: (typeof weekdayNames)[number]) {
  return z
    .array(openingRangeSchema)
    .max(6, scheduleMessages.tooManyRanges(weekdayLabel(day)))
    .refine(
      (ranges) =>
        ranges.every(
          (range, index) =>
            index === 0 || clockMinutes(ranges[index - 1]?.end ?? '') <= clockMinutes(range.start),
        ),
      scheduleMessages.rangesOverlap(weekdayLabel(day)),
    );
}

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A week of opening ranges: the firm's, and a consultant's own (one shape for both). */
export const weeklyHoursSchema = z
  .object(
    Object.fromEntries(weekdayNames.map((day) => [day, dayHours(day)])) as Record<
      (typeof weekdayNames)[number],
      ReturnType<typeof dayHours>
    >,
  )
  .strict() satisfies z.ZodType<WeeklyHours>;

export const scheduleSchema = z
  .object({
    weeklyHours: weeklyHoursSchema,
    slotStepMinutes: z
      .number({ error: scheduleMessages.stepInvalid })
      .refine(
        (step) => (scheduleLimits.slotSteps as readonly number[]).includes(step),
        scheduleMessages.stepInvalid,
      ),
    bufferMinutes: whole(0, scheduleLimits.maxBufferMinutes, scheduleMessages.bufferInvalid).refine(
      (minutes) => minutes % scheduleLimits.clockGranularityMinutes === 0,
      scheduleMessages.bufferInvalid,
    ),
    minNoticeHours: whole(0, scheduleLimits.maxMinNoticeHours, scheduleMessages.noticeInvalid),
    horizonDays: whole(1, scheduleLimits.maxHorizonDays, scheduleMessages.horizonInvalid),
  })
  .strict() satisfies z.ZodType<Schedule>;

export const scheduleBodySchema = z.object({ schedule: scheduleSchema }).strict();

const isoDate = z.string().refine(isIsoDate, scheduleMessages.dateInvalid);

export const closureReasonRule = { label: 'Reason', max: scheduleLimits.maxClosureReasonLength } as const;

export const closureBodySchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    reason: textField(closureReasonRule).pipe(z.string().min(1, scheduleMessages.reasonRequired)),
  })
  .strict()
  .superRefine((closure, context) => {
    if (!isIsoDate(closure.startDate) || !isIsoDate(closure.endDate)) return;
    if (closure.endDate < closure.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: scheduleMessages.closureBackwards });
    } else if (closure.endDate > addDays(closure.startDate, scheduleLimits.maxClosureDays - 1)) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: scheduleMessages.closureTooLong });
    }
  });

export const closureSchema = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
});
export type ClosureRecord = z.infer<typeof closureSchema>;

/** One recorded change of the schedule or the closures: who, when, before and after. */
export const scheduleChangeSchema = z.object({
  at: z.string(),
  by: z.string(),
  subject: z.enum(['schedule', 'closure']),
  action: z.enum(['created', 'updated', 'deleted']),
  before: z.unknown(),
  after: z.unknown(),
});
export type ScheduleChange = z.infer<typeof scheduleChangeSchema>;

export const scheduleResponseSchema = z.object({ schedule: scheduleSchema });

export const scheduleChangesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(scheduleLimits.changesShown),
});
export const scheduleChangesResponseSchema = z.object({ changes: z.array(scheduleChangeSchema) });

/** Active bookings on a closure's dates, for the firm to move or cancel. */
const affectedBookings = z.array(bookingSchema);

/** A closure with the active bookings on its dates. */
export const closureWithBookingsSchema = closureSchema.extend({ affectedBookings });
export type ClosureWithBookings = z.infer<typeof closureWithBookingsSchema>;

export const closuresResponseSchema = z.object({ closures: z.array(closureWithBookingsSchema) });
export const closureCreatedResponseSchema = z.object({
  closure: closureSchema,
  affectedBookings,
  clientsTold: z
    .number()
    .int()
    .min(0)
    .describe(
      "How many clients this request emailed that the firm is closed on their booking's date, one letter a booking (none for bookings already on a closed date, so a retry tells no one again)",
    ),
});

/**
 * Two active bookings of a service, not over, closer together than the buffer: the earlier one keeps the hold it
 * was made with (the buffer was raised since), for the firm to move one of them.
 */
export const bookingsTooCloseSchema = z.object({ earlier: bookingSchema, later: bookingSchema });
export type BookingsTooClose = z.infer<typeof bookingsTooCloseSchema>;
export const tooCloseResponseSchema = z.object({
  pairs: z.array(bookingsTooCloseSchema).max(scheduleLimits.tooClosePairsShown),
});

/** Public: the schedule and the closures from today on (the wizard greys out what cannot be booked). */
export const publicScheduleResponseSchema = z.object({
  schedule: scheduleSchema,
  closures: z.array(closureSchema.omit({ id: true })).max(scheduleLimits.maxUpcomingClosures),
  timeZone: z.string(),
  client_change_notice_hours: z
    .number()
    .int()
    .min(0)
    .describe(
      "CLIENT_CHANGE_NOTICE_HOURS: hours before the start when a client's cancelling and rescheduling close (0: at the start)",
    ),
  pending_expiry_hours: z
    .number()
    .int()
    .min(0)
    .describe(
      'PENDING_EXPIRY_HOURS: hours after which a booking the firm has not confirmed is cancelled (0: never)',
    ),
  payments: paymentTermsSchema,
  max_upload_mb: z
    .number()
    .int()
    .positive()
    // Always sent; an answer of a server from before documents reads as the default.
    .default(defaultMaxUploadMegabytes)
    .describe('MAX_UPLOAD_MB: the largest document attached to a booking, in megabytes (of 1,048,576 bytes)'),
});
export type PublicSchedule = z.infer<typeof publicScheduleResponseSchema>;
