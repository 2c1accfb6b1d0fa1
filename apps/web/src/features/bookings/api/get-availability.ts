import {
  type AvailabilityResponse,
  apiPaths,
  availabilityResponseSchema,
  type IsoDate,
} from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** GET {path}?date=YYYY-MM-DD → the day's slots, each free or taken, and the zone. */
async function getSlots(
  path: string,
  date: IsoDate,
  signal?: AbortSignal,
  consultantId?: number,
): Promise<AvailabilityResponse> {
  const query = new URLSearchParams({ date });
  if (consultantId !== undefined) query.set('consultantId', String(consultantId));
  return apiRequest(`${path}?${query}`, availabilityResponseSchema, { signal });
}

/** GET /api/services/{id}/availability: a service's slots of a day (`&consultantId=`: that consultant's only). */
function getAvailability(serviceId: number, date: IsoDate, signal?: AbortSignal, consultantId?: number) {
  return getSlots(apiPaths.bookings.availability(serviceId), date, signal, consultantId);
}

/** Always asked afresh when a date is chosen, since slots are taken all the time. */
export function availabilityQueryOptions(serviceId: number, date: IsoDate, consultantId?: number) {
  return queryOptions({
    queryKey:
      consultantId === undefined
        ? bookingKeys.availability(serviceId, date)
        : bookingKeys.availabilityWith(serviceId, date, consultantId),
    queryFn: ({ signal }) => getAvailability(serviceId, date, signal, consultantId),
    staleTime: 0,
  });
}

/** A day's availability, once a day is chosen: any consultant's, or the chosen one's. */
export function useAvailability(serviceId: number, date: IsoDate | undefined, consultantId?: number) {
  return useQuery({
    ...availabilityQueryOptions(serviceId, date ?? '', consultantId),
    enabled: date !== undefined,
  });
}

/**
 * GET /api/bookings/{id}/availability: the slots of a day the caller's booking could move to (its own time not
 * counted as taken). Kept under the service's availability key, so that a refused move refreshes both.
 */
export function rescheduleAvailabilityQueryOptions(
  booking: { id: number; service_id: number },
  date: IsoDate,
) {
  return queryOptions({
    queryKey: [...bookingKeys.availability(booking.service_id, date), 'moving', booking.id],
    queryFn: ({ signal }) => getSlots(apiPaths.bookings.rescheduleAvailability(booking.id), date, signal),
    staleTime: 0,
  });
}

export function useRescheduleAvailability(booking: { id: number; service_id: number }, date: IsoDate) {
  return useQuery(rescheduleAvailabilityQueryOptions(booking, date));
}
