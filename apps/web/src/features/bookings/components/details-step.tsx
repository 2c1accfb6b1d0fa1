import {
  contactLabels,
  contactOptions,
  maxAdditionalNotesLength,
  maxDescriptionLength,
  minDescriptionLength,
  type PreferredContact,
  projectDescriptionError,
  type Urgency,
  urgencyLabels,
  urgencyOptions,
} from '@portal/domain';
import { useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Select } from '../../../components/ui/select';
import { disabledLook } from './styles';

export interface BookingDetails {
  projectDescription: string;
  urgency: Urgency;
  preferredContact: PreferredContact;
  additionalNotes: string;
}

/** The two choices of a booking, each among the product's options. */
const choices: readonly {
  name: 'urgency' | 'preferredContact';
  label: string;
  options: readonly string[];
  labels: Readonly<Record<string, string>>;
}[] = [
  { name: 'urgency', label: 'Urgency', options: urgencyOptions, labels: urgencyLabels },
  { name: 'preferredContact', label: 'Preferred Contact', options: contactOptions, labels: contactLabels },
];

const labelLook = 'text-sm font-medium text-slate-800';
const fieldLook =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-blue-700';

/** Step 2: what the consultation is about. Review Booking waits for a 20-character description (trimmed). */
export function DetailsStep({
  form,
  onBack,
  onReview,
}: {
  form: UseFormReturn<BookingDetails>;
  onBack: () => void;
  onReview: () => void;
}) {
  const id = useId();
  const description = useWatch({ control: form.control, name: 'projectDescription' }) ?? '';
  const length = description.trim().length;
  const problem = projectDescriptionError(description);
  const shownError = form.formState.errors.projectDescription?.message;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Project Details
      </h2>
      <form noValidate className="space-y-5" onSubmit={form.handleSubmit(() => onReview())}>
        <div>
          <div className="flex gap-1 text-sm font-medium">
            <label htmlFor={`${id}-description`} className="text-slate-800">
              Project Description
            </label>
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </div>
          <textarea
            id={`${id}-description`}
            rows={5}
            maxLength={maxDescriptionLength}
            aria-required="true"
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`${id}-counter${shownError ? ` ${id}-error` : ''}`}
            placeholder="Tell us about your project, its goals and what you would like to discuss"
            className={fieldLook}
            {...form.register('projectDescription', {
              validate: (value) => projectDescriptionError(value) ?? true,
            })}
          />
          <p
            id={`${id}-counter`}
            className={`mt-1 text-sm ${length >= minDescriptionLength ? 'text-green-800' : 'text-slate-700'}`}
          >
            <span data-testid="description-counter">
              {length}/{minDescriptionLength}
            </span>{' '}
            characters minimum
          </p>
          {shownError && (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
              {shownError}
            </p>
          )}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {choices.map(({ name, label, options, labels }) => (
            <div key={name}>
              <label htmlFor={`${id}-${name}`} className={labelLook}>
                {label}
              </label>
              <Select
                id={`${id}-${name}`}
                options={options}
                labels={labels}
                className={fieldLook}
                {...form.register(name)}
              />
            </div>
          ))}
        </div>
        <div>
          <label htmlFor={`${id}-notes`} className={labelLook}>
            Additional Notes
          </label>
          <textarea
            id={`${id}-notes`}
            rows={3}
            maxLength={maxAdditionalNotesLength}
            placeholder="Anything else we should know (optional)"
            className={fieldLook}
            {...form.register('additionalNotes')}
          />
        </div>
        <div className="flex flex-wrap justify-between gap-3">
          <button type="button" className={buttonStyles.secondary} onClick={onBack}>
            Back
          </button>
          <button
            type="submit"
            className={`${buttonStyles.primary} ${disabledLook}`}
            disabled={problem !== undefined}
          >
            Review Booking
          </button>
        </div>
      </form>
    </section>
  );
}
