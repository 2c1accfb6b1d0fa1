import { apiPaths, type ConsentsBody, type ConsentsResponse, consentsResponseSchema } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const consentsKey = ['account', 'consents'] as const;

/** GET /api/account/consents → the versions in force, those accepted, and those pending. */
export async function getConsents(signal?: AbortSignal): Promise<ConsentsResponse> {
  return apiRequest(apiPaths.accounts.consents, consentsResponseSchema, { signal });
}

/** The signed-in caller's consents, read once per sign-in (`userId` keys it: another account reads its own). */
export function consentsQuery(userId: string) {
  return queryOptions({
    queryKey: [...consentsKey, userId] as const,
    queryFn: ({ signal }) => getConsents(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConsents(userId: string | undefined) {
  return useQuery({ ...consentsQuery(userId ?? ''), enabled: userId !== undefined });
}

/** POST /api/account/consents → the consents after recording these versions. */
export async function acceptConsents(body: ConsentsBody): Promise<ConsentsResponse> {
  return apiRequest(apiPaths.accounts.consents, consentsResponseSchema, { method: 'POST', body });
}

export function useAcceptConsents(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptConsents,
    onSuccess: (answer) => queryClient.setQueryData(consentsQuery(userId).queryKey, answer),
  });
}
