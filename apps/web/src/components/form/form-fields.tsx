import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { Field, type FieldText } from './field';
import { TextField, type TextFieldProps } from './text-field';

/** A form and the name of one of its fields. */
interface Bound<T extends FieldValues, O extends FieldValues> {
  form: UseFormReturn<T, unknown, O>;
  name: FieldPath<T>;
  /**
   * What the value becomes in the form's values (a number), when it is not kept as text: the text typed or chosen,
   * or the value the field started with.
   */
  parse?: ((value: unknown) => unknown) | undefined;
}

/** The field's value held by the form: the control's props that read and write it. */
function registered<T extends FieldValues, O extends FieldValues>({ form, name, parse }: Bound<T, O>) {
  return form.register(name, parse && { setValueAs: parse });
}

/** The error the form holds for one field (its checks' or the server's). */
export function fieldError<T extends FieldValues, O extends FieldValues>(
  form: UseFormReturn<T, unknown, O>,
  name: FieldPath<T>,
): string | undefined {
  return form.getFieldState(name, form.formState).error?.message;
}

/** A text input of a form: a TextField holding the field's value and showing its error. */
export function InputField<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  parse,
  ...field
}: Bound<T, O> & Omit<TextFieldProps, 'form' | 'name' | 'error' | 'ref'>) {
  return <TextField {...field} error={fieldError(form, name)} {...registered({ form, name, parse })} />;
}

/** A text input described once (its label, kind and hint), for forms made only of those. */
export type InputDefinition<T extends FieldValues> = { name: FieldPath<T> } & Pick<
  TextFieldProps,
  'label' | 'type' | 'autoComplete' | 'required' | 'hint'
>;

/** A text input, or a row of them (side by side on wide screens). */
export type FieldEntry<T extends FieldValues> = InputDefinition<T> | { row: readonly InputDefinition<T>[] };

/** Text inputs in order, those of a `row` side by side on wide screens. */
export function InputFields<T extends FieldValues, O extends FieldValues>({
  form,
  fields,
}: {
  form: UseFormReturn<T, unknown, O>;
  fields: readonly FieldEntry<T>[];
}) {
  return fields.map((entry) =>
    'row' in entry ? (
      <div key={entry.row[0]?.name} className="grid gap-4 sm:grid-cols-2">
        {entry.row.map((field) => (
          <InputField key={field.name} form={form} {...field} />
        ))}
      </div>
    ) : (
      <InputField key={entry.name} form={form} {...entry} />
    ),
  );
}

/** What a bound field says about itself (its error comes from the form), apart from its control's attributes. */
type FieldProps = Omit<FieldText, 'error'> & { className?: string | undefined };

function splitField<P extends FieldProps>({
  label,
  required,
  hint,
  hintClassName,
  className,
  ...control
}: P) {
  return { field: { label, required, hint, hintClassName, className }, control };
}

/** Several lines of text: a labelled textarea holding the field's value, with its hint and error. */
export function TextAreaField<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  parse,
  ...props
}: Bound<T, O> &
  FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'name' | 'required'>) {
  const { field, control: textarea } = splitField(props);
  return (
    <Field {...field} error={fieldError(form, name)}>
      {(control) => <textarea {...control} {...textarea} {...registered({ form, name, parse })} />}
    </Field>
  );
}

/** A choice among `children` (its options): a labelled select holding the field's value, with its error. */
export function SelectField<T extends FieldValues, O extends FieldValues>({
  form,
  name,
  parse,
  children,
  ...props
}: Bound<T, O> &
  FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'form' | 'name' | 'required'> & { children: ReactNode }) {
  const { field, control: select } = splitField(props);
  return (
    <Field {...field} error={fieldError(form, name)}>
      {(control) => (
        <select {...control} {...select} {...registered({ form, name, parse })}>
          {children}
        </select>
      )}
    </Field>
  );
}
