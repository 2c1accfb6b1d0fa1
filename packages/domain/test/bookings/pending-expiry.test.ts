import { describe, expect, it } from 'vitest';
import {
  isPendingBookingDue,
  pendingExpiresAt,
  pendingExpiryBounds,
} from '../../src/bookings/pending-expiry.ts';
import type { BookingStatus } from '../../src/bookings/statuses.ts';

const hour = 3_600_000;
const made = new Date('2030-01-07T16:00:00Z');
const farStart = new Date(made.getTime() + 10 * 24 * hour);
const soonStart = new Date(made.getTime() + 24 * hour);

function booking(status: BookingStatus, startsAt = farStart) {
  return { status, createdAt: made, startsAt };
}

describe('pending expiry', () => {
  it('is 72 hours after the booking was made, or its start if that comes first', () => {
    expect(pendingExpiresAt(made, farStart, 72)).toEqual(new Date(made.getTime() + 72 * hour));
    expect(pendingExpiresAt(made, soonStart, 72)).toEqual(soonStart);
  });

  it('is off at 0 hours', () => {
    expect(pendingExpiresAt(made, soonStart, 0)).toBeUndefined();
    expect(isPendingBookingDue(booking('pending', soonStart), new Date(farStart.getTime() + hour), 0)).toBe(
      false,
    );
    expect(pendingExpiryBounds(made, 0)).toBeUndefined();
  });

  it('applies to pending bookings only, from the deadline on', () => {
    const deadline = new Date(made.getTime() + 72 * hour);
    expect(isPendingBookingDue(booking('pending'), new Date(deadline.getTime() - 1), 72)).toBe(false);
    expect(isPendingBookingDue(booking('pending'), deadline, 72)).toBe(true);
    for (const status of ['confirmed', 'completed', 'cancelled'] as const) {
      expect(isPendingBookingDue(booking(status), deadline, 72)).toBe(false);
    }
    expect(isPendingBookingDue(booking('pending', soonStart), soonStart, 72)).toBe(true);
  });

  it('gives query bounds that agree with the rule', () => {
    const now = new Date(made.getTime() + 72 * hour);
    expect(pendingExpiryBounds(now, 72)).toEqual({ madeBy: made, startsBy: now });
  });
});
