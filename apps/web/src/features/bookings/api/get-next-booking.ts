import { apiPaths, type Booking, myBookingsResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/**
 * GET /api/bookings/my-bookings?limit=1 → the first booking of My Bookings' order (upcoming soonest first), or
 * null when there is none. It is the next consultation only while it is upcoming: the caller checks.
 */
export async function getFirstBooking(signal?: AbortSignal): Promise<Booking | null> {
  const page = await apiRequest(`${apiPaths.bookings.myBookings}?limit=1`, myBookingsResponseSchema, {
    signal,
  });
  return page.bookings[0] ?? null;
}

/** Asked afresh whenever the dashboard opens: the firm may have confirmed or cancelled meanwhile. */
export function nextBookingQueryOptions() {
  return queryOptions({
    queryKey: bookingKeys.next,
    queryFn: ({ signal }) => getFirstBooking(signal),
    staleTime: 0,
  });
}

export function useNextBooking() {
  return useQuery(nextBookingQueryOptions());
}
