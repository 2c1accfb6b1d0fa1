import { apiPaths, type CalendarChange, calendarChangesResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/schedule/changes → the latest changes of the schedule and the closed dates, newest first. */
export async function getCalendarChanges(signal?: AbortSignal): Promise<CalendarChange[]> {
  return (await apiRequest(apiPaths.schedule.changes, calendarChangesResponseSchema, { signal })).changes;
}

export function calendarChangesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.calendarChanges,
    queryFn: ({ signal }) => getCalendarChanges(signal),
  });
}

export function useCalendarChanges() {
  return useQuery(calendarChangesQueryOptions());
}
