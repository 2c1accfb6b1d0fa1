import { apiPaths, type ErasureBody, type ErasureResponse, erasureResponseSchema } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/account/delete with the password asked again: the account is erased and every session ends. A wrong
 * password is a 401 `INVALID_PASSWORD`, which leaves the caller signed in.
 */
export async function deleteAccount(body: ErasureBody): Promise<ErasureResponse> {
  return apiRequest(apiPaths.accounts.erasure, erasureResponseSchema, { method: 'POST', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
