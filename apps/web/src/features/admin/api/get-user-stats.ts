import {
  accountApiPaths,
  type DateRange,
  type UserStatsResponse,
  userStatsResponseSchema,
} from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rangeSearch } from './filters';
import { adminKeys, keepShown } from './query-keys';

/** GET /api/auth/users/stats?startDate&endDate → active and new users of the period and of the previous one. */
export async function getUserStats(range: DateRange, signal?: AbortSignal): Promise<UserStatsResponse> {
  return apiRequest(`${accountApiPaths.userStats}?${rangeSearch(range)}`, userStatsResponseSchema, {
    signal,
  });
}

export function userStatsQueryOptions(range: DateRange) {
  return queryOptions({
    queryKey: adminKeys.userStats(range),
    queryFn: ({ signal }) => getUserStats(range, signal),
    staleTime: 0,
  });
}

export function useUserStats(range: DateRange) {
  // The last period's figures stay on screen while another period's load.
  return useQuery({ ...userStatsQueryOptions(range), placeholderData: keepShown });
}
