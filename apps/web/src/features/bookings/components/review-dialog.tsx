import {
  type Booking,
  type CreateReviewBody,
  type CreateReviewRequest,
  createReviewBodySchema,
  longDate,
  maxReviewCommentLength,
  reviewMessages,
} from '@portal/domain';
import { useFormState } from 'react-hook-form';
import { TextAreaField } from '../../../components/form/form-fields';
import { RatingField } from '../../../components/form/rating-field';
import { type Notice, SchemaForm, SubmitButton } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { ApiError, refusalMessage } from '../../../lib/api-error';
import { useCreateReview } from '../api/create-review';

/** The server's reason for a refusal, else the product's words; a lost session leaves for /login unsaid. */
function refused(failure: unknown): Notice | undefined {
  if (failure instanceof ApiError && failure.status === 401) return undefined;
  return { type: 'error', text: refusalMessage(failure, reviewMessages.saveFailed) };
}

/**
 * Leave Review: five stars (a radio group, arrow keys) and an optional comment under the one text rule, checked
 * by the review body's schema; the first problem is said at the top. A modal <dialog>, so focus stays in it;
 * Escape or Not Now closes it.
 */
export function ReviewDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const save = useCreateReview();
  const { notify } = useNotify();
  const form = useSchemaForm<CreateReviewBody, CreateReviewRequest>(createReviewBodySchema, {
    defaultValues: { comment: '' },
    // Focus stays on Save Review, where the problem is said.
    shouldFocusError: false,
  });
  const busy = useFormState({ control: form.control }).isSubmitting;

  async function saveReview({ rating }: CreateReviewRequest): Promise<undefined> {
    // The comment as typed: the server normalizes it as the schema did.
    await save.mutateAsync({ bookingId: booking.id, body: { rating, comment: form.getValues('comment') } });
    onClose();
    notify({ type: 'success', title: 'Review Saved', message: reviewMessages.saved });
  }

  return (
    <ModalDialog title="Review Your Consultation" busy={busy} onClose={onClose}>
      <p className="mt-2 text-slate-700">
        {booking.services.name} on {longDate(booking.booking_date)} ({booking.confirmation_code})
      </p>
      <SchemaForm form={form} onSubmit={saveReview} onFailure={refused} summary className="mt-4 space-y-4">
        <RatingField form={form} name="rating" disabled={busy} />
        <TextAreaField
          form={form}
          name="comment"
          label={
            <>
              Comment <span className="font-normal text-slate-600">(optional)</span>
            </>
          }
          rows={4}
          maxLength={maxReviewCommentLength}
          disabled={busy}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={busy}>
            Not Now
          </button>
          <SubmitButton form={form} label="Save Review" busy="Saving..." />
        </div>
      </SchemaForm>
    </ModalDialog>
  );
}
