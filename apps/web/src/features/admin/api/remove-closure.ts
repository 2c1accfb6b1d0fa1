import { apiPaths } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { scheduleChanged } from './schedule-changed';

/** DELETE /api/admin/closures/{id}. */
export async function removeClosure(id: number): Promise<void> {
  await apiFetch(apiPaths.schedule.closure(id), { method: 'DELETE' });
}

export function useRemoveClosure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeClosure, onSettled: () => scheduleChanged(queryClient) });
}
