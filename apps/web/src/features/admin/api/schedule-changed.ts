import type { QueryClient } from '@tanstack/react-query';
import { scheduleKey } from '../../../lib/schedule-keys';
import { adminKeys } from './query-keys';

/** After a change of the schedule: its changes, the bookings it concerns and the public schedule are read anew. */
export function scheduleChanged(queryClient: QueryClient): void {
  for (const queryKey of [adminKeys.scheduleChanges, adminKeys.tooClose, adminKeys.closures, scheduleKey]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
