import { apiPaths, type BookingDetailResponse, bookingDetailResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/bookings/{id} → the booking, its history (oldest first) and the change notice in hours. */
export async function getBooking(id: string, signal?: AbortSignal): Promise<BookingDetailResponse> {
  return apiRequest(apiPaths.bookings.booking(encodeURIComponent(id)), bookingDetailResponseSchema, {
    signal,
  });
}

/** Asked afresh whenever the page opens: the firm may have confirmed or cancelled it meanwhile. */
export function bookingQueryOptions(id: string) {
  return queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => getBooking(id, signal),
    staleTime: 0,
  });
}

export function useBooking(id: string) {
  return useQuery(bookingQueryOptions(id));
}
