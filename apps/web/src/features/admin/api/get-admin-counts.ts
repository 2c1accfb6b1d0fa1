import { type AdminCountsResponse, adminCountsResponseSchema, apiPaths } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/counts → how many bookings are pending and how many messages unanswered. */
export function getAdminCounts(signal?: AbortSignal): Promise<AdminCountsResponse> {
  return apiRequest(apiPaths.admin.counts, adminCountsResponseSchema, { signal });
}

export function adminCountsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.counts,
    queryFn: ({ signal }) => getAdminCounts(signal),
    // What waits may have changed while the administrator was in another tab (a client booked, someone wrote):
    // counted again when the page regains focus, unlike the app's other reads.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useAdminCounts() {
  return useQuery(adminCountsQueryOptions());
}
