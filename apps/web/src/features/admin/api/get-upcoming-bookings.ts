import { apiPaths, type Booking, bookingsResponseSchema, upcomingBookingsLimit } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/**
 * GET /api/bookings/admin/upcoming?limit → pending and confirmed bookings not yet started, soonest first. The
 * contract writes only the query; the answer is taken to be `{ bookings }` like the other booking lists.
 */
export async function getUpcomingBookings(limit: number, signal?: AbortSignal): Promise<Booking[]> {
  const search = new URLSearchParams({ limit: String(limit) });
  const body = await apiRequest(`${apiPaths.admin.upcoming}?${search}`, bookingsResponseSchema, { signal });
  return body.bookings;
}

export function upcomingBookingsQueryOptions(limit: number = upcomingBookingsLimit) {
  return queryOptions({
    queryKey: adminKeys.upcoming(limit),
    queryFn: ({ signal }) => getUpcomingBookings(limit, signal),
    staleTime: 0,
  });
}

export function useUpcomingBookings(limit: number = upcomingBookingsLimit) {
  return useQuery(upcomingBookingsQueryOptions(limit));
}
