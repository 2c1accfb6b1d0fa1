import type { Ref, SelectHTMLAttributes } from 'react';

/** Fixed choices, each shown by its label: the options of a select. */
export function Options<T extends string>({
  options,
  labels,
}: {
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
}) {
  return options.map((option) => (
    <option key={option} value={option}>
      {labels[option]}
    </option>
  ));
}

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
      <Options options={options} labels={labels} />
    </select>
  );
}
