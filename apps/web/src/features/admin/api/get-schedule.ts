import { apiPaths, type Schedule, scheduleResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/schedule → the firm's schedule. */
export async function getSchedule(signal?: AbortSignal): Promise<{ schedule: Schedule }> {
  return apiRequest(apiPaths.schedule.admin, scheduleResponseSchema, { signal });
}

export function scheduleQueryOptions() {
  return queryOptions({ queryKey: adminKeys.schedule, queryFn: ({ signal }) => getSchedule(signal) });
}

export function useSchedule() {
  return useQuery(scheduleQueryOptions());
}
