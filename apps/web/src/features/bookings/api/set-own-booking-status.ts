import { apiPaths, type BookingStatus } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/**
 * A consultant confirms, completes or cancels a booking of theirs: the administrators' status route, which the
 * server limits to their own bookings (docs/product.md#the-consultants-own-area).
 */
export function useSetOwnBookingStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: BookingStatus) => {
      await apiFetch(apiPaths.admin.status(id), { method: 'PUT', body: { status } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
