import {
  bookingMessages,
  contactLabels,
  contactOptions,
  type IsoDate,
  longDate,
  maxAdditionalNotesLength,
  maxDescriptionLength,
  minDescriptionLength,
  projectDescriptionError,
  urgencyLabels,
  urgencyOptions,
} from '@portal/domain';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { SelectField, TextAreaField } from '../../../components/form/form-fields';
import { SchemaForm } from '../../../components/form/schema-form';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Options } from '../../../components/ui/select';
import type { BookingDetails, CheckedBookingDetails } from './booking-details';
import { disabledLook } from './styles';

/** How long typing must pause before the description's state is announced: once per pause, not per keystroke. */
const announceAfterMs = 1000;

/**
 * What a screen reader hears about the description, politely and once typing pauses: what is missing, or that it is
 * enough. Nothing on first showing (the hint says it already); only what changes as the user types.
 */
function useDescriptionAnnouncement(problem: string | undefined): string {
  const [announced, setAnnounced] = useState('');
  const [first] = useState(problem);
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    if (!changed && problem === first) return;
    setChanged(true);
    const timer = window.setTimeout(
      () => setAnnounced(problem ?? bookingMessages.descriptionLongEnough),
      announceAfterMs,
    );
    return () => window.clearTimeout(timer);
  }, [problem, first, changed]);
  return announced;
}

/** Step 2: what the consultation is about. Review Booking waits for a 20-character description (trimmed). */
export function DetailsStep({
  form,
  chosenTime,
  questions,
  documents,
  onBack,
  onReview,
}: {
  form: UseFormReturn<BookingDetails, unknown, CheckedBookingDetails>;
  /** The day and time chosen on step 1 (the time with its zone), repeated so the client keeps them in view. */
  chosenTime?: { date: IsoDate; time: string } | undefined;
  /** The service's intake questions, asked after the project's details (intake-questions.tsx). */
  questions?: ReactNode;
  /** The optional documents to attach once the booking is made (attach-documents.tsx). */
  documents?: ReactNode;
  onBack: () => void;
  onReview: () => void;
}) {
  const id = useId();
  const description = useWatch({ control: form.control, name: 'projectDescription' }) ?? '';
  const length = description.trim().length;
  const problem = projectDescriptionError(description);
  const announcement = useDescriptionAnnouncement(problem);
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Project Details
      </h2>
      {chosenTime && (
        <p
          className="rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-blue-950"
          data-testid="chosen-time"
        >
          <span className="font-semibold">Your time:</span> {longDate(chosenTime.date)} at {chosenTime.time}{' '}
          <button type="button" className="font-semibold underline" onClick={onBack}>
            Change
          </button>
        </p>
      )}
      <SchemaForm form={form} onSubmit={() => void onReview()} className="space-y-5">
        <TextAreaField
          form={form}
          name="projectDescription"
          label="Project Description"
          required
          rows={5}
          maxLength={maxDescriptionLength}
          placeholder="Tell us about your project, its goals and what you would like to discuss"
          hint={
            <>
              <span data-testid="description-counter">
                {length}/{minDescriptionLength}
              </span>{' '}
              characters minimum
            </>
          }
          hintClassName={length >= minDescriptionLength ? 'text-green-800' : 'text-slate-700'}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField form={form} name="urgency" label="Urgency">
            <Options options={urgencyOptions} labels={urgencyLabels} />
          </SelectField>
          <SelectField form={form} name="preferredContact" label="Preferred Contact">
            <Options options={contactOptions} labels={contactLabels} />
          </SelectField>
        </div>
        <TextAreaField
          form={form}
          name="additionalNotes"
          label="Additional Notes"
          rows={3}
          maxLength={maxAdditionalNotesLength}
          placeholder="Anything else we should know (optional)"
        />
        {questions}
        {documents}
        <p aria-live="polite" className="sr-only" data-testid="description-announcement">
          {announcement}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <button type="button" className={buttonStyles.secondary} onClick={onBack}>
            Back
          </button>
          <div className="flex flex-wrap items-center justify-end gap-3">
            {problem !== undefined && (
              <p id={`${id}-review-waits`} className="text-sm text-slate-700">
                {bookingMessages.reviewWaitsForDescription}
              </p>
            )}
            <button
              type="submit"
              className={`${buttonStyles.primary} ${disabledLook}`}
              disabled={problem !== undefined}
              aria-describedby={problem !== undefined ? `${id}-review-waits` : undefined}
            >
              Review Booking
            </button>
          </div>
        </div>
      </SchemaForm>
    </section>
  );
}
