import { type AdminReview, adminReviewResponseSchema, apiPaths } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { updatePages, withChanged } from '../../../lib/paged-lists';
import { adminReviewsQueryOptions } from './get-admin-reviews';

/** PUT /api/admin/reviews/{id} { hidden } → the review as it now is. */
export async function setReviewHidden({ id, hidden }: { id: number; hidden: boolean }): Promise<AdminReview> {
  return (
    await apiRequest(apiPaths.reviews.adminReview(id), adminReviewResponseSchema, {
      method: 'PUT',
      body: { hidden },
    })
  ).review;
}

/** Hides or shows a review, then puts the answer in the list straight away. */
export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewHidden,
    onSuccess: (changed) => {
      queryClient.setQueryData(adminReviewsQueryOptions().queryKey, (data) =>
        updatePages(data, (page) => ({ ...page, reviews: withChanged(page.reviews, changed) })),
      );
    },
  });
}
