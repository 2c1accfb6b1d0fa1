import { apiPaths, type CancelPendingBody, cancelPendingResponseSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/**
 * POST /api/admin/bookings/cancel-pending { clientId } | { address } → how many pending bookings were cancelled.
 * Throws `ApiError` on a refusal.
 */
export async function cancelPending(holder: CancelPendingBody): Promise<number> {
  return (
    await apiRequest(apiPaths.admin.cancelPending, cancelPendingResponseSchema, {
      method: 'POST',
      body: holder,
    })
  ).cancelled;
}

/** Cancels one client's or one address's pending holds, then refreshes every list and figure of the admin pages. */
export function useCancelPending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPending,
    // Not awaited: the notification need not wait for the refetch.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
