import { type AdminReview, paths, reviewMessages } from '@portal/domain';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { NextPageButton } from '../../../components/ui/next-page-button';
import { Spinner } from '../../../components/ui/spinner';
import { StarRating } from '../../../components/ui/star-rating';
import { FormMessage } from '../../../components/ui/text-field';
import { refusalMessage } from '../../../lib/api-error';
import { useAdminReviews } from '../api/get-admin-reviews';
import { useSetReviewHidden } from '../api/set-review-hidden';

const small = `${buttonStyles.secondary} px-3 py-1.5 text-sm`;

function ReviewItem({
  review,
  onToggle,
  busy,
}: {
  review: AdminReview;
  onToggle: (review: AdminReview) => void;
  busy: boolean;
}) {
  const when = new Date(review.created_at).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <li
      data-testid="admin-review"
      aria-label={`Review of ${review.service_name} by ${review.author}`}
      className={`rounded-lg border p-4 ${review.hidden ? 'border-slate-300 bg-slate-100' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <StarRating rating={review.rating} />
          <span className="font-semibold text-slate-900">{review.service_name}</span>
          <span>
            {review.author} ({review.author_email})
          </span>
          <time dateTime={review.created_at}>{when}</time>
          {review.hidden && (
            <span className="rounded-full bg-slate-300 px-2 py-0.5 text-xs font-semibold text-slate-900">
              Hidden
            </span>
          )}
        </p>
        <button type="button" className={small} disabled={busy} onClick={() => onToggle(review)}>
          {review.hidden ? 'Show' : 'Hide'}
        </button>
      </div>
      {review.comment && <p className="mt-2 whitespace-pre-line text-slate-800">{review.comment}</p>}
    </li>
  );
}

/** /admin/reviews: every review, newest first, hidden ones marked; Hide takes one off the public pages. */
export function AdminReviews() {
  const query = useAdminReviews();
  const toggle = useSetReviewHidden();
  const { notify } = useNotify();
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];

  function setHidden(review: AdminReview) {
    toggle.mutate(
      { id: review.id, hidden: !review.hidden },
      {
        onSuccess: (changed) =>
          notify({
            type: 'success',
            title: 'Saved',
            message: changed.hidden ? reviewMessages.hidden : reviewMessages.shown,
          }),
        onError: (error) =>
          notify({
            type: 'error',
            title: 'Error',
            message: refusalMessage(error, reviewMessages.updateFailed),
          }),
      },
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <Link to={paths.admin} className="inline-flex items-center gap-1 text-sm text-blue-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Reviews</h1>
      <p className="mt-2 text-slate-700">
        A hidden review stays here but leaves the service pages and their ratings.
      </p>
      <div className="mt-6">
        {query.isPending ? (
          <Spinner label="Loading reviews..." />
        ) : query.isError ? (
          <FormMessage type="error">
            {reviewMessages.loadFailed}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
              Try again
            </button>
          </FormMessage>
        ) : reviews.length === 0 ? (
          <p className="text-slate-700">{reviewMessages.noReviews}</p>
        ) : (
          <ul className="space-y-3">
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} onToggle={setHidden} busy={toggle.isPending} />
            ))}
          </ul>
        )}
        <NextPageButton query={query} label="More Reviews" className="mt-4" />
      </div>
    </div>
  );
}
