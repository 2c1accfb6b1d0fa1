import { type ActivityResponse, activityResponseSchema, apiPaths } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/bookings/activity → the caller's latest history entries across their bookings, newest first. */
export async function getActivity(signal?: AbortSignal): Promise<ActivityResponse> {
  return apiRequest(apiPaths.bookings.activity, activityResponseSchema, { signal });
}

/** Asked afresh whenever the dashboard opens: the firm may have confirmed or cancelled meanwhile. */
export function activityQueryOptions() {
  return queryOptions({
    queryKey: bookingKeys.activity,
    queryFn: ({ signal }) => getActivity(signal),
    staleTime: 0,
  });
}

export function useActivity() {
  return useQuery(activityQueryOptions());
}
