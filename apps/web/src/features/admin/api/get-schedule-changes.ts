import { apiPaths, type ScheduleChange, scheduleChangesResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/schedule/changes → the latest changes of the schedule and the closed dates, newest first. */
export async function getScheduleChanges(signal?: AbortSignal): Promise<ScheduleChange[]> {
  return (await apiRequest(apiPaths.schedule.changes, scheduleChangesResponseSchema, { signal })).changes;
}

export function scheduleChangesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.scheduleChanges,
    queryFn: ({ signal }) => getScheduleChanges(signal),
  });
}

export function useScheduleChanges() {
  return useQuery(scheduleChangesQueryOptions());
}
