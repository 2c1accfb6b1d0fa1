import { type ReactNode, useState } from 'react';
import { type FieldValues, type UseFormReturn, useFormState } from 'react-hook-form';
import { BusyButton } from '../ui/busy-button';
import { buttonStyles } from '../ui/button-styles';
import { FormMessage } from '../ui/form-message';
import { errorMessages } from './error-messages';
import { type FieldEntry, InputFields } from './form-fields';
import { placeServerErrors } from './server-errors';

/** What an attempt ended with, said at the top of the form. */
export interface Notice {
  type: 'error' | 'success';
  text: string;
}

/** The submit button's label, and what it says while the form is sent. */
export interface SubmitLabels {
  label: string;
  busy: string;
  /** Its look, when it is not the primary button (the account cards' is as wide as the card). */
  className?: string;
}

/** What a failure says unless the form words it otherwise: its own words, unless a field took them. */
export function failureNotice(error: unknown, placed: boolean): Notice | undefined {
  if (placed) return undefined;
  return { type: 'error', text: error instanceof Error ? error.message : String(error) };
}

/**
 * A form's submit button: disabled, marked busy and labelled `busy` while the form is sent (or while `busy`, for
 * a form whose values are sent from elsewhere too).
 */
export function SubmitButton<T extends FieldValues, O extends FieldValues>({
  form,
  label,
  busy,
  className = buttonStyles.primary,
  alsoBusy = false,
}: SubmitLabels & { form: UseFormReturn<T, unknown, O>; alsoBusy?: boolean | undefined }) {
  const { isSubmitting } = useFormState({ control: form.control });
  return (
    <BusyButton type="submit" busy={isSubmitting || alsoBusy} busyLabel={busy} className={className}>
      {label}
    </BusyButton>
  );
}

/**
 * Every form: what the last attempt ended with (the notice `onSubmit` returns) at the top, its text inputs described
 * once (`fields`, those of a `row` side by side), the other fields and what goes with them (`children`), each field
 * with its error, then the submit button (`submit`, with Cancel beside it for an edit form), unless the form draws
 * its own row of buttons. The values are checked by the form's schema before `onSubmit` sends them; when
 * sending fails, the server's field errors go to their fields and `onFailure` words the rest (by default, the
 * failure's own words unless a field took them). With `summary`, the first error of a field is also said at the
 * top, for a form longer than the screen.
 */
export function SchemaForm<Input extends FieldValues, Output extends FieldValues>({
  form,
  onSubmit,
  onFailure = failureNotice,
  errorPrefix,
  summary = false,
  fields,
  submit,
  onCancel,
  busy,
  submitOnEnter = true,
  className = 'space-y-4',
  children,
  ...labelling
}: {
  form: UseFormReturn<Input, unknown, Output>;
  fields?: readonly FieldEntry<Input>[];
  onSubmit: (values: Output) => Promise<Notice | undefined> | Notice | undefined;
  onFailure?: (error: unknown, placed: boolean) => Notice | undefined;
  /** Where the form's values sit in the body the server names its errors after ('schedule.'). */
  errorPrefix?: string;
  summary?: boolean;
  submit?: SubmitLabels;
  onCancel?: () => void;
  /** Busy for another reason than this form being sent. */
  busy?: boolean;
  /** false: Enter in a field does not send the form (a long form that saves as a whole): only the button does. */
  submitOnEnter?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children?: ReactNode;
}) {
  const [notice, setNotice] = useState<Notice>();
  const send = form.handleSubmit(async (values) => {
    setNotice(undefined);
    // A form the server alone judges still holds the errors of the last answer.
    form.clearErrors();
    try {
      setNotice(await onSubmit(values));
    } catch (error) {
      setNotice(onFailure(error, placeServerErrors(form, error, errorPrefix)));
    }
  });
  const firstError = summary ? errorMessages(form.formState.errors)[0] : undefined;
  const shown: Notice | undefined = firstError ? { type: 'error', text: firstError } : notice;
  const button = submit && <SubmitButton form={form} {...submit} alsoBusy={busy} />;
  return (
    <form
      noValidate
      onSubmit={send}
      onKeyDown={
        submitOnEnter
          ? undefined
          : (event) => {
              if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
            }
      }
      className={className}
      {...labelling}
    >
      {shown && <FormMessage type={shown.type}>{shown.text}</FormMessage>}
      {fields && <InputFields form={form} fields={fields} />}
      {children}
      {onCancel ? (
        <div className="flex flex-wrap gap-3">
          {button}
          <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
            Cancel
          </button>
        </div>
      ) : (
        button
      )}
    </form>
  );
}
