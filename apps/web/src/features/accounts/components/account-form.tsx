import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { TextField } from '../../../components/ui/text-field';

/** A field of an account form, described once and drawn by `AccountForm`. */
export interface FieldSpec<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  autoComplete: string;
  type?: 'email' | 'password' | 'tel' | 'text';
  required?: boolean;
  hint?: string;
}

/** The fields in order; the fields of a `row` stand side by side on wide screens. */
export type FieldLayout<T extends FieldValues> = readonly (FieldSpec<T> | { row: readonly FieldSpec<T>[] })[];

/** A form of the account pages, checked by its domain schema (with the product's messages) before it is sent. */
export function useAccountForm<Input extends FieldValues, Output extends FieldValues>(
  schema: ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
}

const submitStyle = `${buttonStyles.primary} w-full disabled:opacity-70`;

function Field<T extends FieldValues, O extends FieldValues>({
  form,
  field,
}: {
  form: UseFormReturn<T, unknown, O>;
  field: FieldSpec<T>;
}) {
  const { error } = form.getFieldState(field.name, form.formState);
  return (
    <TextField
      label={field.label}
      type={field.type}
      autoComplete={field.autoComplete}
      required={field.required}
      hint={field.hint}
      error={error?.message}
      {...form.register(field.name)}
    />
  );
}

/**
 * Every account form: its fields with their errors (tied to them for assistive technology), what the page adds
 * after them, and the submit button, which says it is busy while the form is sent. An edit form (`onCancel`)
 * offers Cancel beside it.
 */
export function AccountForm<Input extends FieldValues, Output extends FieldValues>({
  form,
  fields,
  onSubmit,
  submitLabel,
  busyLabel,
  onCancel,
  className = 'space-y-4',
  children,
}: {
  form: UseFormReturn<Input, unknown, Output>;
  fields: FieldLayout<Input>;
  onSubmit: SubmitHandler<Output>;
  submitLabel: string;
  busyLabel: string;
  onCancel?: () => void;
  className?: string;
  children?: ReactNode;
}) {
  const busy = form.formState.isSubmitting;
  const submit = (
    <BusyButton
      type="submit"
      busy={busy}
      busyLabel={busyLabel}
      className={onCancel ? buttonStyles.primary : submitStyle}
    >
      {submitLabel}
    </BusyButton>
  );
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className={className}>
      {fields.map((entry) =>
        'row' in entry ? (
          <div key={entry.row[0]?.name} className="grid gap-4 sm:grid-cols-2">
            {entry.row.map((field) => (
              <Field key={field.name} form={form} field={field} />
            ))}
          </div>
        ) : (
          <Field key={entry.name} form={form} field={entry} />
        ),
      )}
      {children}
      {onCancel ? (
        <div className="flex flex-wrap gap-3">
          {submit}
          <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
            Cancel
          </button>
        </div>
      ) : (
        submit
      )}
    </form>
  );
}
