import {
  type AdminContactMessagesResponse,
  adminContactMessagesResponseSchema,
  apiPaths,
} from '@portal/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/messages[?cursor] → a page of the contact form's messages, newest first. */
export async function getAdminMessages(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminContactMessagesResponse> {
  const query = cursor === undefined ? '' : `?${new URLSearchParams({ cursor })}`;
  return apiRequest(`${apiPaths.contact.adminMessages}${query}`, adminContactMessagesResponseSchema, {
    signal,
  });
}

export function adminMessagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminKeys.messages,
    queryFn: ({ pageParam, signal }) => getAdminMessages(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAdminMessages() {
  return useInfiniteQuery(adminMessagesQueryOptions());
}
