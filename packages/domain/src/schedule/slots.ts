// The bookable slots of a day, cut from the firm's schedule (schedule.ts) in the business time zone, and the
// check the server makes of a requested start (docs/product.md#business-hours-and-slots).
import { bookingMessages } from '../bookings/messages.ts';
import { longDate, timeOfDay } from '../text/format.ts';
import {
  addDays,
  clockTime,
  type IsoDate,
  isIsoDate,
  zonedDate,
  zonedInstant,
  zonedParts,
  zonedTime,
} from './dates.ts';
import {
  closureOn,
  defaultSchedule,
  defaultScheduleWithClosures,
  hasDefaultWeeklyHours,
  openingMinutes,
  opensOn,
  type Schedule,
  type ScheduleWithClosures,
  weekdayLabel,
  weekdayOf,
} from './schedule.ts';

/** One bookable slot of a day: the wall-clock times in the business zone and its UTC instants. */
export interface TimeSlot {
  /** 'HH:MM' in the business time zone. */
  start_time: string;
  end_time: string;
  /** 'HH:MM - HH:MM'. */
  label: string;
  /** ISO 8601 instants (UTC). */
  starts_at: string;
  ends_at: string;
}

export interface SlotRules {
  durationMinutes: number;
  timeZone: string;
  /** The current instant: slots already started, or closer than the notice, are never offered. */
  now: Date;
  /** The firm's schedule and closures; the original hours when left out. */
  scheduleWithClosures?: ScheduleWithClosures;
}

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** Today's date in the zone. */
export function todayIn(timeZone: string, now: Date): IsoDate {
  return zonedDate(now, timeZone);
}

/** The last day that can be booked: the horizon's number of days after today in the zone. */
export function lastBookableDate(timeZone: string, now: Date, schedule: Schedule = defaultSchedule): IsoDate {
  return addDays(todayIn(timeZone, now), schedule.horizonDays);
}

/** The first instant a new booking may start: now plus the notice. */
function earliestStart(now: Date, schedule: Schedule): number {
  return now.getTime() + schedule.minNoticeHours * hourMs;
}

/**
 * Whether a date can have slots at all: a day the firm opens and has not closed, from the first day the notice
 * allows to the horizon, in the zone.
 */
export function isBookableDate(
  date: IsoDate,
  timeZone: string,
  now: Date,
  scheduleWithClosures: ScheduleWithClosures = defaultScheduleWithClosures,
): boolean {
  const { schedule, closures } = scheduleWithClosures;
  return (
    isIsoDate(date) &&
    opensOn(schedule, weekdayOf(date)) &&
    closureOn(closures, date) === undefined &&
    date >= zonedDate(new Date(earliestStart(now, schedule)), timeZone) &&
    date <= lastBookableDate(timeZone, now, schedule)
  );
}

/**
 * The slots of a day: in each opening range of its weekday, starts every step from the range's start, kept when
 * start plus duration is at or before the range's end; never on a closed date, beyond the horizon, or before now
 * plus the notice. Empty otherwise. Daylight-saving days are read from the zone (a skipped time is no start).
 * The slots returned are frozen: the same objects are handed to every caller asking for that day.
 */
export function daySlots(date: IsoDate, rules: SlotRules): TimeSlot[] {
  const { durationMinutes, timeZone, now } = rules;
  const scheduleWithClosures = rules.scheduleWithClosures ?? defaultScheduleWithClosures;
  if (!isBookableDate(date, timeZone, now, scheduleWithClosures) || !(durationMinutes > 0)) return [];
  const earliest = Math.max(now.getTime() + 1, earliestStart(now, scheduleWithClosures.schedule));
  const slots: TimeSlot[] = [];
  for (const { start, slot } of openSlots(date, durationMinutes, timeZone, scheduleWithClosures)) {
    if (start >= earliest) slots.push(slot);
  }
  return slots;
}

type OpenSlot = { start: number; slot: Readonly<TimeSlot> };

/**
 * A day's slots before the notice is applied, by schedule object (the server keeps one per version of the
 * schedule), zone, date and duration: cutting them was a third of an availability answer's time.
 */
const openSlotsBySchedule = new WeakMap<ScheduleWithClosures, Map<string, readonly OpenSlot[]>>();

function openSlots(
  date: IsoDate,
  durationMinutes: number,
  timeZone: string,
  scheduleWithClosures: ScheduleWithClosures,
): readonly OpenSlot[] {
  let byDay = openSlotsBySchedule.get(scheduleWithClosures);
  if (!byDay) {
    byDay = new Map();
    openSlotsBySchedule.set(scheduleWithClosures, byDay);
  }
  const key = `${timeZone}|${date}|${durationMinutes}`;
  let slots = byDay.get(key);
  if (!slots) {
    slots = cutSlots(date, durationMinutes, timeZone, scheduleWithClosures.schedule);
    // A bound, not an eviction policy: the days asked for lie within the horizon.
    if (byDay.size >= 5_000) byDay.clear();
    byDay.set(key, slots);
  }
  return slots;
}

function cutSlots(date: IsoDate, durationMinutes: number, timeZone: string, schedule: Schedule): OpenSlot[] {
  const slots: OpenSlot[] = [];
  for (const range of openingMinutes(schedule, date)) {
    const open = zonedInstant(date, range.open, timeZone);
    const close = zonedInstant(date, range.close, timeZone);
    if (!close) continue;
    // Nearly always the zone's offset is the same all through a range: then times are plain arithmetic.
    const steadyOffset =
      open !== undefined && close.getTime() - open.getTime() === (range.close - range.open) * minuteMs;
    for (let minute = range.open; minute < range.close; minute += schedule.slotStepMinutes) {
      const start = steadyOffset
        ? new Date(open.getTime() + (minute - range.open) * minuteMs)
        : zonedInstant(date, minute, timeZone);
      if (!start) continue;
      const end = new Date(start.getTime() + durationMinutes * minuteMs);
      if (end.getTime() > close.getTime()) break;
      const startTime = steadyOffset ? clockTime(minute) : zonedTime(start, timeZone);
      const endTime = steadyOffset
        ? clockTime((minute + durationMinutes) % (24 * 60))
        : zonedTime(end, timeZone);
      slots.push({
        start: start.getTime(),
        slot: Object.freeze({
          start_time: startTime,
          end_time: endTime,
          label: `${startTime} - ${endTime}`,
          starts_at: start.toISOString(),
          ends_at: end.toISOString(),
        }),
      });
    }
  }
  return slots;
}

/** Whether two half-open intervals [start, end) overlap. */
function overlaps(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}

/** A time an active booking holds, as the database has it: from its start to its end plus its buffer. */
export interface HeldTime {
  startsAt: Date;
  blockedUntil: Date;
}

/**
 * Whether a slot, followed by the buffer, stays clear of every held time (each followed by the buffer it was
 * booked with): the same comparison as the database's `bookings_no_overlap`.
 */
export function isClearOf(slot: TimeSlot, held: readonly HeldTime[], bufferMinutes: number): boolean {
  return isSpanClearOf(Date.parse(slot.starts_at), Date.parse(slot.ends_at) + bufferMinutes * minuteMs, held);
}

/** isClearOf for a span already read as instants (ms): from its start to its end plus the buffer. */
export function isSpanClearOf(start: number, blockedUntil: number, held: readonly HeldTime[]): boolean {
  return held.every(
    (time) => !overlaps(start, blockedUntil, time.startsAt.getTime(), time.blockedUntil.getTime()),
  );
}

export type SlotRefusal =
  | 'past'
  | 'too-soon'
  | 'beyond-horizon'
  | 'closed-date'
  | 'closed-day'
  | 'outside-hours'
  | 'misaligned'
  | 'ends-too-late';

export type SlotCheck =
  | { ok: true; date: IsoDate; slot: TimeSlot }
  | { ok: false; reason: SlotRefusal; message: string };

function refuse(reason: SlotRefusal, message: string): SlotCheck {
  return { ok: false, reason, message };
}

/**
 * Whether `startsAt` is the start of one of its day's slots for these rules (what the server re-checks), and if
 * not, which rule it breaks, with the message to show. The original hours keep their original messages.
 */
export function checkSlotStart(startsAt: Date, rules: SlotRules): SlotCheck {
  const { timeZone, now, durationMinutes } = rules;
  const { schedule, closures } = rules.scheduleWithClosures ?? defaultScheduleWithClosures;
  const date = zonedDate(startsAt, timeZone);
  const slot = daySlots(date, rules).find(
    (candidate) => Date.parse(candidate.starts_at) === startsAt.getTime(),
  );
  if (slot) return { ok: true, date, slot };
  if (startsAt.getTime() <= now.getTime()) return refuse('past', bookingMessages.slotInPast);
  if (date > lastBookableDate(timeZone, now, schedule)) {
    return refuse('beyond-horizon', bookingMessages.slotBeyondHorizon(schedule.horizonDays));
  }
  if (startsAt.getTime() < earliestStart(now, schedule)) {
    return refuse('too-soon', bookingMessages.slotTooSoon(schedule.minNoticeHours));
  }
  const closure = closureOn(closures, date);
  if (closure) return refuse('closed-date', bookingMessages.slotOnClosedDate(longDate(date), closure.reason));
  const original = hasDefaultWeeklyHours(schedule);
  const day = weekdayLabel(weekdayOf(date));
  const ranges = openingMinutes(schedule, date);
  if (ranges.length === 0) {
    return refuse(
      'closed-day',
      original ? bookingMessages.slotOnWeekend : bookingMessages.slotOnClosedDay(day),
    );
  }
  const { hour, minute, second } = zonedParts(startsAt, timeZone);
  const minuteOfDay = hour * 60 + minute;
  const step = schedule.slotStepMinutes;
  const offGrid =
    original && step === 30 ? bookingMessages.slotMisaligned : bookingMessages.slotOffGrid(step);
  if (second !== 0 || startsAt.getUTCMilliseconds() !== 0) return refuse('misaligned', offGrid);
  const range = ranges.find((candidate) => candidate.open <= minuteOfDay && minuteOfDay < candidate.close);
  if (!range) {
    const starts = ranges
      .map((candidate) => {
        const lastStart = candidate.close - ((candidate.close - candidate.open) % step || step);
        return `between ${timeOfDay(clockTime(candidate.open))} and ${timeOfDay(clockTime(lastStart))}`;
      })
      .join(' or ');
    return refuse(
      'outside-hours',
      original && step === 30
        ? bookingMessages.slotOutsideHours
        : bookingMessages.slotOutsideOpeningHours(day, starts),
    );
  }
  if ((minuteOfDay - range.open) % step !== 0) return refuse('misaligned', offGrid);
  const close = zonedInstant(date, range.close, timeZone);
  if (close && startsAt.getTime() + durationMinutes * minuteMs > close.getTime()) {
    return refuse('ends-too-late', bookingMessages.slotEndsTooLate(timeOfDay(clockTime(range.close))));
  }
  // A wall-clock time that is skipped or repeated by a daylight-saving change: not a slot start.
  return refuse('misaligned', offGrid);
}
