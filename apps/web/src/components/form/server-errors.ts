import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api-error';

/**
 * Puts a refusal's field errors (a 4xx `errors: [{ path, msg }]`) on the form's fields: each path the form holds a
 * value at (`prefix` taken off first, for a body that nests the form's values) gets its message, every message when
 * several name one path. Whether any field took one: if none did, the answer's `message` is the form's to say.
 */
export function placeServerErrors<T extends FieldValues, O extends FieldValues>(
  form: UseFormReturn<T, unknown, O>,
  error: unknown,
  prefix = '',
): boolean {
  if (!(error instanceof ApiError) || !error.isClientError) return false;
  const byField = new Map<FieldPath<T>, string[]>();
  for (const { path, msg } of error.errors) {
    if (!path.startsWith(prefix)) continue;
    const name = path.slice(prefix.length) as FieldPath<T>;
    if (name === '' || form.getValues(name) === undefined) continue;
    byField.set(name, [...(byField.get(name) ?? []), msg]);
  }
  for (const [name, messages] of byField) {
    form.setError(name, {
      type: 'server',
      message: messages[0],
      ...(messages.length > 1 && {
        types: Object.fromEntries(messages.map((msg, at) => [`server${at}`, msg])),
      }),
    });
  }
  return byField.size > 0;
}
