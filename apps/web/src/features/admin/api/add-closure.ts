import { apiPaths, type ClosureRecord, closureCreatedResponseSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { scheduleChanged } from './schedule-changed';

/** POST /api/admin/closures → the closure and the active bookings on its dates. */
export async function addClosure(closure: Omit<ClosureRecord, 'id'>) {
  return apiRequest(apiPaths.schedule.closures, closureCreatedResponseSchema, {
    method: 'POST',
    body: closure,
  });
}

export function useAddClosure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addClosure, onSettled: () => scheduleChanged(queryClient) });
}
