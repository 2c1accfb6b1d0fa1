import { apiPaths, type UndeliveredMailResponse, undeliveredMailResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/undelivered-mail → the e-mails given up on after their last attempt: how many, the latest few. */
export function getUndeliveredMail(signal?: AbortSignal): Promise<UndeliveredMailResponse> {
  return apiRequest(apiPaths.admin.undeliveredMail, undeliveredMailResponseSchema, { signal });
}

export function undeliveredMailQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.undeliveredMail,
    queryFn: ({ signal }) => getUndeliveredMail(signal),
    staleTime: 60_000,
  });
}

export function useUndeliveredMail() {
  return useQuery(undeliveredMailQueryOptions());
}
