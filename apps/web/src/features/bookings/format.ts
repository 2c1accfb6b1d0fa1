import {
  type AvailabilitySlot,
  type Booking,
  clockRange,
  shortDateIn,
  timeRange,
  zoneAbbreviation,
} from '@portal/domain';

/**
 * A slot's hours in the business zone, the zone named as it is at the slot's start: '9 AM - 10 AM MST'. The slot's
 * `start_time` and `end_time` are already the business zone's wall clock.
 */
export function slotTime(
  slot: Pick<AvailabilitySlot, 'start_time' | 'end_time' | 'starts_at'>,
  timeZone: string,
): string {
  return `${clockRange(slot.start_time, slot.end_time)} ${zoneAbbreviation(timeZone, new Date(slot.starts_at))}`;
}

/** '9 AM - 10:30 AM MST': a booking's hours in its business zone (its slot's wall clock), the zone named. */
export function bookingTime(
  booking: Pick<Booking, 'time_slots' | 'starts_at' | 'ends_at' | 'time_zone'>,
): string {
  const slot = booking.time_slots[0];
  return slot
    ? slotTime({ ...slot, starts_at: booking.starts_at }, booking.time_zone)
    : timeRange(booking.starts_at, booking.ends_at, booking.time_zone);
}

/** 'Mon, Jan 7, 2030, 11 AM - 12:30 PM EST': a booking's time in another zone (the viewer's), the zone named. */
export function bookingTimeIn(booking: Pick<Booking, 'starts_at' | 'ends_at'>, timeZone: string): string {
  return `${shortDateIn(booking.starts_at, timeZone)}, ${timeRange(booking.starts_at, booking.ends_at, timeZone)}`;
}

/** Filter tabs of My Bookings (docs/product.md#my-bookings). */
export const bookingFilters = ['all', 'upcoming', 'past', 'confirmed', 'pending'] as const;
export type BookingFilter = (typeof bookingFilters)[number];

export const filterLabels: Record<BookingFilter, string> = {
  all: 'All',
  upcoming: 'Upcoming',
  past: 'Past',
  confirmed: 'Confirmed',
  pending: 'Pending',
};

/**
 * What the tabs mean. Upcoming: still to happen — active (pending or confirmed) and not yet started. Past: its
 * start time has passed, or it is completed, whatever its status. A cancelled booking still ahead is in neither
 * (it shows under All). Confirmed and Pending: by status alone. A booking kept in the browser, not yet sent,
 * counts as pending.
 */
export function matchesFilter(
  booking: Pick<Booking, 'status' | 'starts_at'>,
  filter: BookingFilter,
  now: Date,
): boolean {
  const started = Date.parse(booking.starts_at) <= now.getTime();
  switch (filter) {
    case 'all':
      return true;
    case 'upcoming':
      return !started && (booking.status === 'pending' || booking.status === 'confirmed');
    case 'past':
      return started || booking.status === 'completed';
    case 'confirmed':
      return booking.status === 'confirmed';
    case 'pending':
      return booking.status === 'pending';
  }
}
