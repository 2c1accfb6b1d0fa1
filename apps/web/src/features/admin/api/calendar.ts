import {
  type CalendarChange,
  type ClosureRecord,
  calendarApiPaths,
  closureCreatedResponseSchema,
  closuresResponseSchema,
  type Schedule,
  scheduleResponseSchema,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/schedule → the firm's schedule and its latest changes. */
export function useSchedule() {
  return useQuery({
    queryKey: adminKeys.schedule,
    queryFn: ({ signal }) => apiRequest(calendarApiPaths.schedule, scheduleResponseSchema, { signal }),
  });
}

/** PUT /api/admin/schedule; the answer (the saved schedule and changes) replaces the cached one. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: Schedule) =>
      apiRequest(calendarApiPaths.schedule, scheduleResponseSchema, { method: 'PUT', body: { schedule } }),
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.schedule, answer),
  });
}

export interface ClosuresAnswer {
  closures: ClosureRecord[];
  changes: CalendarChange[];
}

/** GET /api/admin/closures → every closure, in date order, and the latest changes. */
export function useClosures() {
  return useQuery({
    queryKey: adminKeys.closures,
    queryFn: ({ signal }) => apiRequest(calendarApiPaths.closures, closuresResponseSchema, { signal }),
  });
}

/** POST /api/admin/closures → the closure and the active bookings on its dates. */
export function useAddClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (closure: Omit<ClosureRecord, 'id'>) =>
      apiRequest(calendarApiPaths.closures, closureCreatedResponseSchema, { method: 'POST', body: closure }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.closures }),
  });
}

/** DELETE /api/admin/closures/{id}. */
export function useRemoveClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch(calendarApiPaths.closure(id), { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.closures }),
  });
}
