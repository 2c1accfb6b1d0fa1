import { apiPaths, type MyBookingsResponse, myBookingsResponseSchema } from '@portal/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/bookings/my-bookings[?cursor] → a page of the caller's bookings, upcoming soonest first then the rest most recent first, and the next cursor. */
export async function getMyBookings(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<MyBookingsResponse> {
  const query = cursor === undefined ? '' : `?${new URLSearchParams({ cursor })}`;
  return apiRequest(`${apiPaths.bookings.myBookings}${query}`, myBookingsResponseSchema, { signal });
}

/**
 * The pages loaded so far, the server's page size each. Asked afresh whenever My Bookings opens: an administrator
 * may have changed a status meanwhile.
 */
export function myBookingsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: bookingKeys.mine,
    queryFn: ({ pageParam, signal }) => getMyBookings(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

export function useMyBookings() {
  return useInfiniteQuery(myBookingsQueryOptions());
}
