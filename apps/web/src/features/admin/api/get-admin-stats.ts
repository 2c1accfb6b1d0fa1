import {
  type AdminStatsResponse,
  adminApiPaths,
  adminStatsResponseSchema,
  type DateRange,
} from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rangeSearch } from './filters';
import { adminKeys, keepShown } from './query-keys';

/** GET /api/bookings/admin/stats?startDate&endDate → the period's figures, the previous period's, per day and per service. */
export async function getAdminStats(range: DateRange, signal?: AbortSignal): Promise<AdminStatsResponse> {
  return apiRequest(`${adminApiPaths.stats}?${rangeSearch(range)}`, adminStatsResponseSchema, { signal });
}

export function adminStatsQueryOptions(range: DateRange) {
  return queryOptions({
    queryKey: adminKeys.stats(range),
    queryFn: ({ signal }) => getAdminStats(range, signal),
    staleTime: 0,
  });
}

export function useAdminStats(range: DateRange) {
  // The last period's figures stay on screen while another period's load.
  return useQuery({ ...adminStatsQueryOptions(range), placeholderData: keepShown });
}
