import { type Booking, shortDate } from '@portal/domain';
import { bookingDay, bookingHours, clientName } from '../format';

/** A booking in a line, as the firm finds it in All Bookings: when, what, who, its code. */
export function bookingLine(booking: Booking): string {
  return `${shortDate(bookingDay(booking))}, ${bookingHours(booking)} · ${booking.services.name} · ${clientName(booking)} · ${booking.confirmation_code}`;
}
