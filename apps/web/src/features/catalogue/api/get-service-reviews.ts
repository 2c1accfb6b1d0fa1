import { apiPaths, type ServiceReviewsResponse } from '@portal/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { catalogueKeys } from '../../../lib/catalogue-keys';

/** GET /api/services/{id}/reviews[?cursor] → a page of its public reviews, newest first, and their figures. */
export async function getServiceReviews(
  serviceId: number,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ServiceReviewsResponse> {
  const query = cursor === undefined ? '' : `?${new URLSearchParams({ cursor })}`;
  const { serviceReviewsResponseSchema } = await import('./schemas');
  return apiRequest(`${apiPaths.reviews.serviceReviews(serviceId)}${query}`, serviceReviewsResponseSchema, {
    signal,
  });
}

export function serviceReviewsQueryOptions(serviceId: number) {
  return infiniteQueryOptions({
    queryKey: catalogueKeys.reviews(serviceId),
    queryFn: ({ pageParam, signal }) => getServiceReviews(serviceId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useServiceReviews(serviceId: number) {
  return useInfiniteQuery(serviceReviewsQueryOptions(serviceId));
}
