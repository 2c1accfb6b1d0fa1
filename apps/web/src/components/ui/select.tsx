import type { Ref, SelectHTMLAttributes } from 'react';

/** A select of fixed choices, each shown by its label. */
export function Select<T extends string>({
  options,
  labels,
  ref,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  ref?: Ref<HTMLSelectElement>;
}) {
  return (
    <select ref={ref} {...select}>
      {options.map((option) => (
        <option key={option} value={option}>
          {labels[option]}
        </option>
      ))}
    </select>
  );
}
