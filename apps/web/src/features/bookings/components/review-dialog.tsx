import {
  type Booking,
  longDate,
  maxReviewCommentLength,
  normalizeText,
  reviewCommentRule,
  reviewMessages,
  textProblem,
} from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { useNotify } from '../../../components/notifications/use-notify';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { StarRatingInput } from '../../../components/ui/star-rating';
import { ApiError } from '../../../lib/api-error';
import { useCreateReview } from '../api/create-review';

const fieldLook =
  'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700';

/**
 * Leave Review: five stars (a radio group, arrow keys) and an optional comment under the one text rule. A modal
 * <dialog>, so focus stays in it; Escape or Not Now closes it.
 */
export function ReviewDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useCreateReview();
  const { notify } = useNotify();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === null) {
      setError(reviewMessages.ratingRequired);
      return;
    }
    const problem = textProblem(normalizeText(comment), reviewCommentRule);
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    save.mutate(
      { bookingId: booking.id, body: { rating, comment } },
      {
        onSuccess: () => {
          onClose();
          notify({ type: 'success', title: 'Review Saved', message: reviewMessages.saved });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 401) return;
          setError(
            failure instanceof ApiError && failure.isClientError
              ? failure.message
              : reviewMessages.saveFailed,
          );
        },
      },
    );
  }

  const busy = save.isPending;
  return (
    <ModalDialog title="Review Your Consultation" busy={busy} onClose={onClose}>
      <p className="mt-2 text-slate-700">
        {booking.services.name} on {longDate(booking.booking_date)} ({booking.confirmation_code})
      </p>
      <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
        <StarRatingInput value={rating} onChange={setRating} disabled={busy} />
        <div>
          <label htmlFor={`${id}-comment`} className="font-semibold text-slate-900">
            Comment <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <textarea
            id={`${id}-comment`}
            rows={4}
            maxLength={maxReviewCommentLength}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            disabled={busy}
            className={fieldLook}
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={busy}>
            Not Now
          </button>
          <BusyButton type="submit" className={buttonStyles.primary} busy={busy} busyLabel="Saving...">
            Save Review
          </BusyButton>
        </div>
      </form>
    </ModalDialog>
  );
}
