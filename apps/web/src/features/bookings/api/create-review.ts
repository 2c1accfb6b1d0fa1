import { apiPaths, type BookingReview, type CreateReviewBody, reviewResponseSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { updatePages } from '../../../lib/paged-lists';
import { myBookingsQueryOptions } from './get-my-bookings';
import { bookingKeys } from './query-keys';

export interface ReviewSave {
  bookingId: number;
  body: CreateReviewBody;
}

/** POST /api/bookings/{id}/review → the review saved. Throws `ApiError` (400, 404, 409). */
export async function createReview({ bookingId, body }: ReviewSave): Promise<BookingReview> {
  return (
    await apiRequest(apiPaths.reviews.review(bookingId), reviewResponseSchema, { method: 'POST', body })
  ).review;
}

/** Saves the review, then puts it on the booking's card straight away and refreshes the list. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (review, { bookingId }) => {
      queryClient.setQueryData(myBookingsQueryOptions().queryKey, (data) =>
        updatePages(data, (page) => ({
          ...page,
          bookings: page.bookings.map((booking) =>
            booking.id === bookingId ? { ...booking, review } : booking,
          ),
        })),
      );
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}
