// How statuses, money, counts, calendar dates, times of day, moments, durations and time zones are written to
// people, the same on every screen, in e-mails and in the CSV (docs/product.md#how-the-portal-writes).
import type { PreferredContact, Urgency } from '../bookings/details.ts';
import type { BookingStatus } from '../bookings/statuses.ts';
import { type IsoDate, zonedDate, zonedParts } from '../schedule/dates.ts';

export const statusLabels: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * What a booking's code is called: a pending request is not confirmed yet, so its code is only a 'Reference';
 * once the firm has confirmed it (and after), the 'Confirmation Code' of the spec.
 */
export function bookingCodeLabel(status: BookingStatus): 'Reference' | 'Confirmation Code' {
  return status === 'pending' ? 'Reference' : 'Confirmation Code';
}

export const urgencyLabels: Record<Urgency, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

export const contactLabels: Record<PreferredContact, string> = {
  email: 'Email',
  phone: 'Phone',
  video: 'Video Call',
};

/** A count with thousands separated: '1,250'. */
export function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** Hours with at most one decimal: '12.5', '40', '1,250'. */
export function hoursFigure(hours: number): string {
  return hours.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/** A share as a percentage with at most one decimal: 0.09375 → '9.4%'. */
export function percentage(share: number): string {
  return `${(share * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** Whole dollars: '$1,250'. */
export function dollars(amount: number): string {
  return `$${count(amount)}`;
}

/** What stands between the two ends of a range of times, dates or numbers: space, hyphen, space. */
export const rangeDash = ' - ';

/** '9 AM - 5 PM', 'Mon, Jan 7, 2030 - Fri, Jan 11, 2030', '1 - 20': a range, ends already written. */
export function range(from: string, to: string): string {
  return `${from}${rangeDash}${to}`;
}

/** '60 min': a length of time in minutes, as the catalog's '60 min sessions'. */
export function duration(minutes: number): string {
  return `${minutes} min`;
}

/** '9 AM', '9:30 AM', '12 PM' for an hour and minute of the day (0-23, 0-59); minutes only when not on the hour. */
function hourAndMinute(hour: number, minute: number): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`} ${hour % 24 < 12 ? 'AM' : 'PM'}`;
}

const clockPattern = /^(\d{2}):(\d{2})$/;

/**
 * A wall-clock time 'HH:MM' (an API's `start_time`, an opening time) as people read it: '9 AM', '9:30 AM', '12 PM',
 * '12 AM' for midnight at either end of the day ('24:00'). Anything else is returned as it is.
 */
export function timeOfDay(clock: string): string {
  const match = clockPattern.exec(clock);
  if (!match) return clock;
  return hourAndMinute(Number(match[1]) % 24, Number(match[2]));
}

/** '9 AM - 5 PM': two wall-clock times 'HH:MM', no zone (opening hours: the zone is said once beside them). */
export function clockRange(start: string, end: string): string {
  return range(timeOfDay(start), timeOfDay(end));
}

function instantOf(instant: Date | string): Date | undefined {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** '9:05 AM': the time of day an instant reads in a zone (no zone named). */
export function timeIn(instant: Date | string, timeZone: string): string {
  const at = instantOf(instant);
  if (!at) return String(instant);
  const { hour, minute } = zonedParts(at, timeZone);
  return hourAndMinute(hour, minute);
}

/** '9 AM - 10 AM': from one instant to another on the wall clock of a zone (for a text that names the zone itself). */
export function hoursIn(start: Date | string, end: Date | string, timeZone: string): string {
  return range(timeIn(start, timeZone), timeIn(end, timeZone));
}

/**
 * '9 AM - 10 AM MST': from one instant to another in a zone, the zone named as it is at the start (a booking's time,
 * a slot's).
 */
export function timeRange(start: Date | string, end: Date | string, timeZone: string): string {
  const from = instantOf(start);
  if (!from) return String(start);
  return `${hoursIn(from, end, timeZone)} ${zoneAbbreviation(timeZone, from)}`;
}

/** A service's rate as the catalogue writes it: '$150/hour'. */
export function hourlyRate(rate: number): string {
  return `$${rate}/hour`;
}

// Made once: a formatter costs far more to build than to use, and lists and letters write hundreds of dates.
const calendarDateFormats = {
  long: new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }),
  short: new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }),
};

/** A calendar date 'YYYY-MM-DD' written out with its weekday (no zone shift: it is a date, not an instant). */
function calendarDate(date: IsoDate, length: 'long' | 'short'): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return calendarDateFormats[length].format(new Date(Date.UTC(year, month - 1, day)));
}

/** 'Monday, January 7, 2030' for a calendar date 'YYYY-MM-DD'. */
export function longDate(date: IsoDate): string {
  return calendarDate(date, 'long');
}

/** 'Mon, Jan 7, 2030' for a calendar date 'YYYY-MM-DD'. */
export function shortDate(date: IsoDate): string {
  return calendarDate(date, 'short');
}

/** Zone-name formatters by zone and style; only zones the runtime knows get one, so the map stays small. */
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

function zoneNamePart(timeZone: string, at: Date, style: 'long' | 'short'): string | undefined {
  const key = `${timeZone}|${style}`;
  let format = zoneNameFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: style });
    } catch {
      return undefined;
    }
    zoneNameFormats.set(key, format);
  }
  return format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
}

/** How a zone is named to people: 'Mountain Standard Time (America/Phoenix)', at a given instant. */
export function zoneName(timeZone: string, at: Date = new Date()): string {
  const name = zoneNamePart(timeZone, at, 'long');
  return name && name !== timeZone ? `${name} (${timeZone})` : timeZone;
}

/** The zone's short name at an instant: 'MST'. */
export function zoneAbbreviation(timeZone: string, at: Date): string {
  return zoneNamePart(timeZone, at, 'short') ?? timeZone;
}

/**
 * 'Mon, Jan 7, 2030, 9:05 AM MST': when something happened (was written, changed, given up on), in a zone (the
 * business zone), the zone named as it was then.
 */
export function moment(instant: Date | string, timeZone: string): string {
  const at = instantOf(instant);
  if (!at) return String(instant);
  return `${shortDate(zonedDate(at, timeZone))}, ${timeIn(at, timeZone)} ${zoneAbbreviation(timeZone, at)}`;
}

/** 'Mon, Jan 7, 2030': the day an instant falls on in a zone. */
export function shortDateIn(instant: Date | string, timeZone: string): string {
  const at = instantOf(instant);
  return at ? shortDate(zonedDate(at, timeZone)) : String(instant);
}

/**
 * 'Thursday, January 10, 2030, 2:05 PM Mountain Standard Time (America/Phoenix)': an instant in a zone, the zone
 * named in full (in e-mails, read far from the portal).
 */
export function longMoment(instant: Date, timeZone: string): string {
  return `${longDate(zonedDate(instant, timeZone))}, ${timeIn(instant, timeZone)} ${zoneName(timeZone, instant)}`;
}

/** Initialisms read with a vowel sound first ('an IT review', 'an OT account'): the letters named 'eff', 'aitch'… */
const vowelSoundLetters = /^[AEFHILMNORSX]/;
/** Words spelled with a vowel but said with a consonant first ('a user', 'a one-off'), and the reverse ('an hour'). */
const consonantSoundStarts = /^(uni|use|usu|uti|ura|eu|ewe|one|once)/;
const vowelSoundStarts = /^(hour|honest|honou?r|heir)/;

/**
 * A name with its indefinite article, chosen by how it is said: 'a Web Development', 'an IT Consulting', 'an OT
 * Consulting'. Service names come from the catalogue, so 'a' before every one of them read wrong.
 */
export function withIndefiniteArticle(phrase: string): string {
  const word = phrase.trim().split(/\s/)[0] ?? '';
  const initialism = /^[A-Z][A-Z0-9]{1,4}$/.test(word);
  const lower = word.toLowerCase();
  const vowelSound = initialism
    ? vowelSoundLetters.test(word)
    : (/^[aeiou]/.test(lower) && !consonantSoundStarts.test(lower)) || vowelSoundStarts.test(lower);
  return `${vowelSound ? 'an' : 'a'} ${phrase}`;
}

/** '24 hours', '1 hour': a count of hours in words (notices, change rules). */
export function hoursText(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
