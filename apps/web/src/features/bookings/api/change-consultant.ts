import {
  apiPaths,
  type Booking,
  bookingResponseSchema,
  type PublicConsultant,
  publicConsultantsResponseSchema,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/**
 * PUT /api/admin/bookings/{id}/consultant { consultantId } → the booking with its new consultant. Throws `ApiError`:
 * 409 when the consultant is busy, away or out of their hours then; 400 when they do not deliver the service.
 */
export async function changeConsultant(id: number, consultantId: number): Promise<Booking> {
  const answer = await apiRequest(apiPaths.admin.consultant(id), bookingResponseSchema, {
    method: 'PUT',
    body: { consultantId },
  });
  return answer.booking;
}

/** Moves the booking to another consultant, then reads the page (facts and history) and every list again. */
export function useChangeConsultant(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consultantId: number) => changeConsultant(bookingId, consultantId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(bookingId) });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** GET /api/consultants?serviceId= → the service's active consultants: the choices of a move. */
export function useConsultantsOf(serviceId: number) {
  return useQuery({
    queryKey: [...bookingKeys.all, 'consultants', serviceId] as const,
    queryFn: async ({ signal }): Promise<PublicConsultant[]> => {
      const query = new URLSearchParams({ serviceId: String(serviceId) });
      const path = `${apiPaths.consultants.public}?${query}`;
      return (await apiRequest(path, publicConsultantsResponseSchema, { signal })).consultants;
    },
  });
}
