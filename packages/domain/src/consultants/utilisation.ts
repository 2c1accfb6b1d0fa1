// A consultant's utilisation for a period (docs/product.md#administration): the hours of their consultations
// against the hours they were open for business. Written once; the server computes it for the admin statistics.
import { addDays, type IsoDate } from '../schedule/dates.ts';
import { type Closure, clockMinutes, type WeeklyHours, weekdayOf } from '../schedule/schedule.ts';
import { isAway } from './availability.ts';

/** What utilisation needs to know of one consultant. */
export interface UtilisationInput {
  /** The days counted, both included (business zone). */
  range: { startDate: IsoDate; endDate: IsoDate };
  /** The firm's weekly hours. */
  firmHours: WeeklyHours;
  /** The consultant's own weekly hours; null: the firm's. */
  consultantHours: WeeklyHours | null;
  /** The firm's closed dates. */
  closures: readonly Pick<Closure, 'startDate' | 'endDate'>[];
  /** The consultant's time off (both days included). */
  timeOff: readonly { startDate: IsoDate; endDate: IsoDate }[];
  /** Minutes of their active consultations (pending, confirmed, completed) starting in the range. */
  bookedMinutes: number;
}

export interface Utilisation {
  booked_hours: number;
  open_hours: number;
  /** booked ÷ open, 0 to 1 and beyond (a booking kept through later time off); null when they had no open hours. */
  utilisation: number | null;
}

type Minutes = { start: number; end: number };

function minutesOf(ranges: readonly { start: string; end: string }[]): Minutes[] {
  return ranges.map((range) => ({ start: clockMinutes(range.start), end: clockMinutes(range.end) }));
}

/** How many minutes two lists of ranges share (each list's ranges do not overlap one another). */
export function sharedMinutes(a: readonly Minutes[], b: readonly Minutes[]): number {
  let total = 0;
  for (const x of a) {
    for (const y of b) total += Math.max(0, Math.min(x.end, y.end) - Math.max(x.start, y.start));
  }
  return total;
}

/**
 * The minutes a consultant is open on one date: their weekly hours of its weekday intersected with the firm's
 * (their own are within the firm's, but a firm that later shortened its hours must not count the difference), none
 * on a closed date or a day of time off.
 */
export function openMinutesOn(
  date: IsoDate,
  input: Pick<UtilisationInput, 'firmHours' | 'consultantHours' | 'closures' | 'timeOff'>,
): number {
  if (input.closures.some((closure) => closure.startDate <= date && date <= closure.endDate)) return 0;
  if (isAway(input, date)) return 0;
  const day = weekdayOf(date);
  const firm = minutesOf(input.firmHours[day]);
  return sharedMinutes(firm, minutesOf((input.consultantHours ?? input.firmHours)[day]));
}

/** Hours with two decimals, as the answer gives them. */
function hours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** A consultant's booked hours, open hours and utilisation (booked ÷ open, 4 decimals) for the range. */
export function consultantUtilisation(input: UtilisationInput): Utilisation {
  let open = 0;
  for (let date = input.range.startDate; date <= input.range.endDate; date = addDays(date, 1)) {
    open += openMinutesOn(date, input);
  }
  return {
    booked_hours: hours(input.bookedMinutes),
    open_hours: hours(open),
    utilisation: open === 0 ? null : Math.round((input.bookedMinutes / open) * 10_000) / 10_000,
  };
}
