import { apiPaths, type ErasureResponse, erasureResponseSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export interface EraseClientRequest {
  userId: string;
  /** The administrator's own password, asked again. */
  password: string;
}

/** POST /api/admin/clients/{id}/delete → what the erasure did (how many upcoming bookings it cancelled). */
export async function eraseClient({ userId, password }: EraseClientRequest): Promise<ErasureResponse> {
  return apiRequest(apiPaths.admin.clientErasure(userId), erasureResponseSchema, {
    method: 'POST',
    body: { password },
  });
}

/** Erases a client, then refreshes every list and figure of the admin pages (the bookings read 'Deleted client'). */
export function useEraseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseClient,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
