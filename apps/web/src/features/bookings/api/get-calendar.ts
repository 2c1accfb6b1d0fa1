import { apiPaths, type PublicCalendar, publicCalendarResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { firmCalendarKey } from '../../../lib/calendar-keys';

/** GET /api/schedule → the firm's opening hours, notice, horizon and closed dates, and its time zone. */
export async function getFirmCalendar(signal?: AbortSignal): Promise<PublicCalendar> {
  return apiRequest(apiPaths.schedule.public, publicCalendarResponseSchema, { signal });
}

const firmCalendarQuery = queryOptions({
  queryKey: firmCalendarKey,
  queryFn: ({ signal }) => getFirmCalendar(signal),
});

/** The business zone's source where a copy read a minute ago will do (it does not change while the server runs). */
export function useFirmCalendar() {
  return useQuery(firmCalendarQuery);
}

/** The calendar as the firm has it now, or why it is not there yet. */
export type CurrentCalendar =
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; calendar: PublicCalendar };

/**
 * The calendar the wizard and the reschedule dialog grey out days with: read afresh each time they open, and not
 * shown until that reading answers (a copy cached earlier could miss a closure the firm has just added). The server
 * re-checks every booking against its own copy.
 */
export function useCurrentFirmCalendar(): CurrentCalendar {
  const query = useQuery({ ...firmCalendarQuery, staleTime: 0, refetchOnMount: 'always' });
  if (query.isSuccess && query.isFetchedAfterMount) return { state: 'ready', calendar: query.data };
  if (query.isError && !query.isFetching) return { state: 'failed', retry: () => void query.refetch() };
  return { state: 'loading' };
}
