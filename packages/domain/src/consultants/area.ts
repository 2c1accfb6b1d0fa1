// The consultants' own area (docs/decisions/048): the account a consultant's record is linked to sees and handles
// its own bookings, and nothing else of the firm's.
import { z } from 'zod';
import { bookingSchema } from '../bookings/schemas.ts';
import type { BookingStatus } from '../bookings/statuses.ts';
import { addDays, isIsoDate } from '../schedule/dates.ts';

/** The longest range `GET /api/consultant/bookings` answers: six weeks, whole weeks either side of a month. */
export const maxConsultantRangeDays = 42;
/** A consultant's list of a range stops at this many bookings, earliest first: far more than one person's weeks hold. */
export const maxConsultantBookingsListed = 500;

/** The statuses a consultant may set on their own bookings (the administrators' route, limited). */
export const consultantSettableStatuses = [
  'confirmed',
  'completed',
  'cancelled',
] as const satisfies readonly BookingStatus[];

export function consultantMaySet(status: BookingStatus): boolean {
  return (consultantSettableStatuses as readonly string[]).includes(status);
}

export const consultantAreaMessages = {
  fromInvalid: 'from must be a date in the form YYYY-MM-DD',
  toInvalid: 'to must be a date in the form YYYY-MM-DD',
  toBeforeFrom: 'to must not be before from',
  rangeTooLong: `The range must not be longer than ${maxConsultantRangeDays} days`,
  statusNotAllowed: 'A consultant may confirm, complete or cancel a booking, nothing else',
} as const;

const day = (message: string) => z.string({ error: message }).refine(isIsoDate, message);

/** `GET /api/consultant/bookings?from=&to=`: both days included, in the business time zone. */
export const consultantBookingsQuerySchema = z
  .object({
    from: day(consultantAreaMessages.fromInvalid).describe('The first day, YYYY-MM-DD, included'),
    to: day(consultantAreaMessages.toInvalid).describe('The last day, YYYY-MM-DD, included'),
  })
  .superRefine((range, context) => {
    if (!isIsoDate(range.from) || !isIsoDate(range.to)) return;
    if (range.to < range.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: consultantAreaMessages.toBeforeFrom });
    } else if (range.to > addDays(range.from, maxConsultantRangeDays - 1)) {
      context.addIssue({ code: 'custom', path: ['to'], message: consultantAreaMessages.rangeTooLong });
    }
  });
export type ConsultantBookingsQuery = z.infer<typeof consultantBookingsQuerySchema>;

export const consultantBookingsResponseSchema = z.object({ bookings: z.array(bookingSchema) });
export type ConsultantBookingsResponse = z.infer<typeof consultantBookingsResponseSchema>;

/** The words of /consultant and of a consultant's actions on a booking's page (docs/product.md). */
export const consultantScheduleTexts = {
  heading: 'My Schedule',
  intro: "Your consultations, in the firm's time zone. Open one to confirm, complete or cancel it.",
  today: 'Today',
  thisWeek: 'This Week',
  weekView: 'Week View',
  previousWeek: 'Previous Week',
  nextWeek: 'Next Week',
  currentWeek: 'This Week',
  loading: 'Loading your schedule...',
  failed: 'Failed to load your schedule.',
  noneToday: 'No consultations today.',
  noneThisWeek: 'No consultations this week.',
  noneOnDay: 'Free',
  confirm: 'Confirm Booking',
  complete: 'Mark Completed',
  cancel: 'Cancel Booking',
  statusFailed: 'The status could not be changed. Please try again.',
} as const;

/** Monday of the week (Monday to Sunday) a day falls in. */
export function mondayOf(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}
