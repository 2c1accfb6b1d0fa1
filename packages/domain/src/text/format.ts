// How statuses, money, calendar dates and time zones are written to people, the same on every screen and in
// e-mails.
import type { PreferredContact, Urgency } from '../bookings/details.ts';
import type { BookingStatus } from '../bookings/statuses.ts';
import { type IsoDate, zonedDate, zonedTime } from '../schedule/dates.ts';

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

/** Whole dollars: '$1,250'. */
export function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

/** A service's rate as the catalogue writes it: '$150/hour'. */
export function hourlyRate(rate: number): string {
  return `$${rate}/hour`;
}

/** A calendar date 'YYYY-MM-DD' written out with its weekday (no zone shift: it is a date, not an instant). */
function calendarDate(date: IsoDate, length: 'long' | 'short'): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: length,
    year: 'numeric',
    month: length,
    day: 'numeric',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** 'Monday, January 7, 2030' for a calendar date 'YYYY-MM-DD'. */
export function longDate(date: IsoDate): string {
  return calendarDate(date, 'long');
}

/** 'Mon, Jan 7, 2030' for a calendar date 'YYYY-MM-DD'. */
export function shortDate(date: IsoDate): string {
  return calendarDate(date, 'short');
}

function zoneNamePart(timeZone: string, at: Date, style: 'long' | 'short'): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: style })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
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

/** 'Thursday, January 10, 2030, 14:05 Mountain Standard Time (America/Phoenix)': an instant in a zone, named. */
export function longMoment(instant: Date, timeZone: string): string {
  return `${longDate(zonedDate(instant, timeZone))}, ${zonedTime(instant, timeZone)} ${zoneName(timeZone, instant)}`;
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
