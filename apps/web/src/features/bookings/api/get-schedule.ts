import { apiPaths, type PublicSchedule, publicScheduleResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { scheduleKey } from '../../../lib/schedule-keys';

/** GET /api/schedule → the firm's opening hours, notice, horizon and closed dates, and its time zone. */
export async function getSchedule(signal?: AbortSignal): Promise<PublicSchedule> {
  return apiRequest(apiPaths.schedule.public, publicScheduleResponseSchema, { signal });
}

const scheduleQuery = queryOptions({
  queryKey: scheduleKey,
  queryFn: ({ signal }) => getSchedule(signal),
});

/** The business zone's source where a copy read a minute ago will do (it does not change while the server runs). */
export function useSchedule() {
  return useQuery(scheduleQuery);
}

/** The schedule as the firm has it now, or why it is not there yet. */
export type CurrentSchedule =
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; schedule: PublicSchedule };

/**
 * The schedule the wizard and the reschedule dialog grey out days with: read afresh each time they open, and not
 * shown until that reading answers (a copy cached earlier could miss a closure the firm has just added). The server
 * re-checks every booking against its own copy.
 */
export function useCurrentSchedule(): CurrentSchedule {
  const query = useQuery({ ...scheduleQuery, staleTime: 0, refetchOnMount: 'always' });
  if (query.isSuccess && query.isFetchedAfterMount) return { state: 'ready', schedule: query.data };
  if (query.isError && !query.isFetching) return { state: 'failed', retry: () => void query.refetch() };
  return { state: 'loading' };
}
