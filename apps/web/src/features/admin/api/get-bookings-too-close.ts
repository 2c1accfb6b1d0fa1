import { apiPaths, type BookingsTooClose, tooCloseResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/schedule/too-close → pairs of active bookings closer together than the buffer. */
export async function getBookingsTooClose(signal?: AbortSignal): Promise<BookingsTooClose[]> {
  return (await apiRequest(apiPaths.schedule.tooClose, tooCloseResponseSchema, { signal })).pairs;
}

export function bookingsTooCloseQueryOptions() {
  return queryOptions({ queryKey: adminKeys.tooClose, queryFn: ({ signal }) => getBookingsTooClose(signal) });
}

export function useBookingsTooClose() {
  return useQuery(bookingsTooCloseQueryOptions());
}
