import { apiPaths, type Booking, bookingResponseSchema, idempotencyKeyHeader } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/bookings/{id}/reschedule { startsAt } → the moved booking. One key per confirmation, so a retry of
 * the same request never moves it twice. Throws `ApiError` (400 a slot rule, 409 taken or no longer changeable).
 */
export async function rescheduleBooking(
  id: number,
  startsAt: string,
  idempotencyKey: string,
): Promise<Booking> {
  const answer = await apiRequest(apiPaths.bookings.reschedule(id), bookingResponseSchema, {
    method: 'POST',
    body: { startsAt },
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });
  return answer.booking;
}

/**
 * Moves a booking, then refreshes every booking query (My Bookings, the detail page, availability, activity). An
 * administrator's move also changes the admin screens' data (All Bookings, the closed dates' bookings), which this
 * feature does not name: every query is marked stale, and only those on screen are read again at once.
 */
export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, startsAt, key }: { id: number; startsAt: string; key: string }) =>
      rescheduleBooking(id, startsAt, key),
    onSettled: () => void queryClient.invalidateQueries(),
  });
}
