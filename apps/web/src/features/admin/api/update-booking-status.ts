import { type AdminBookingsResponse, apiPaths, type Booking, type BookingStatus } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export interface StatusChange {
  id: number;
  status: BookingStatus;
}

/**
 * PUT /api/bookings/admin/{id}/status { status }. Throws `ApiError` (409 when reactivating would overlap an active
 * booking). The answer's shape is not part of the contract, so it is not read: the lists are fetched again.
 */
export async function updateBookingStatus({ id, status }: StatusChange): Promise<void> {
  await apiFetch(apiPaths.admin.status(id), { method: 'PUT', body: { status } });
}

/** Changes a booking's status, then refreshes every figure and list of the admin pages. */
export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSuccess: (_answer, { id, status }) => {
      // Every list shows the new status at once; the refetch below brings the figures and the rest.
      const withStatus = <Shown extends Booking>(booking: Shown): Shown =>
        booking.id === id ? { ...booking, status } : booking;
      queryClient.setQueriesData<AdminBookingsResponse>({ queryKey: adminKeys.bookingLists }, (page) =>
        page ? { ...page, bookings: page.bookings.map(withStatus) } : page,
      );
    },
    // Not awaited: the notification need not wait for the refetch. A refusal (409) may mean the list was stale.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
