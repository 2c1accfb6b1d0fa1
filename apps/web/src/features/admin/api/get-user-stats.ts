import { apiPaths, type DateRange, userStatsResponseSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { periodFiguresOptions } from './period-figures';
import { adminKeys } from './query-keys';

/** GET /api/auth/users/stats?startDate&endDate → active and new users of the period and of the previous one. */
export function userStatsQueryOptions(range: DateRange) {
  return periodFiguresOptions(
    adminKeys.userStats(range),
    apiPaths.accounts.userStats,
    userStatsResponseSchema,
    range,
  );
}

export function useUserStats(range: DateRange) {
  return useQuery(userStatsQueryOptions(range));
}
