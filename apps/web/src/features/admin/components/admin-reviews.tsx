import { type AdminReview, reviewMessages } from '@portal/domain';
import { buttonStyles } from '../../../components/ui/button-styles';
import { StarRating } from '../../../components/ui/star-rating';
import { useAdminReviews } from '../api/get-admin-reviews';
import { useSetReviewHidden } from '../api/set-review-hidden';
import { AdminListPage } from './admin-list-page';
import { Moment } from './moment';
import { useChangeWithNotice } from './use-change-with-notice';

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
          <Moment at={review.created_at} />
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

const reviewTexts = {
  loading: 'Loading reviews...',
  failed: reviewMessages.loadFailed,
  empty: reviewMessages.noReviews,
};

/** /admin/reviews: every review, newest first, hidden ones marked; Hide takes one off the public pages. */
export function AdminReviews() {
  const query = useAdminReviews();
  const toggle = useSetReviewHidden();
  const setHidden = useChangeWithNotice(toggle, {
    saved: (changed) => (changed.hidden ? reviewMessages.hidden : reviewMessages.shown),
    failed: reviewMessages.updateFailed,
    sourceOf: ({ id }) => `review-${id}`,
  });
  return (
    <AdminListPage
      title="Reviews"
      intro="A hidden review stays here but leaves the service pages and their ratings."
      query={query}
      texts={reviewTexts}
      itemsOf={(page) => page.reviews}
      moreLabel="More Reviews"
    >
      {(review) => (
        <ReviewItem
          key={review.id}
          review={review}
          onToggle={(changed) => setHidden({ id: changed.id, hidden: !changed.hidden })}
          busy={toggle.isPending}
        />
      )}
    </AdminListPage>
  );
}
