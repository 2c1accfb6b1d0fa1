import { defaultBusinessTimeZone, reviewMessages, shortDate, zonedDate } from '@portal/domain';
import { NextPageButton } from '../../../components/ui/next-page-button';
import { Spinner } from '../../../components/ui/spinner';
import { StarRating } from '../../../components/ui/star-rating';
import { FormMessage } from '../../../components/ui/text-field';
import { useServiceReviews } from '../api/get-service-reviews';

/** The service's public reviews, newest first, a page at a time (only shown once it has one). */
export function ServiceReviews({ serviceId }: { serviceId: number }) {
  const query = useServiceReviews(serviceId);
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <section aria-labelledby="service-reviews" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="service-reviews" className="text-xl font-semibold text-slate-900">
        Client Reviews
      </h2>
      <div className="mt-4">
        {query.isPending ? (
          <Spinner label="Loading reviews..." />
        ) : query.isError ? (
          <FormMessage type="error">{reviewMessages.loadFailed}</FormMessage>
        ) : reviews.length === 0 ? (
          <p className="text-slate-700">{reviewMessages.noReviews}</p>
        ) : (
          <ul className="space-y-4">
            {reviews.map((review) => (
              <li
                key={`${review.created_at}-${review.author}`}
                className="border-b border-slate-100 pb-4 last:border-0"
              >
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
