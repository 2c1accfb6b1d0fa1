import { forwardRef, type InputHTMLAttributes, useId } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's error message, tied to the input with aria-describedby. */
  error?: string | undefined;
  /** A hint under the field, also tied to it. */
  hint?: string | undefined;
  required?: boolean;
}

/** A labelled input with its hint and error message. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, required, id, className, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="flex gap-1 text-sm font-medium">
        <label htmlFor={inputId} className="text-slate-800">
          {label}
        </label>
        {/* Outside the label, so the field's name stays exactly the label; `required` tells assistive tech. */}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        )}
      </div>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={`mt-1 block w-full rounded-lg border px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-blue-700 disabled:bg-slate-100 ${
          error ? 'border-red-600' : 'border-slate-300'
        }`}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});

/** A message box above or below a form: errors are alerts, the rest polite status messages. */
export function FormMessage({
  type,
  children,
}: {
  type: 'error' | 'success' | 'info';
  children: React.ReactNode;
}) {
  const look =
    type === 'error'
      ? 'border-red-200 bg-red-50 text-red-900'
      : type === 'success'
        ? 'border-green-200 bg-green-50 text-green-900'
        : 'border-blue-200 bg-blue-50 text-blue-950';
  return (
    <div role={type === 'error' ? 'alert' : 'status'} className={`rounded-lg border p-3 text-sm ${look}`}>
      {children}
    </div>
  );
}
