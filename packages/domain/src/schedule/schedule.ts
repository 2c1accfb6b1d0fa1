// The firm's schedule: weekly opening hours, the slot grid, the buffer kept after each consultation, the notice a
// new booking needs, how far ahead clients may book, and closed dates. The defaults are the hours the portal has
// always had (docs/product.md#business-hours-and-slots). No zod here: the web app's first load may import it.
import { bookingMessages } from '../bookings/messages.ts';
import { clockRange } from '../text/format.ts';
import { dayOfWeek, type IsoDate } from './dates.ts';

/** Indexed like `Date.getUTCDay()`: 0 is Sunday. */
/** Where business hours are reckoned unless BUSINESS_TIMEZONE says otherwise (MST all year). */
export const defaultBusinessTimeZone = 'America/Phoenix';

export const weekdayNames = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type WeekdayName = (typeof weekdayNames)[number];

/** The week as people read it, Monday first. */
export const weekdaysMondayFirst: readonly WeekdayName[] = [...weekdayNames.slice(1), 'sunday'];

/** One opening range of a day, wall-clock 'HH:MM' in the business zone; `end` is closing time. */
export interface OpeningRange {
  start: string;
  end: string;
}

export type WeeklyHours = Record<WeekdayName, OpeningRange[]>;

export interface Schedule {
  /** Each weekday closed (`[]`) or open in one or more ranges that do not overlap, in order. */
  weeklyHours: WeeklyHours;
  /** Slots start every this many minutes from the start of each range. */
  slotStepMinutes: number;
  /** Minutes kept free after each consultation (before the next one of the same service may start). */
  bufferMinutes: number;
  /** A new booking must start at least this many hours from now. */
  minNoticeHours: number;
  /** Clients may book up to and including the day this many days after today. */
  horizonDays: number;
}

/** Dates the firm is closed, both ends included, with the reason (a holiday, time off). */
export interface Closure {
  startDate: IsoDate;
  endDate: IsoDate;
  reason: string;
}

/** Everything slots are cut from. */
export interface ScheduleWithClosures {
  schedule: Schedule;
  closures: readonly Closure[];
}

const nineToFive = (): OpeningRange[] => [{ start: '09:00', end: '17:00' }];

/** Monday to Friday 09:00-17:00, starts every 30 minutes, no buffer, no notice, 90 days ahead. */
export const defaultSchedule: Schedule = {
  weeklyHours: {
    sunday: [],
    monday: nineToFive(),
    tuesday: nineToFive(),
    wednesday: nineToFive(),
    thursday: nineToFive(),
    friday: nineToFive(),
    saturday: [],
  },
  slotStepMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 0,
  horizonDays: 90,
};

export const defaultScheduleWithClosures: ScheduleWithClosures = { schedule: defaultSchedule, closures: [] };

/** Limits of the schedule's settings (the admin form and the API schema share them). */
export const scheduleLimits = {
  /** Steps a slot grid may use: each divides an hour, so the grid is the same every hour. */
  slotSteps: [5, 10, 15, 20, 30, 60] as const,
  /** Opening times fall on a five-minute mark. */
  clockGranularityMinutes: 5,
  maxBufferMinutes: 240,
  maxMinNoticeHours: 24 * 30,
  maxHorizonDays: 730,
  /** The longest closure, in days. */
  maxClosureDays: 366,
  maxClosureReasonLength: 200,
  /** Closures not yet over that may exist at once (the public schedule carries them all). */
  maxUpcomingClosures: 200,
  /** Past closures the admin screen still lists. */
  pastClosuresShown: 20,
  /** Recorded changes a page lists. */
  changesShown: 20,
  /** Pairs of bookings closer together than the buffer the schedule page lists (the earliest). */
  tooClosePairsShown: 100,
} as const;

const clockPattern = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** Minutes after midnight of 'HH:MM' (24:00 is midnight at the end of the day), or NaN when not a clock time. */
export function clockMinutes(clock: string): number {
  const match = clockPattern.exec(clock);
  if (!match) return Number.NaN;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes > 24 * 60 ? Number.NaN : minutes;
}

export function weekdayOf(date: IsoDate): WeekdayName {
  return weekdayNames[dayOfWeek(date)] ?? 'sunday';
}

/** The opening ranges of a date's weekday, in minutes after midnight. */
export function openingMinutes(schedule: Schedule, date: IsoDate): { open: number; close: number }[] {
  return schedule.weeklyHours[weekdayOf(date)].map((range) => ({
    open: clockMinutes(range.start),
    close: clockMinutes(range.end),
  }));
}

/** The closure that covers a date, if any. */
export function closureOn(closures: readonly Closure[], date: IsoDate): Closure | undefined {
  return closures.find((closure) => closure.startDate <= date && date <= closure.endDate);
}

function sameRanges(a: readonly OpeningRange[], b: readonly OpeningRange[]): boolean {
  return (
    a.length === b.length &&
    a.every((range, index) => range.start === b[index]?.start && range.end === b[index]?.end)
  );
}

/** Whether the weekly hours are the portal's original ones (the original texts of docs/product.md then apply). */
export function hasDefaultWeeklyHours(schedule: Schedule): boolean {
  return weekdayNames.every((day) => sameRanges(schedule.weeklyHours[day], defaultSchedule.weeklyHours[day]));
}

/** Whether the firm opens on this weekday at all. */
export function opensOn(schedule: Schedule, day: WeekdayName): boolean {
  return schedule.weeklyHours[day].length > 0;
}

/** 'Monday' for 'monday'. */
export function weekdayLabel(day: WeekdayName): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

function rangesLabel(ranges: readonly OpeningRange[]): string {
  return ranges.map((range) => clockRange(range.start, range.end)).join(', ');
}

/**
 * The note under the booking wizard's day picker: the original sentence (docs/product.md#messages) while the weekly hours are the original ones, else
 * the actual hours, consecutive days with the same hours written as one span ('Monday-Thursday, 9 AM - 5 PM').
 */
export function openingHoursNote(schedule: Schedule): string {
  if (hasDefaultWeeklyHours(schedule)) return bookingMessages.businessHoursNote;
  const spans: { first: WeekdayName; last: WeekdayName; ranges: OpeningRange[] }[] = [];
  for (const day of weekdaysMondayFirst) {
    const ranges = schedule.weeklyHours[day];
    if (ranges.length === 0) continue;
    const previous = spans.at(-1);
    const adjacent =
      previous && weekdaysMondayFirst.indexOf(day) === weekdaysMondayFirst.indexOf(previous.last) + 1;
    if (previous && adjacent && sameRanges(previous.ranges, ranges)) previous.last = day;
    else spans.push({ first: day, last: day, ranges });
  }
  if (spans.length === 0) return 'Consultations are not available at the moment';
  const parts = spans.map((span) => {
    const days =
      span.first === span.last
        ? weekdayLabel(span.first)
        : `${weekdayLabel(span.first)}-${weekdayLabel(span.last)}`;
    return `${days}, ${rangesLabel(span.ranges)}`;
  });
  return `Consultations are available ${parts.join('; ')}`;
}
