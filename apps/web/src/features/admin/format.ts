// How the admin pages write figures and times. What My Bookings writes the same way (statuses, dollars, dates,
// zone names) is in src/lib/booking-format.ts.
import { type Booking, type IsoDate, percentChange, timeRange, zonedDate } from '@portal/domain';

const MINUS = '\u2212';

/**
 * The change against the previous period as shown on a stat card: '+12.5%', '−3%', '0%', or 'new' when the
 * previous period had none and this one has some (percentChange is then undefined).
 */
export function changeText(current: number, previous: number): string {
  const change = percentChange(current, previous);
  if (change === undefined) return 'new';
  const size = Math.abs(change).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return change > 0 ? `+${size}%` : change < 0 ? `${MINUS}${size}%` : '0%';
}

/** The day a booking takes place in its business zone. */
export function bookingDay(booking: Booking): IsoDate {
  return zonedDate(new Date(booking.starts_at), booking.time_zone);
}

/** '9 AM - 10:30 AM MST': the booking's time in its business zone, the zone named. */
export function bookingHours(booking: Booking): string {
  return timeRange(booking.starts_at, booking.ends_at, booking.time_zone);
}

/** The client's name, or their email address when the profile has no name. */
export function clientName(booking: Booking): string {
  const { first_name, last_name, email } = booking.user_profiles;
  const name = [first_name, last_name].filter(Boolean).join(' ');
  return name || email;
}

/** The day a booking was made in its business zone (what the admin list's date filters mean). */
export function bookedDay(booking: Booking): IsoDate {
  return zonedDate(new Date(booking.created_at), booking.time_zone);
}
