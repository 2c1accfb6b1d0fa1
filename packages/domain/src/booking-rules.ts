// Booking rules written once for both sides: pricing, confirmation codes, statuses, options and texts (the slots
// are in slots.ts). No zod in this module (the web app's first load may import it); the schemas live in
// booking-schemas.ts.
import type { Role } from './accounts.ts';
import { zonedParts } from './calendar-dates.ts';
import { pagingMessages } from './messages.ts';
import { normalizeText, type TextRule, textProblem } from './text.ts';

/** Where business hours are reckoned unless BUSINESS_TIMEZONE says otherwise (MST all year). */
export const defaultBusinessTimeZone = 'America/Phoenix';

export const bookingStatuses = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
/** Statuses that hold their time slot: two active bookings of one service never overlap. */
export const activeBookingStatuses = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];
export type ActiveBookingStatus = (typeof activeBookingStatuses)[number];

/** Who made a change in a booking's history: its client, an administrator, or the system (e.g. an expiry). */
export const bookingEventActors = ['client', 'admin', 'system'] as const;
export type BookingEventActor = (typeof bookingEventActors)[number];

/**
 * What an entry of a booking's history records: its creation, a status change, a move to another time (with the
 * old and new start), or the client's review of it (written by the reviews feature).
 */
export const bookingEventTypes = ['created', 'status_changed', 'rescheduled', 'reviewed'] as const;
export type BookingEventType = (typeof bookingEventTypes)[number];

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (bookingStatuses as readonly string[]).includes(value);
}

export function isActiveBookingStatus(status: BookingStatus): status is ActiveBookingStatus {
  return (activeBookingStatuses as readonly string[]).includes(status);
}

// ——— The client's own changes (docs/product.md#statuses) ———

/** Hours before the start after which a client can no longer cancel or reschedule, unless CLIENT_CHANGE_NOTICE_HOURS says otherwise. */
export const defaultClientChangeNoticeHours = 24;

/** The change notice a caller is held to: administrators are never limited, also on their own bookings. */
export function changeNoticeHoursFor(role: Role, noticeHours: number): number {
  return role === 'admin' ? 0 : noticeHours;
}

/**
 * The moment a client's changes close: `noticeHours` elapsed hours before the start (so across a daylight-saving
 * change the wall clock reads an hour more or less), or the start itself when the notice is 0 (off).
 */
export function clientChangesCloseAt(startsAt: Date | string, noticeHours: number): Date {
  return new Date(new Date(startsAt).getTime() - Math.max(0, noticeHours) * 3_600_000);
}

/**
 * Why a client may no longer change (cancel or reschedule) a booking that has not started, or undefined while
 * they may: changes are open strictly before `clientChangesCloseAt`. The web shows this message instead of acting.
 */
export function clientChangeNoticeRefusal(
  startsAt: Date | string,
  now: Date,
  noticeHours: number,
): string | undefined {
  if (noticeHours <= 0) return undefined;
  return now.getTime() < clientChangesCloseAt(startsAt, noticeHours).getTime()
    ? undefined
    : bookingMessages.changeNoticePassed(noticeHours);
}

function hasStarted(startsAt: Date | string, now: Date): boolean {
  return new Date(startsAt).getTime() <= now.getTime();
}

/**
 * Why a client may not cancel this booking, or undefined when they may: only a confirmed booking, only before it
 * starts, and only until `noticeHours` before it (docs/product.md#statuses). The status is judged first, so a
 * repeated cancellation still reads as one; a start already past says so rather than naming the notice.
 */
export function clientCancelRefusal(
  status: BookingStatus,
  startsAt: Date | string,
  now: Date,
  noticeHours = 0,
): string | undefined {
  if (status !== 'confirmed') return bookingMessages.onlyConfirmedCancellable(status);
  if (hasStarted(startsAt, now)) return bookingMessages.cancelAfterStart;
  return clientChangeNoticeRefusal(startsAt, now, noticeHours);
}

/**
 * Why a client may not move this booking to another time, or undefined when they may: pending or confirmed, not
 * started, and before the notice period. The new time is judged separately, by the rules of a new booking.
 */
export function clientRescheduleRefusal(
  status: BookingStatus,
  startsAt: Date | string,
  now: Date,
  noticeHours = 0,
): string | undefined {
  if (!isActiveBookingStatus(status)) return bookingMessages.onlyActiveReschedulable(status);
  if (hasStarted(startsAt, now)) return bookingMessages.rescheduleAfterStart;
  return clientChangeNoticeRefusal(startsAt, now, noticeHours);
}

/** The client's e-mail when they moved their consultation to another time. */
export const bookingRescheduleMessages = {
  subject: (code: string) => `Your consultation has been moved — ${code}`,
  intro: (service: string, previously: string) =>
    `Your ${service} consultation has been moved to a new time, as you asked. It was previously booked for ${previously}.`,
  calendarNote:
    'The attached calendar update (invite.ics) moves the consultation in your calendar to the new time.',
  outro: (hours: number) =>
    hours > 0
      ? `You can still cancel or reschedule it in My Bookings up to ${hours} ${hours === 1 ? 'hour' : 'hours'} before it starts.`
      : 'You can still cancel or reschedule it in My Bookings until it starts.',
} as const;

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
  slotOnClosedDay: (day: string) => `Consultations are not available on ${day}s`,
  slotOnClosedDate: (date: string, reason: string) => `The firm is closed on ${date}: ${reason}`,
  slotOutsideHours: 'Consultations start between 09:00 and 16:30',
  /** `starts`: 'between 09:00 and 11:30 or between 13:00 and 16:30'. */
  slotOutsideOpeningHours: (day: string, starts: string) => `Consultations on ${day}s start ${starts}`,
  slotMisaligned: 'Time slots start on the hour or on the half hour',
  slotOffGrid: (stepMinutes: number) =>
    stepMinutes === 60
      ? 'Time slots start on the hour'
      : `Time slots start every ${stepMinutes} minutes from opening time`,
  slotEndsTooLate: (closing: string) => `This consultation would end after ${closing}`,
  slotTooSoon: (hours: number) =>
    `Consultations must be booked at least ${hours} ${hours === 1 ? 'hour' : 'hours'} ahead`,
  startsAtInvalid: 'Choose a time slot (an ISO 8601 instant such as 2030-01-07T16:00:00Z)',
  dateInvalid: 'Date must be a valid date in the form YYYY-MM-DD',
  serviceRequired: 'Service is required',
  serviceNotFound: 'Service not found',
  bookingNotFound: 'Booking not found',
  onlyConfirmedCancellable: (status: BookingStatus) =>
    `Only confirmed bookings can be cancelled; this booking is ${status}`,
  cancelAfterStart: 'This consultation has already started, so it can no longer be cancelled',
  /** 409: a client's cancellation or reschedule inside CLIENT_CHANGE_NOTICE_HOURS. */
  changeNoticePassed: (hours: number) =>
    `Changes are possible up to ${hours} ${hours === 1 ? 'hour' : 'hours'} before the consultation. Please contact us.`,
  onlyActiveReschedulable: (status: BookingStatus) =>
    `Only pending or confirmed bookings can be rescheduled; this booking is ${status}`,
  rescheduleAfterStart: 'This consultation has already started, so it can no longer be rescheduled',
  /** 400 on startsAt: the requested time is the one the booking already has. */
  rescheduleSameSlot: 'The booking is already at this time. Choose a different time slot to reschedule.',
  rescheduleKeyReused:
    'This Idempotency-Key was already used to move this booking to a different time. Use a new key for a new change.',
  rescheduled: 'Booking rescheduled successfully',
  rescheduleFailed: 'Failed to reschedule booking. Please try again.',
  slotBeyondHorizon: (days: number) => `Consultations can be booked at most ${days} days ahead`,
  pendingLimitReached: (max: number) =>
    `You already have ${max} pending ${max === 1 ? 'booking' : 'bookings'} awaiting confirmation, the most a client may have at a time. Please book again once the firm has confirmed one.`,
  /** 429 on a write route: the signed-in user's changes per minute (every state-changing request counts). */
  tooManyWrites: (retryAfterSeconds: number) =>
    `Too many changes in a short time. Please try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}.`,
  cursorInvalid: pagingMessages.cursorInvalid,
  pageSizeInvalid: pagingMessages.pageSizeInvalid(maxMyBookingsPageSize),
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
  /** The detail page of a booking that does not exist or is another user's (the server answers 404 for both). */
  detailNotFound: 'Booking Not Found',
  detailNotFoundText: 'This booking does not exist, or it is not one of yours.',
  detailLoadFailed: 'Failed to load the booking. Please try again.',
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

/** The booking API's paths, shared by the server routes and the web client. */
export const bookingApiPaths = {
  availability: (serviceId: number | string) => `/api/services/${serviceId}/availability`,
  bookings: '/api/bookings',
  myBookings: '/api/bookings/my-bookings',
  booking: (id: number | string) => `/api/bookings/${id}`,
  reschedule: (id: number | string) => `/api/bookings/${id}/reschedule`,
  calendar: (id: number | string) => `/api/bookings/${id}/calendar.ics`,
  /** A day's slots the caller's booking could move to (its own time not counted as taken). */
  rescheduleAvailability: (id: number | string) => `/api/bookings/${id}/availability`,
  /** The caller's latest history entries across their bookings (the dashboard's Recent Activity). */
  activity: '/api/bookings/activity',
} as const;

/** The most entries `GET /api/bookings/activity` answers: the dashboard shows the latest few. */
export const maxRecentActivity = 5;

/** The most history entries `GET /api/bookings/{id}` answers: the latest ones. */
export const maxBookingHistoryShown = 100;

/** Request header that makes `POST /api/bookings` safe to retry. */
export const idempotencyKeyHeader = 'Idempotency-Key';
