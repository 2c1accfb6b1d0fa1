import { apiPaths, type Booking, bookingResponseSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { updatePages, withChanged } from '../../../lib/paged-lists';
import { myBookingsQueryOptions } from './get-my-bookings';
import { bookingKeys } from './query-keys';

/** PUT /api/bookings/{id} { status: 'cancelled' } → the cancelled booking. */
export async function cancelBooking(id: number): Promise<Booking> {
  const body = await apiRequest(apiPaths.bookings.booking(id), bookingResponseSchema, {
    method: 'PUT',
    body: { status: 'cancelled' },
  });
  return body.booking;
}

/** Cancels, then puts the answer in the list straight away and refreshes it. */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: (cancelled) => {
      queryClient.setQueryData(myBookingsQueryOptions().queryKey, (data) =>
        updatePages(data, (page) => ({ ...page, bookings: withChanged(page.bookings, cancelled) })),
      );
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}
