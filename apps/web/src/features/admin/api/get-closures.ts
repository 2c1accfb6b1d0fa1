import { apiPaths, type ClosureWithBookings, closuresResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/closures → every closure, in date order, each with the active bookings on its dates. */
export async function getClosures(signal?: AbortSignal): Promise<ClosureWithBookings[]> {
  return (await apiRequest(apiPaths.schedule.closures, closuresResponseSchema, { signal })).closures;
}

export function closuresQueryOptions() {
  return queryOptions({ queryKey: adminKeys.closures, queryFn: ({ signal }) => getClosures(signal) });
}

export function useClosures() {
  return useQuery(closuresQueryOptions());
}
