// Pending bookings nobody confirmed (docs/product.md#statuses).
import type { BookingStatus } from './statuses.ts';

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
