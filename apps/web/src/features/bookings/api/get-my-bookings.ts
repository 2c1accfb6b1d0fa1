import { type Booking, bookingApiPaths, bookingsResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/bookings/my-bookings → the caller's bookings, newest first. */
export async function getMyBookings(signal?: AbortSignal): Promise<Booking[]> {
  const body = await apiRequest(bookingApiPaths.myBookings, bookingsResponseSchema, { signal });
  return body.bookings;
}

/** Asked afresh whenever My Bookings opens: an administrator may have changed a status meanwhile. */
export function myBookingsQueryOptions() {
  return queryOptions({
    queryKey: bookingKeys.mine,
    queryFn: ({ signal }) => getMyBookings(signal),
    staleTime: 0,
  });
}

export function useMyBookings() {
  return useQuery(myBookingsQueryOptions());
}
