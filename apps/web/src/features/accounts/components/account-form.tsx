import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { TextField } from '../../../components/form/text-field';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';

/** A field of an account form. */
export interface FieldDefinition<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  autoComplete: string;
  type?: 'email' | 'password' | 'tel' | 'text';
  required?: boolean;
  hint?: string;
}

/**
 * An account form described once: the domain schema that checks it (with the product's messages), its fields in
 * order (those of a `row` side by side on wide screens), and its submit button's label and busy label.
 */
export interface AccountFormDefinition<Input extends FieldValues, Output extends FieldValues> {
  schema: ZodType<Output, Input>;
  fields: readonly (FieldDefinition<Input> | { row: readonly FieldDefinition<Input>[] })[];
  submit: string;
  busy: string;
}

/** What an attempt ended with, shown above the form. */
export interface Notice {
  type: 'error' | 'success';
  text: string;
}

export function useAccountForm<Input extends FieldValues, Output extends FieldValues>(
  definition: AccountFormDefinition<Input, Output>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(definition.schema), defaultValues });
}

const submitStyle = `${buttonStyles.primary} w-full disabled:opacity-70`;

function Field<T extends FieldValues, O extends FieldValues>({
  form,
  field,
}: {
  form: UseFormReturn<T, unknown, O>;
  field: FieldDefinition<T>;
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
 * Every account form: what the last attempt ended with (the notice `onSubmit` returns), the fields with their
 * errors (tied to them for assistive technology), what the page adds after them, and the submit button, which
 * says it is busy while the form is sent. An edit form (`onCancel`) offers Cancel beside it.
 */
export function AccountForm<Input extends FieldValues, Output extends FieldValues>({
  form,
  definition,
  onSubmit,
  onCancel,
  children,
}: {
  form: UseFormReturn<Input, unknown, Output>;
  definition: AccountFormDefinition<Input, Output>;
  onSubmit: (values: Output) => Promise<Notice | undefined>;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const [notice, setNotice] = useState<Notice>();
  const send = form.handleSubmit(async (values) => {
    setNotice(undefined);
    setNotice(await onSubmit(values));
  });
  const submit = (
    <BusyButton
      type="submit"
      busy={form.formState.isSubmitting}
      busyLabel={definition.busy}
      className={onCancel ? buttonStyles.primary : submitStyle}
    >
      {definition.submit}
    </BusyButton>
  );
  return (
    <>
      {notice && <FormMessage type={notice.type}>{notice.text}</FormMessage>}
      <form noValidate onSubmit={send} className="space-y-4">
        {definition.fields.map((entry) =>
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
    </>
  );
}
