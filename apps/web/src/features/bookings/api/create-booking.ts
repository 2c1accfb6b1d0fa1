import {
  apiPaths,
  type Booking,
  bookingResponseSchema,
  type CreateBookingBody,
  idempotencyKeyHeader,
} from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/bookings → the booking. The one place a booking is sent: the same `idempotencyKey` (one per wizard
 * attempt) makes a retry return the same booking instead of a second one, which is what lets the queue of unsent
 * bookings send it again with the stored body and key. Throws `ApiError` (0 when no answer arrived, 400
 * invalid, 409 slot taken).
 */
export async function submitBooking(body: CreateBookingBody, idempotencyKey: string): Promise<Booking> {
  const answer = await apiRequest(apiPaths.bookings.create, bookingResponseSchema, {
    method: 'POST',
    body,
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });
  return answer.booking;
}

export function useCreateBooking() {
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateBookingBody; key: string }) => submitBooking(body, key),
  });
}
