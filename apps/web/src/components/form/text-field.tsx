import type { InputHTMLAttributes, Ref } from 'react';
import { Field, type FieldText } from './field';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'required'> &
  Omit<FieldText, 'label'> & { label: string; ref?: Ref<HTMLInputElement> | undefined };

/** A labelled input with its hint and error message. */
export function TextField({ label, required, hint, error, id, className, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} required={required} hint={hint} error={error} id={id} className={className}>
      {(control) => <input ref={ref} {...control} {...input} />}
    </Field>
  );
}
