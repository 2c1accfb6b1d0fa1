// Texts of the booking flows, and the codes a screen tells refusals apart by.
import { pagingMessages } from '../api/messages.ts';
import { hoursText } from '../text/format.ts';
import { minDescriptionLength } from './details.ts';
import { maxIdempotencyKeyLength, maxMyBookingsPageSize } from './limits.ts';
import type { BookingStatus } from './statuses.ts';

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
  /** Beside Review Booking while it is disabled, and tied to it: why it waits. */
  reviewWaitsForDescription: `Review Booking opens once the project description has ${minDescriptionLength} characters`,
  /** Announced (politely) when the description becomes long enough. */
  descriptionLongEnough: 'The project description is long enough: you can review your booking',
  slotTaken: 'This time slot is no longer available',
  consultantInvalid: 'Consultant id must be a positive whole number',
  consultantNotDelivering: 'This consultant does not deliver this service',
  /** 400 on consultantId: a reassignment to the consultant the booking already has. */
  onlyActiveReassignable: (status: BookingStatus) =>
    `Only pending or confirmed bookings can move to another consultant; this booking is ${status}`,
  reassignAfterStart: 'This consultation has already started, so it can no longer move to another consultant',
  reassignSameConsultant: 'The booking is already with this consultant. Choose a different consultant.',
  businessHoursNote: 'Consultations are available Monday-Friday, 9 AM - 5 PM',
  slotInPast: 'This time slot has already started or is in the past',
  profileIncomplete: 'Please complete your profile (first and last name) before booking',
  slotOnWeekend: 'Consultations are available Monday to Friday only',
  slotOnClosedDay: (day: string) => `Consultations are not available on ${day}s`,
  slotOnClosedDate: (date: string, reason: string) => `The firm is closed on ${date}: ${reason}`,
  slotOutsideHours: 'Consultations start between 9 AM and 4:30 PM',
  /** `starts`: 'between 9 AM and 11:30 AM or between 1 PM and 4:30 PM'. */
  slotOutsideOpeningHours: (day: string, starts: string) => `Consultations on ${day}s start ${starts}`,
  slotMisaligned: 'Time slots start on the hour or on the half hour',
  slotOffGrid: (stepMinutes: number) =>
    stepMinutes === 60
      ? 'Time slots start on the hour'
      : `Time slots start every ${stepMinutes} minutes from opening time`,
  slotEndsTooLate: (closing: string) => `This consultation would end after ${closing}`,
  slotTooSoon: (hours: number) => `Consultations must be booked at least ${hoursText(hours)} ahead`,
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
    `Changes are possible up to ${hoursText(hours)} before the consultation. Please contact us.`,
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
  /** 409 (code PENDING_BOOKINGS_LIMIT): the pending bookings made from one client address, across accounts. */
  addressPendingLimitReached: (max: number) =>
    `${max} bookings made from your network are already awaiting confirmation, the most we accept from one place at a time. Please book again once the firm has confirmed some, or contact us.`,
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
  /** The title of the notification after booking: a new booking is a request (pending), never 'confirmed'. */
  requestSentTitle: 'Booking Request Sent',
  /** After `saved`, in the same notification: what happens next. */
  requestSentNext: 'It is pending until we confirm it, usually within one business day.',
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

/** The wizard's last step: the client's change rules (docs/product.md#statuses), stated before they confirm. */
export const bookingChangeRules = {
  /** Moving and cancelling, with CLIENT_CHANGE_NOTICE_HOURS (0: until the start). */
  rules: (hours: number) =>
    hours > 0
      ? `You can move this booking to another time until ${hoursText(hours)} before it starts, and cancel it once we have confirmed it, until the same time. Later than that, please contact us.`
      : 'You can move this booking to another time until it starts, and cancel it once we have confirmed it, until it starts.',
  /** The chosen time starts within the notice: once booked it cannot be changed online at all. */
  lockedAtOnce: (hours: number) =>
    `This time starts in less than ${hoursText(hours)}, so once booked it cannot be moved or cancelled here.`,
} as const;

/**
 * An administrator moving a client's booking from its page (docs/product.md#administration): the reschedule dialog,
 * worded for the firm.
 */
export const firmMoveTexts = {
  action: 'Move to Another Time',
  title: 'Move to Another Time',
  keeps:
    'The booking keeps its confirmation code, price and status. The client is emailed the new time with a calendar update.',
  confirm: 'Confirm Move',
  busy: 'Moving...',
} as const;

/** An administrator moving a booking to another consultant from its page (docs/product.md#administration). */
export const consultantChangeTexts = {
  label: 'Change Consultant',
  apply: 'Apply',
  busy: 'Applying...',
  /** The select's hint while the service has no other active consultant. */
  noOther: 'No other active consultant delivers this service.',
  done: (name: string) =>
    `The booking is now with ${name}. The client and both consultants have been emailed.`,
  failed: 'Failed to change the consultant. Please try again.',
} as const;

/** The dashboard's next consultation (docs/product.md#pages). */
export const nextConsultationTexts = {
  heading: 'Your next consultation',
  loading: 'Loading your next consultation...',
  failed: 'Failed to load your next consultation. Please try again.',
  none: 'No upcoming consultations.',
} as const;

/** The web app's message for the server's validation errors: 'Booking validation failed: {path}: {msg}, ...'. */
export function bookingValidationMessage(errors: readonly { path: string; msg: string }[]): string {
  return `${bookingMessages.validationFailed}: ${errors.map((error) => `${error.path}: ${error.msg}`).join(', ')}`;
}
