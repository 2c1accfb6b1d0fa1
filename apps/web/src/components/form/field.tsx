import { type ReactNode, useId } from 'react';

/** What a control needs from its field: its id, its ties to the hint and the error, and the frame's look. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
  className: string;
}

/** What every field says about itself. */
export interface FieldText {
  /** Its name: the label's text (a field's accessible name is exactly the label). */
  label: ReactNode;
  /** Marked with a star (hidden from assistive technology, which hears `aria-required`). */
  required?: boolean | undefined;
  /** Said under the control, and tied to it. */
  hint?: ReactNode;
  /** The hint's look, when it is not the quiet grey (a counter that turns green). */
  hintClassName?: string | undefined;
  /** The field's error message, tied to the control with aria-describedby. */
  error?: string | undefined;
}

const controlLook =
  'mt-1 block w-full rounded-lg border px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-blue-700 disabled:bg-slate-100';

/** A field's error message, or several, in the frame's look (`id` ties it to what it is about). */
export function ErrorText({ id, children }: { id?: string | undefined; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {children}
    </p>
  );
}

/**
 * One field of a form: the label (a star when required), the control that `children` draws with the props it is
 * given, the hint, and the error, both tied to the control for assistive technology.
 */
export function Field({
  label,
  required,
  hint,
  hintClassName = 'text-slate-600',
  error,
  id,
  className,
  children,
}: FieldText & {
  id?: string | undefined;
  className?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="flex gap-1 text-sm font-medium">
        <label htmlFor={controlId} className="text-slate-800">
          {label}
        </label>
        {/* Outside the label, so the field's name stays exactly the label; `required` tells assistive tech. */}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        )}
      </div>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
        className: `${controlLook} ${error ? 'border-red-600' : 'border-slate-300'}`,
      })}
      {hint && (
        <p id={hintId} className={`mt-1 text-sm ${hintClassName}`}>
          {hint}
        </p>
      )}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </div>
  );
}
