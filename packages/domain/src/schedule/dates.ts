// Calendar dates ('YYYY-MM-DD', no zone of their own) and instants read in a time zone, with Intl only (no date
// library): the zone's offset is read from Intl.DateTimeFormat, so zones with daylight saving work on their change days.

/** A calendar date 'YYYY-MM-DD' (no time zone of its own). */
export type IsoDate = string;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The days the product computes with: every date a request names lies within them, so that a day after the last
 * or before the first (a range's end, a previous period) is still a date every part of the stack can compute with.
 */
export const calendarBounds = { first: '1970-01-01', last: '2999-12-31' } as const;

/** Whether `value` is a real calendar date written 'YYYY-MM-DD' within `calendarBounds`. */
export function isIsoDate(value: string): value is IsoDate {
  const match = isoDatePattern.exec(value);
  if (!match || value < calendarBounds.first || value > calendarBounds.last) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function dateParts(date: IsoDate): { year: number; month: number; day: number } {
  const match = isoDatePattern.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function formatIsoDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `date` moved by `days` calendar days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = dateParts(date);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return formatIsoDate(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** 0 = Sunday … 6 = Saturday, for a calendar date. */
export function dayOfWeek(date: IsoDate): number {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone this runtime's clock is set to (in a browser: the viewer's own). */
export function runtimeTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock reading of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The calendar date an instant falls on in a time zone. */
export function zonedDate(instant: Date, timeZone: string): IsoDate {
  const ms = instant.getTime();
  if (!Number.isFinite(ms)) return dateReading(instant, timeZone);
  const minuteStart = Math.floor(ms / 60_000) * 60_000;
  const key = `${timeZone}|${minuteStart}`;
  let date = datesOfMinutes.get(key);
  if (date === undefined) {
    date = dateReading(new Date(minuteStart), timeZone);
    // A minute the date changes within (offsets in seconds, before the 1970s) is read instant by instant.
    if (dateReading(new Date(minuteStart + 59_999), timeZone) !== date) return dateReading(instant, timeZone);
    // A bound, not an eviction policy: the instants asked for are mostly this minute and a booking's.
    if (datesOfMinutes.size >= 20_000) datesOfMinutes.clear();
    datesOfMinutes.set(key, date);
  }
  return date;
}

/**
 * zonedDate's answers by zone and minute: every availability answer reads today's date and the notice's, each
 * through Intl, which was a fifth of its time.
 */
const datesOfMinutes = new Map<string, IsoDate>();

function dateReading(instant: Date, timeZone: string): IsoDate {
  const { year, month, day } = zonedParts(instant, timeZone);
  return formatIsoDate(year, month, day);
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'HH:MM' of a minute of the day. */
export function clockTime(minuteOfDay: number): string {
  return `${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}`;
}

/** 'HH:MM' of an instant in a time zone. */
export function zonedTime(instant: Date, timeZone: string): string {
  const { hour, minute } = zonedParts(instant, timeZone);
  return `${pad2(hour)}:${pad2(minute)}`;
}

/** Offset of the zone from UTC at an instant, in milliseconds (Denver in winter: −7 h). */
function offsetAt(instantMs: number, timeZone: string): number {
  const p = zonedParts(new Date(instantMs), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instantMs - (((instantMs % 1000) + 1000) % 1000));
}

/**
 * The instant at which the wall clock of `timeZone` reads `date` at `minuteOfDay`, or undefined when that
 * reading never happens there (skipped by a daylight-saving jump). In an ambiguous hour the earlier one.
 */
export function zonedInstant(date: IsoDate, minuteOfDay: number, timeZone: string): Date | undefined {
  const key = `${timeZone}|${date}|${minuteOfDay}`;
  let instant = knownInstants.get(key);
  if (instant === undefined) {
    instant = wallClockInstant(date, minuteOfDay, timeZone) ?? null;
    // A bound, not an eviction policy: the days asked for are a few months' worth.
    if (knownInstants.size >= 20_000) knownInstants.clear();
    knownInstants.set(key, instant);
  }
  return instant === null ? undefined : new Date(instant);
}

/**
 * zonedInstant's answers by zone, date and minute (null: never on that wall clock): each reads the zone's offset
 * four times through Intl, which was most of the time an availability answer took.
 */
const knownInstants = new Map<string, number | null>();

function wallClockInstant(date: IsoDate, minuteOfDay: number, timeZone: string): number | undefined {
  const { year, month, day } = dateParts(date);
  const wall = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  // Try the offsets in force a day around: the right one reads back as the same wall clock.
  const candidates = [offsetAt(wall - 86_400_000, timeZone), offsetAt(wall + 86_400_000, timeZone)];
  return candidates
    .map((offset) => wall - offset)
    .filter((instant) => offsetAt(instant, timeZone) === wall - instant)
    .sort((a, b) => a - b)[0];
}
