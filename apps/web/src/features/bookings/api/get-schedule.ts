import type { PublicSchedule } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { scheduleQuery } from '../../../lib/public-schedule';

export { getSchedule, useSchedule } from '../../../lib/public-schedule';

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
