import {
  type ClosureRecord,
  calendarApiPaths,
  calendarChangesResponseSchema,
  closureCreatedResponseSchema,
  closuresResponseSchema,
  type Schedule,
  scheduleResponseSchema,
  tooCloseResponseSchema,
} from '@portal/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '../../../lib/api-client';
import { firmCalendarKey } from '../../../lib/calendar-keys';
import { adminKeys } from './query-keys';

/** After a change of the calendar: its changes, the bookings it concerns and the public calendar are read anew. */
function calendarChanged(queryClient: QueryClient) {
  for (const queryKey of [
    adminKeys.calendarChanges,
    adminKeys.tooClose,
    adminKeys.closures,
    firmCalendarKey,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** GET /api/admin/schedule → the firm's schedule. */
export function useSchedule() {
  return useQuery({
    queryKey: adminKeys.schedule,
    queryFn: ({ signal }) => apiRequest(calendarApiPaths.schedule, scheduleResponseSchema, { signal }),
  });
}

/** PUT /api/admin/schedule; the answer (the saved schedule) replaces the cached one. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: Schedule) =>
      apiRequest(calendarApiPaths.schedule, scheduleResponseSchema, { method: 'PUT', body: { schedule } }),
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.schedule, answer),
    onSettled: () => calendarChanged(queryClient),
  });
}

/** GET /api/admin/schedule/changes → the latest changes of the schedule and the closed dates, newest first. */
export function useCalendarChanges() {
  return useQuery({
    queryKey: adminKeys.calendarChanges,
    queryFn: async ({ signal }) =>
      (await apiRequest(calendarApiPaths.changes, calendarChangesResponseSchema, { signal })).changes,
  });
}

/** GET /api/admin/schedule/too-close → pairs of active bookings closer together than the buffer. */
export function useBookingsTooClose() {
  return useQuery({
    queryKey: adminKeys.tooClose,
    queryFn: async ({ signal }) =>
      (await apiRequest(calendarApiPaths.tooClose, tooCloseResponseSchema, { signal })).pairs,
  });
}

/** GET /api/admin/closures → every closure, in date order, each with the active bookings on its dates. */
export function useClosures() {
  return useQuery({
    queryKey: adminKeys.closures,
    queryFn: async ({ signal }) =>
      (await apiRequest(calendarApiPaths.closures, closuresResponseSchema, { signal })).closures,
  });
}

/** POST /api/admin/closures → the closure and the active bookings on its dates. */
export function useAddClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (closure: Omit<ClosureRecord, 'id'>) =>
      apiRequest(calendarApiPaths.closures, closureCreatedResponseSchema, { method: 'POST', body: closure }),
    onSettled: () => calendarChanged(queryClient),
  });
}

/** DELETE /api/admin/closures/{id}. */
export function useRemoveClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch(calendarApiPaths.closure(id), { method: 'DELETE' });
    },
    onSettled: () => calendarChanged(queryClient),
  });
}
