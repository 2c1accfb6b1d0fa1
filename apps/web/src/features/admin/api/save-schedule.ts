import { apiPaths, type Schedule, scheduleResponseSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { scheduleQueryOptions } from './get-schedule';
import { scheduleChanged } from './schedule-changed';

/** PUT /api/admin/schedule → the schedule as saved. */
export async function saveSchedule(schedule: Schedule): Promise<{ schedule: Schedule }> {
  return apiRequest(apiPaths.schedule.admin, scheduleResponseSchema, { method: 'PUT', body: { schedule } });
}

/** Saves the schedule; the answer replaces the cached one, and what the schedule concerns is read anew. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: (answer) => queryClient.setQueryData(scheduleQueryOptions().queryKey, answer),
    onSettled: () => scheduleChanged(queryClient),
  });
}
