import {
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  bookingResponseSchema,
  type SetLocationBody,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/**
 * PUT /api/admin/bookings/{id}/location { location } → the booking (administrators): a place instead of the video
 * room, or null to bring the room back. Throws `ApiError`: 400 naming location, 404.
 */
export async function setLocation(id: number, body: SetLocationBody): Promise<Booking> {
  const answer = await apiRequest(apiPaths.admin.location(id), bookingResponseSchema, {
    method: 'PUT',
    body,
  });
  return answer.booking;
}

/** Sets or clears the location, shows the booking at once, then reads it (its history) and every list again. */
export function useSetLocation(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetLocationBody) => setLocation(bookingId, body),
    onSuccess: (booking) => {
      queryClient.setQueryData<BookingDetailResponse>(bookingKeys.detail(bookingId), (detail) =>
        detail ? { ...detail, booking } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
