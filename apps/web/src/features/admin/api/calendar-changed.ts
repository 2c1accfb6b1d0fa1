import type { QueryClient } from '@tanstack/react-query';
import { firmCalendarKey } from '../../../lib/calendar-keys';
import { adminKeys } from './query-keys';

/** After a change of the calendar: its changes, the bookings it concerns and the public calendar are read anew. */
export function calendarChanged(queryClient: QueryClient): void {
  for (const queryKey of [
    adminKeys.calendarChanges,
    adminKeys.tooClose,
    adminKeys.closures,
    firmCalendarKey,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
