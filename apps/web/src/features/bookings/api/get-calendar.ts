import { calendarApiPaths, type PublicCalendar, publicCalendarResponseSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/calendar → the firm's opening hours, notice, horizon and closed dates, and its time zone. */
export async function getFirmCalendar(signal?: AbortSignal): Promise<PublicCalendar> {
  return apiRequest(calendarApiPaths.calendar, publicCalendarResponseSchema, { signal });
}

/** The calendar the wizard greys out days with (the server re-checks every booking against its own copy). */
export function useFirmCalendar() {
  return useQuery({
    queryKey: bookingKeys.calendar,
    queryFn: ({ signal }) => getFirmCalendar(signal),
    staleTime: 60_000,
  });
}
