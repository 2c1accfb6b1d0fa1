import { type AdminBookingsResponse, adminBookingsResponseSchema, apiPaths } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type AdminListQuery, adminListSearch } from './filters';
import { adminKeys, keepShown } from './query-keys';

/**
 * GET /api/bookings/admin/all?status&startDate&endDate&serviceId&bookingId&limit&cursor → one page of bookings, newest
 * first, how many match in all, and the cursor of the next page (null on the last).
 */
export async function getAdminBookings(
  query: AdminListQuery,
  signal?: AbortSignal,
): Promise<AdminBookingsResponse> {
  return apiRequest(`${apiPaths.admin.all}?${adminListSearch(query)}`, adminBookingsResponseSchema, {
    signal,
  });
}

export function adminBookingsQueryOptions(query: AdminListQuery) {
  return queryOptions({
    queryKey: adminKeys.bookings(query),
    queryFn: ({ signal }) => getAdminBookings(query, signal),
    staleTime: 0,
  });
}

/** A page of the list; the last page stays on screen while the next one loads. */
export function useAdminBookings(query: AdminListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...adminBookingsQueryOptions(query),
    placeholderData: keepShown,
    enabled: options.enabled ?? true,
  });
}
