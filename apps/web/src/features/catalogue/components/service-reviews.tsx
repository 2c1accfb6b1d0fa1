import {
  defaultBusinessTimeZone,
  defaultReviewsPageSize,
  reviewMessages,
  shortDate,
  zonedDate,
} from '@portal/domain';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { NextPageButton } from '../../../components/ui/next-page-button';
import { StarRating } from '../../../components/ui/star-rating';
import { useServiceReviews } from '../api/get-service-reviews';

/** A review's row: its stars, author and date, then its comment. */
const reviewRow = 'border-b border-slate-100 pb-4 last:border-0';

/**
 * While the first page loads, the place its `count` reviews will take: a row for each, as tall as a review with a
 * one-line comment, and the More Reviews button when there are more; so that nothing below moves when they come.
 */
function ReviewsLoading({ count }: { count: number }) {
  return (
    <div role="status">
      <p className="sr-only">Loading reviews...</p>
      <ul aria-hidden="true" className="space-y-4">
        {Array.from({ length: Math.min(count, defaultReviewsPageSize) }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, all alike, have no identity but their place
          <li key={row} className={reviewRow}>
            <div className="h-6 w-56 max-w-full animate-pulse rounded bg-slate-100" />
            <div className="mt-2 h-6 animate-pulse rounded bg-slate-100" />
          </li>
        ))}
      </ul>
      {count > defaultReviewsPageSize && (
        <div aria-hidden="true" className={`${buttonStyles.secondary} invisible mt-4`}>
          More Reviews
        </div>
      )}
    </div>
  );
}

/**
 * The service's public reviews, newest first, a page at a time (only shown once it has one: `count`, the service's
 * figures, says how many).
 */
export function ServiceReviews({ serviceId, count }: { serviceId: number; count: number }) {
  const query = useServiceReviews(serviceId);
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <section aria-labelledby="service-reviews" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="service-reviews" className="text-xl font-semibold text-slate-900">
        Client Reviews
      </h2>
      <div className="mt-4">
        {query.isPending ? (
          <ReviewsLoading count={count} />
        ) : query.isError ? (
          <FormMessage type="error">{reviewMessages.loadFailed}</FormMessage>
        ) : reviews.length === 0 ? (
          <p className="text-slate-700">{reviewMessages.noReviews}</p>
        ) : (
          <ul className="space-y-4">
            {reviews.map((review) => (
              <li key={`${review.created_at}-${review.author}`} className={reviewRow}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <StarRating rating={review.rating} />
                  <span className="font-semibold text-slate-900">{review.author}</span>
                  <span className="text-sm text-slate-600">
                    {shortDate(zonedDate(new Date(review.created_at), defaultBusinessTimeZone))}
                  </span>
                </div>
                {review.comment && (
                  <p className="mt-2 whitespace-pre-line text-slate-700">{review.comment}</p>
                )}
              </li>
            ))}
          </ul>
        )}
        <NextPageButton query={query} label="More Reviews" className="mt-4" />
      </div>
    </section>
  );
}
