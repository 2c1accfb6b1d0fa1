// Booking rules written once for both sides: slots, pricing, confirmation codes, statuses, options and texts.
// No zod in this module (the web app's first load may import it); the schemas live in booking-schemas.ts.

/** Where business hours are reckoned unless BUSINESS_TIMEZONE says otherwise (MST all year). */
export const defaultBusinessTimeZone = 'America/Phoenix';

/** Business hours in minutes after local midnight: starts every 30 min from 09:00 to 16:30, all over by 17:00. */
export const businessHours = {
  firstStartMinute: 9 * 60,
  lastStartMinute: 16 * 60 + 30,
  closeMinute: 17 * 60,
  slotStepMinutes: 30,
} as const;

/** Service durations the rules are written for (the wizard's fallback is 60, spec §9). */
export const minServiceDurationMinutes = 30;
export const maxServiceDurationMinutes = 8 * 60;

export const bookingStatuses = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
/** Statuses that hold their time slot: two active bookings of one service never overlap. */
export const activeBookingStatuses = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];
export type ActiveBookingStatus = (typeof activeBookingStatuses)[number];

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (bookingStatuses as readonly string[]).includes(value);
}

export function isActiveBookingStatus(status: BookingStatus): status is ActiveBookingStatus {
  return (activeBookingStatuses as readonly string[]).includes(status);
}

/** A client may cancel only a confirmed booking (spec §4). */
export function canClientCancel(status: BookingStatus): boolean {
  return status === 'confirmed';
}

export const urgencyOptions = ['low', 'normal', 'high', 'urgent'] as const;
export type Urgency = (typeof urgencyOptions)[number];
export const defaultUrgency: Urgency = 'normal';

export const contactOptions = ['email', 'phone', 'video'] as const;
export type PreferredContact = (typeof contactOptions)[number];
export const defaultPreferredContact: PreferredContact = 'email';

export const minDescriptionLength = 20;
export const maxDescriptionLength = 5000;
export const maxAdditionalNotesLength = 2000;
export const maxIdempotencyKeyLength = 255;

/** Texts of the booking flows; the spec's are word for word. */
export const bookingMessages = {
  descriptionRequired: 'Project description is required',
  descriptionTooShort: (length: number) =>
    `Project description must be at least ${minDescriptionLength} characters (currently ${length})`,
  descriptionTooLong: `Project description must be at most ${maxDescriptionLength} characters`,
  notesTooLong: `Additional notes must be at most ${maxAdditionalNotesLength} characters`,
  slotTaken: 'This time slot is no longer available',
  businessHoursNote: 'Consultations are available Monday-Friday, 9 AM - 5 PM',
  slotInPast: 'This time slot has already started or is in the past',
  profileIncomplete: 'Please complete your profile (first and last name) before booking',
  slotOnWeekend: 'Consultations are available Monday to Friday only',
  slotOutsideHours: 'Consultations start between 09:00 and 16:30',
  slotMisaligned: 'Time slots start on the hour or on the half hour',
  slotEndsTooLate: 'This consultation would end after 17:00',
  startsAtInvalid: 'Choose a time slot (an ISO 8601 instant such as 2030-01-07T16:00:00Z)',
  dateInvalid: 'Date must be a valid date in the form YYYY-MM-DD',
  serviceRequired: 'Service is required',
  serviceNotFound: 'Service not found',
  bookingNotFound: 'Booking not found',
  onlyConfirmedCancellable: (status: BookingStatus) =>
    `Only confirmed bookings can be cancelled; this booking is ${status}`,
  clientStatusChange: "Only cancellation is possible here: send { status: 'cancelled' }",
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different booking request. Use a new key for a new booking.',
  idempotencyKeyInvalid: `Idempotency-Key must be 1 to ${maxIdempotencyKeyLength} visible characters`,
  validationFailed: 'Booking validation failed',
  saved: 'Booking saved to database successfully!',
  savedLocally: (reason: string) => `Booking saved locally - API error: ${reason}`,
  apiUnavailable: 'API unavailable',
  createFailed: 'Failed to create booking. Please try again.',
  serviceLoadFailed: 'Failed to load service',
  /** Ours: the spec has no words for a cancellation the server refused. */
  cancelFailed: 'Failed to cancel booking. Please try again.',
  loadFailed: 'Failed to load bookings. Please try again.',
  cancelled: 'Booking cancelled successfully',
  cancelledLocally: 'Booking cancelled locally (API unavailable)',
  noBookings: 'No Bookings Found',
  detailPlaceholder: 'Booking detail page is under development.',
} as const;

/** The spec's client message for validation errors: 'Booking validation failed: {path}: {msg}, ...'. */
export function bookingValidationMessage(errors: readonly { path: string; msg: string }[]): string {
  return `${bookingMessages.validationFailed}: ${errors.map((error) => `${error.path}: ${error.msg}`).join(', ')}`;
}

/** The description rule: trimmed, required, at least 20 characters. Undefined when valid, else the message. */
export function projectDescriptionError(description: string | null | undefined): string | undefined {
  const trimmed = (description ?? '').trim();
  if (trimmed.length === 0) return bookingMessages.descriptionRequired;
  if (trimmed.length < minDescriptionLength) return bookingMessages.descriptionTooShort(trimmed.length);
  if (trimmed.length > maxDescriptionLength) return bookingMessages.descriptionTooLong;
  return undefined;
}

/** Total cost in whole dollars: rate × duration / 60, rounded (spec §9). */
export function totalCost(hourlyRate: number, durationMinutes: number): number {
  return Math.round((hourlyRate * durationMinutes) / 60);
}

/** `OT-{year}-{id padded to 3 digits}`; the year of `createdAt` in `timeZone` (the business zone on both sides). */
export function confirmationCode(
  id: number,
  createdAt: Date | string,
  timeZone: string = defaultBusinessTimeZone,
): string {
  const year = zonedParts(new Date(createdAt), timeZone).year;
  return `OT-${year}-${String(id).padStart(3, '0')}`;
}

// ——— Calendar dates and time zones (Intl only) ———

/** A calendar date 'YYYY-MM-DD' (no time zone of its own). */
export type IsoDate = string;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written 'YYYY-MM-DD' (years 1970–9999). */
export function isIsoDate(value: string): value is IsoDate {
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970 || month < 1 || month > 12 || day < 1) return false;
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

/** Monday to Friday (spec §9). */
export function isWeekday(date: IsoDate): boolean {
  const weekday = dayOfWeek(date);
  return weekday >= 1 && weekday <= 5;
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
  const { year, month, day } = zonedParts(instant, timeZone);
  return formatIsoDate(year, month, day);
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
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
  const { year, month, day } = dateParts(date);
  const wall = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  // Try the offsets in force a day around: the right one reads back as the same wall clock.
  const candidates = [offsetAt(wall - 86_400_000, timeZone), offsetAt(wall + 86_400_000, timeZone)];
  const found = candidates
    .map((offset) => wall - offset)
    .filter((instant) => offsetAt(instant, timeZone) === wall - instant)
    .sort((a, b) => a - b)[0];
  return found === undefined ? undefined : new Date(found);
}

// ——— Slots ———

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
  /** The current instant: slots already started are never offered. */
  now: Date;
}

/** Today's date in the zone. */
export function todayIn(timeZone: string, now: Date): IsoDate {
  return zonedDate(now, timeZone);
}

/** Whether a date can have slots at all: a weekday, today or later in the zone. */
export function isBookableDate(date: IsoDate, timeZone: string, now: Date): boolean {
  return isIsoDate(date) && isWeekday(date) && date >= todayIn(timeZone, now);
}

/**
 * The slots of a day (spec §9): starts every 30 minutes from 09:00 to 16:30 in the zone, kept when start plus
 * duration is at or before 17:00 there; Monday to Friday; never a start already past. Empty otherwise.
 */
export function daySlots(date: IsoDate, rules: SlotRules): TimeSlot[] {
  const { durationMinutes, timeZone, now } = rules;
  if (!isBookableDate(date, timeZone, now) || !(durationMinutes > 0)) return [];
  const { firstStartMinute, lastStartMinute, closeMinute, slotStepMinutes } = businessHours;
  const open = zonedInstant(date, firstStartMinute, timeZone);
  const close = zonedInstant(date, closeMinute, timeZone);
  if (!close) return [];
  // Nearly always the zone's offset is the same all business day: then times are plain arithmetic.
  const steadyOffset =
    open !== undefined && close.getTime() - open.getTime() === (closeMinute - firstStartMinute) * 60_000;
  const slots: TimeSlot[] = [];
  for (let minute = firstStartMinute; minute <= lastStartMinute; minute += slotStepMinutes) {
    const start = steadyOffset
      ? new Date(open.getTime() + (minute - firstStartMinute) * 60_000)
      : zonedInstant(date, minute, timeZone);
    if (!start) continue;
    const end = new Date(start.getTime() + durationMinutes * 60_000);
    if (end.getTime() > close.getTime() || start.getTime() <= now.getTime()) continue;
    const startTime = steadyOffset ? clockTime(minute) : zonedTime(start, timeZone);
    const endTime = steadyOffset ? clockTime(minute + durationMinutes) : zonedTime(end, timeZone);
    slots.push({
      start_time: startTime,
      end_time: endTime,
      label: `${startTime} - ${endTime}`,
      starts_at: start.toISOString(),
      ends_at: end.toISOString(),
    });
  }
  return slots;
}

function clockTime(minuteOfDay: number): string {
  return `${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}`;
}

export type SlotCheck =
  | { ok: true; date: IsoDate; slot: TimeSlot }
  | {
      ok: false;
      reason: 'past' | 'weekend' | 'outside-hours' | 'misaligned' | 'ends-too-late';
      message: string;
    };

/**
 * Whether `startsAt` is the start of one of its day's slots for these rules (what the server re-checks), and if
 * not, which rule it breaks, with the message to show.
 */
export function checkSlotStart(startsAt: Date, rules: SlotRules): SlotCheck {
  const { timeZone, now, durationMinutes } = rules;
  const date = zonedDate(startsAt, timeZone);
  const slot = daySlots(date, rules).find(
    (candidate) => Date.parse(candidate.starts_at) === startsAt.getTime(),
  );
  if (slot) return { ok: true, date, slot };
  if (startsAt.getTime() <= now.getTime())
    return { ok: false, reason: 'past', message: bookingMessages.slotInPast };
  if (!isWeekday(date)) return { ok: false, reason: 'weekend', message: bookingMessages.slotOnWeekend };
  const { hour, minute, second } = zonedParts(startsAt, timeZone);
  const minuteOfDay = hour * 60 + minute;
  if (
    second !== 0 ||
    startsAt.getUTCMilliseconds() !== 0 ||
    minuteOfDay % businessHours.slotStepMinutes !== 0
  ) {
    return { ok: false, reason: 'misaligned', message: bookingMessages.slotMisaligned };
  }
  if (minuteOfDay < businessHours.firstStartMinute || minuteOfDay > businessHours.lastStartMinute) {
    return { ok: false, reason: 'outside-hours', message: bookingMessages.slotOutsideHours };
  }
  const close = zonedInstant(date, businessHours.closeMinute, timeZone);
  if (close && startsAt.getTime() + durationMinutes * 60_000 > close.getTime()) {
    return { ok: false, reason: 'ends-too-late', message: bookingMessages.slotEndsTooLate };
  }
  // A wall-clock time that is skipped or repeated by a daylight-saving change: not a slot start.
  return { ok: false, reason: 'misaligned', message: bookingMessages.slotMisaligned };
}

/** Whether two half-open intervals [start, end) overlap. */
export function overlaps(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}

/** The booking API's paths, shared by the server routes and the web client. */
export const bookingApiPaths = {
  availability: (serviceId: number | string) => `/api/services/${serviceId}/availability`,
  bookings: '/api/bookings',
  myBookings: '/api/bookings/my-bookings',
  booking: (id: number | string) => `/api/bookings/${id}`,
} as const;

/** Request header that makes `POST /api/bookings` safe to retry. */
export const idempotencyKeyHeader = 'Idempotency-Key';
