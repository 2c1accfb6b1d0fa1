// Booking rules written once for both sides: slots, pricing, confirmation codes, statuses, options and texts.
// No zod in this module (the web app's first load may import it); the schemas live in booking-schemas.ts.
import {
  addDays,
  clockTime,
  type IsoDate,
  isIsoDate,
  isWeekday,
  zonedDate,
  zonedInstant,
  zonedParts,
  zonedTime,
} from './calendar-dates.ts';
import { normalizeText, type TextRule, textProblem } from './text.ts';

/** Where business hours are reckoned unless BUSINESS_TIMEZONE says otherwise (MST all year). */
export const defaultBusinessTimeZone = 'America/Phoenix';

/** Business hours in minutes after local midnight: starts every 30 min from 09:00 to 16:30, all over by 17:00. */
export const businessHours = {
  firstStartMinute: 9 * 60,
  lastStartMinute: 16 * 60 + 30,
  closeMinute: 17 * 60,
  slotStepMinutes: 30,
} as const;

export const bookingStatuses = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
/** Statuses that hold their time slot: two active bookings of one service never overlap. */
export const activeBookingStatuses = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];
export type ActiveBookingStatus = (typeof activeBookingStatuses)[number];

/** Who made a change in a booking's history: its client, an administrator, or the system (e.g. an expiry). */
export const bookingEventActors = ['client', 'admin', 'system'] as const;
export type BookingEventActor = (typeof bookingEventActors)[number];

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (bookingStatuses as readonly string[]).includes(value);
}

export function isActiveBookingStatus(status: BookingStatus): status is ActiveBookingStatus {
  return (activeBookingStatuses as readonly string[]).includes(status);
}

/**
 * Why a client may not cancel this booking, or undefined when they may: only a confirmed booking, and only before
 * it starts (docs/product.md#statuses). The status is judged first, so a repeated cancellation still reads as one.
 */
export function clientCancelRefusal(
  status: BookingStatus,
  startsAt: Date | string,
  now: Date,
): string | undefined {
  if (status !== 'confirmed') return bookingMessages.onlyConfirmedCancellable(status);
  if (new Date(startsAt).getTime() <= now.getTime()) return bookingMessages.cancelAfterStart;
  return undefined;
}

/** Whether the client may cancel: confirmed and not yet started. */
export function canClientCancel(status: BookingStatus, startsAt: Date | string, now: Date): boolean {
  return clientCancelRefusal(status, startsAt, now) === undefined;
}

// ——— Pending bookings nobody confirmed (docs/product.md#statuses) ———

/** Hours after which an unconfirmed pending booking is cancelled, unless PENDING_EXPIRY_HOURS says otherwise. */
export const defaultPendingExpiryHours = 72;

/**
 * When a pending booking nobody has confirmed is cancelled by the system: `hours` after it was made, or at its
 * start if that comes first. `hours` 0 turns expiry off (undefined).
 */
export function pendingExpiresAt(createdAt: Date, startsAt: Date, hours: number): Date | undefined {
  if (hours <= 0) return undefined;
  const byAge = createdAt.getTime() + hours * 3_600_000;
  return new Date(Math.min(byAge, startsAt.getTime()));
}

/** Whether a booking is due to be cancelled as unconfirmed at `now`. */
export function isPendingBookingDue(
  booking: { status: BookingStatus; createdAt: Date; startsAt: Date },
  now: Date,
  hours: number,
): boolean {
  if (booking.status !== 'pending') return false;
  const expiresAt = pendingExpiresAt(booking.createdAt, booking.startsAt, hours);
  return expiresAt !== undefined && expiresAt.getTime() <= now.getTime();
}

/**
 * The same rule as bounds a query can use: a pending booking made at or before `madeBy`, or starting at or before
 * `startsBy`, is due. Undefined when expiry is off.
 */
export function pendingExpiryBounds(now: Date, hours: number): { madeBy: Date; startsBy: Date } | undefined {
  if (hours <= 0) return undefined;
  return { madeBy: new Date(now.getTime() - hours * 3_600_000), startsBy: now };
}

/** The client's e-mail when a pending booking was cancelled because nobody confirmed it in time. */
export const bookingExpiryMessages = {
  subject: (code: string) => `Your consultation request has been cancelled — ${code}`,
  intro: (service: string) =>
    `Your ${service} consultation request has been cancelled because it was not confirmed in time. We are sorry we could not get back to you sooner.`,
  outro:
    'The time is free again. If you would still like a consultation, you are welcome to book a new one, and we will confirm it as soon as we can.',
} as const;

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

// ——— Fair use (docs/product.md#limits) ———

/**
 * How far ahead a slot can be booked: up to and including the day this many days after today in the business
 * zone. A constant until the firm's calendar settings make it a setting.
 */
export const bookingHorizonDays = 90;
/** My Bookings' pages (`GET /api/bookings/my-bookings?limit`). */
export const defaultMyBookingsPageSize = 20;
export const maxMyBookingsPageSize = 100;

/** The machine-readable reasons of booking refusals a screen must tell apart from others of the same status. */
export const bookingErrorCodes = {
  /** 409 that is not a taken slot: the client already has as many pending bookings as allowed. */
  pendingLimit: 'PENDING_BOOKINGS_LIMIT',
} as const;

/** Texts of the booking flows, word for word as docs/product.md#messages lists them. */
export const bookingMessages = {
  descriptionRequired: 'Project description is required',
  descriptionTooShort: (length: number) =>
    `Project description must be at least ${minDescriptionLength} characters (currently ${length})`,
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
  cancelAfterStart: 'This consultation has already started, so it can no longer be cancelled',
  slotBeyondHorizon: `Consultations can be booked at most ${bookingHorizonDays} days ahead`,
  pendingLimitReached: (max: number) =>
    `You already have ${max} pending ${max === 1 ? 'booking' : 'bookings'} awaiting confirmation, the most a client may have at a time. Please book again once the firm has confirmed one.`,
  /** 429 on a write route: the signed-in user's changes per minute (every state-changing request counts). */
  tooManyWrites: (retryAfterSeconds: number) =>
    `Too many changes in a short time. Please try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}.`,
  cursorInvalid: 'cursor is not one this list gave',
  pageSizeInvalid: `limit must be a whole number from 1 to ${maxMyBookingsPageSize}`,
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
  /** A cancellation the server refused (not one the API could not be reached for). */
  cancelFailed: 'Failed to cancel booking. Please try again.',
  loadFailed: 'Failed to load bookings. Please try again.',
  cancelled: 'Booking cancelled successfully',
  cancelledLocally: 'Booking cancelled locally (API unavailable)',
  noBookings: 'No Bookings Found',
  detailPlaceholder: 'Booking detail page is under development.',
} as const;

/** The web app's message for the server's validation errors: 'Booking validation failed: {path}: {msg}, ...'. */
export function bookingValidationMessage(errors: readonly { path: string; msg: string }[]): string {
  return `${bookingMessages.validationFailed}: ${errors.map((error) => `${error.path}: ${error.msg}`).join(', ')}`;
}

/** The description rule: text (text.ts), required, at least 20 characters. Undefined when valid, else the message. */
export function projectDescriptionError(description: string | null | undefined): string | undefined {
  const text = normalizeText(description ?? '');
  if (text.length === 0) return bookingMessages.descriptionRequired;
  if (text.length < minDescriptionLength) return bookingMessages.descriptionTooShort(text.length);
  return textProblem(text, projectDescriptionRule);
}

/** The project description and the notes: several lines of text (text.ts). */
export const projectDescriptionRule: TextRule = {
  label: 'Project description',
  max: maxDescriptionLength,
  multiline: true,
};
export const additionalNotesRule: TextRule = {
  label: 'Additional notes',
  max: maxAdditionalNotesLength,
  multiline: true,
};

/** Total cost in whole dollars: rate × duration / 60, rounded (docs/product.md#price). */
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

/** The last day that can be booked: `bookingHorizonDays` after today in the zone. */
export function lastBookableDate(timeZone: string, now: Date): IsoDate {
  return addDays(todayIn(timeZone, now), bookingHorizonDays);
}

/** Whether a date can have slots at all: a weekday, from today to the horizon in the zone. */
export function isBookableDate(date: IsoDate, timeZone: string, now: Date): boolean {
  return (
    isIsoDate(date) &&
    isWeekday(date) &&
    date >= todayIn(timeZone, now) &&
    date <= lastBookableDate(timeZone, now)
  );
}

/**
 * The slots of a day (docs/product.md#business-hours-and-slots): starts every 30 minutes from 09:00 to 16:30 in the zone, kept when start plus
 * duration is at or before 17:00 there; Monday to Friday up to the horizon; never a start already past. Empty otherwise.
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

export type SlotCheck =
  | { ok: true; date: IsoDate; slot: TimeSlot }
  | {
      ok: false;
      reason: 'past' | 'beyond-horizon' | 'weekend' | 'outside-hours' | 'misaligned' | 'ends-too-late';
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
  if (date > lastBookableDate(timeZone, now))
    return { ok: false, reason: 'beyond-horizon', message: bookingMessages.slotBeyondHorizon };
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
