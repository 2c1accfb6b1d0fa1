import { adminStatsResponseSchema, apiPaths, type DateRange } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { periodFiguresOptions } from './period-figures';
import { adminKeys } from './query-keys';

/** GET /api/bookings/admin/stats?startDate&endDate → the period's figures, the previous period's, per day and per service. */
export function adminStatsQueryOptions(range: DateRange) {
  return periodFiguresOptions(adminKeys.stats(range), apiPaths.admin.stats, adminStatsResponseSchema, range);
}

export function useAdminStats(range: DateRange) {
  return useQuery(adminStatsQueryOptions(range));
}
