import { type AdminReviewsResponse, adminReviewsResponseSchema, apiPaths } from '@portal/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/reviews[?cursor] → a page of every review, hidden ones too, newest first. */
export async function getAdminReviews(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminReviewsResponse> {
  const query = cursor === undefined ? '' : `?${new URLSearchParams({ cursor })}`;
  return apiRequest(`${apiPaths.reviews.adminReviews}${query}`, adminReviewsResponseSchema, { signal });
}

export function adminReviewsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminKeys.reviews,
    queryFn: ({ pageParam, signal }) => getAdminReviews(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAdminReviews() {
  return useInfiniteQuery(adminReviewsQueryOptions());
}
