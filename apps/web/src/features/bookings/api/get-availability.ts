import { type AvailabilityResponse, availabilityResponseSchema, bookingApiPaths } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/services/{id}/availability?date=YYYY-MM-DD → the day's slots, each free or taken, and the zone. */
export async function getAvailability(
  serviceId: number,
  date: string,
  signal?: AbortSignal,
): Promise<AvailabilityResponse> {
  const query = new URLSearchParams({ date });
  return apiRequest(`${bookingApiPaths.availability(serviceId)}?${query}`, availabilityResponseSchema, {
    signal,
  });
}

/** A day's availability; always asked afresh when a date is chosen, since slots are taken all the time. */
export function useAvailability(serviceId: number, date: string | undefined) {
  return useQuery({
    queryKey: bookingKeys.availability(serviceId, date ?? ''),
    queryFn: ({ signal }) => getAvailability(serviceId, date ?? '', signal),
    enabled: date !== undefined,
    staleTime: 0,
  });
}
