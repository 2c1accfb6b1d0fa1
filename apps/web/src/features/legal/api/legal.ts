import { apiPaths, type LegalResponse, legalResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/legal → the firm, versions, retention, processors and cookies the policies are written from. */
export async function getLegal(signal?: AbortSignal): Promise<LegalResponse> {
  return apiRequest(apiPaths.legal, legalResponseSchema, { signal });
}

export const legalQuery = queryOptions({
  queryKey: ['legal'] as const,
  queryFn: ({ signal }) => getLegal(signal),
});

export function useLegal() {
  return useQuery(legalQuery);
}
