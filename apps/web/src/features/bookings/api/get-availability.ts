import {
  type AvailabilityResponse,
  availabilityResponseSchema,
  bookingApiPaths,
  type IsoDate,
} from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/services/{id}/availability?date=YYYY-MM-DD → the day's slots, each free or taken, and the zone. */
export async function getAvailability(
  serviceId: number,
  date: IsoDate,
  signal?: AbortSignal,
): Promise<AvailabilityResponse> {
  const query = new URLSearchParams({ date });
  return apiRequest(`${bookingApiPaths.availability(serviceId)}?${query}`, availabilityResponseSchema, {
    signal,
  });
}

/** Always asked afresh when a date is chosen, since slots are taken all the time. */
export function availabilityQueryOptions(serviceId: number, date: IsoDate) {
  return queryOptions({
    queryKey: bookingKeys.availability(serviceId, date),
    queryFn: ({ signal }) => getAvailability(serviceId, date, signal),
    staleTime: 0,
  });
}

/** A day's availability, once a day is chosen. */
export function useAvailability(serviceId: number, date: IsoDate | undefined) {
  return useQuery({ ...availabilityQueryOptions(serviceId, date ?? ''), enabled: date !== undefined });
}
