// The client's own changes (docs/product.md#statuses): until when a client may cancel or move a booking.
import type { Role } from '../accounts/rules.ts';
import { bookingMessages } from './messages.ts';
import { type BookingStatus, isActiveBookingStatus } from './statuses.ts';

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

/** Why the firm may not move the booking to another consultant (409), if it may not: only an active one not started. */
export function reassignRefusal(
  status: BookingStatus,
  startsAt: Date | string,
  now: Date,
): string | undefined {
  if (!isActiveBookingStatus(status)) return bookingMessages.onlyActiveReassignable(status);
  if (hasStarted(startsAt, now)) return bookingMessages.reassignAfterStart;
  return undefined;
}
