import type { Booking } from '@portal/domain';
import { zoneAbbreviation } from '@portal/domain';

/** The day an instant falls on in a zone, written short: 'Jan 7, 2030'. */
export function shortDateIn(instant: string, timeZone: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(date);
}

/** '09:00 - 10:00 MST': a slot's hours in the business zone, the zone named as it is at the slot's start. */
export function slotTime(hours: string, timeZone: string, startsAt: string): string {
  return `${hours} ${zoneAbbreviation(timeZone, new Date(startsAt))}`.trim();
}

/** A booking's hours in the business zone, the zone named. */
export function bookingTime(booking: Booking): string {
  const slot = booking.time_slots[0];
  return slotTime(slot ? `${slot.start_time} - ${slot.end_time}` : '', booking.time_zone, booking.starts_at);
}

/** The zone this browser's clock is set to (the viewer's own). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** 'Mon, Jan 7, 2030, 11:00 - 12:30 EST': a booking's time in another zone (the viewer's), the zone named. */
export function bookingTimeIn(booking: Pick<Booking, 'starts_at' | 'ends_at'>, timeZone: string): string {
  const start = new Date(booking.starts_at);
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(start);
  const clock = (at: Date) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
  return `${day}, ${clock(start)} - ${clock(new Date(booking.ends_at))} ${zoneAbbreviation(timeZone, start)}`;
}

/** When a history entry happened: 'Jan 2, 2030, 10:00 MST' in the business zone. */
export function momentIn(instant: string, timeZone: string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return instant;
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${text} ${zoneAbbreviation(timeZone, at)}`;
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
