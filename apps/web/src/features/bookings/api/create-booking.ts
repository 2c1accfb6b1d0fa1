import {
  type Booking,
  bookingApiPaths,
  bookingResponseSchema,
  type CreateBookingBody,
  idempotencyKeyHeader,
} from '@portal/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/bookings → the booking. The one place a booking is sent: the same `idempotencyKey` (one per wizard
 * attempt) makes a retry return the same booking instead of a second one, so a later offline queue can call this
 * again with the stored body and key. Throws `ApiError` (0 when no answer arrived, 400 invalid, 409 slot taken).
 */
export async function submitBooking(body: CreateBookingBody, idempotencyKey: string): Promise<Booking> {
  const answer = await apiRequest(bookingApiPaths.bookings, bookingResponseSchema, {
    method: 'POST',
    body,
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });
  return answer.booking;
}
