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

/** How often the booking's page asks again while the card payment it came back from Checkout with is recorded. */
export const cardPaymentPollMs = 2000;

/**
 * `backFromCheckout`: the client has just finished Stripe's Checkout, whose webhook may reach the server a moment
 * after the browser, so the booking is asked again every 2 s while its card payment is still awaited.
 */
export function useBooking(id: string, { backFromCheckout = false } = {}) {
  return useQuery({
    ...bookingQueryOptions(id),
    refetchInterval: (query) =>
      backFromCheckout && query.state.data?.booking.payment.status === 'awaiting' ? cardPaymentPollMs : false,
  });
}
