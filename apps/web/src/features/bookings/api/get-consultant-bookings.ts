import { apiPaths, type Booking, consultantBookingsResponseSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** GET /api/consultant/bookings?from&to → the signed-in consultant's bookings starting on those days. */
export async function getConsultantBookings(
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<Booking[]> {
  const query = new URLSearchParams({ from, to });
  const answer = await apiRequest(
    `${apiPaths.consultants.ownBookings}?${query}`,
    consultantBookingsResponseSchema,
    {
      signal,
    },
  );
  return answer.bookings;
}

/** One week (or any range) of the consultant's schedule; asked afresh whenever the page opens. */
export function useConsultantBookings(from: string, to: string) {
  return useQuery({
    queryKey: bookingKeys.consultantRange(from, to),
    queryFn: ({ signal }) => getConsultantBookings(from, to, signal),
    staleTime: 0,
  });
}
