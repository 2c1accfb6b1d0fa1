import {
  type AdminBooking,
  adminBookingsResponseSchema,
  apiPaths,
  type IsoDate,
  maxAdminPageSize,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** Pages followed at most: 10 × 100 consultations in a week is beyond any firm this portal serves. */
const maxPages = 10;

/**
 * GET /api/bookings/admin/all?from&to, every page: the consultations starting from `from` to `to` (the calendar's
 * week), whatever their status.
 */
export async function getWeekBookings(
  from: IsoDate,
  to: IsoDate,
  signal?: AbortSignal,
): Promise<AdminBooking[]> {
  const found: AdminBooking[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page += 1) {
    const query = new URLSearchParams({ from, to, limit: String(maxAdminPageSize) });
    if (cursor) query.set('cursor', cursor);
    const answer = await apiRequest(`${apiPaths.admin.all}?${query}`, adminBookingsResponseSchema, {
      signal,
    });
    found.push(...answer.bookings);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return found;
}

export function useWeekBookings(from: IsoDate, to: IsoDate) {
  return useQuery({
    queryKey: adminKeys.week(from, to),
    queryFn: ({ signal }) => getWeekBookings(from, to, signal),
    staleTime: 0,
  });
}
