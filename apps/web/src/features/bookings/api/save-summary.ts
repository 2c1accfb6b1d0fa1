import {
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  bookingResponseSchema,
  type SaveSummaryBody,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/**
 * PUT /api/bookings/{id}/summary { summary } → the booking with its summary (administrators and the booking's
 * consultant). Throws `ApiError`: 400 naming summary, 403 for anyone else, 409 while it is not completed.
 */
export async function saveSummary(id: number, body: SaveSummaryBody): Promise<Booking> {
  const answer = await apiRequest(apiPaths.bookings.summary(id), bookingResponseSchema, {
    method: 'PUT',
    body,
  });
  return answer.booking;
}

/** Saves the summary, shows it on the page at once, then reads the booking and its lists again. */
export function useSaveSummary(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSummaryBody) => saveSummary(bookingId, body),
    onSuccess: (booking) => {
      queryClient.setQueryData<BookingDetailResponse>(bookingKeys.detail(bookingId), (detail) =>
        detail ? { ...detail, booking } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}
