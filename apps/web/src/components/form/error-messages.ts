/** The keys of react-hook-form's error objects that are no errors underneath (`ref` is the element itself). */
const ownKeys: ReadonlySet<string> = new Set(['message', 'type', 'types', 'ref']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Every message in a part of a form's errors, in the order the checks (the schema's, then the server's) gave them:
 * what is inside (a list's items) before what is said of the whole (the list).
 */
export function errorMessages(errors: unknown): string[] {
  if (!isRecord(errors)) return [];
  const inside = Object.entries(errors)
    .filter(([key]) => !ownKeys.has(key))
    .flatMap(([, nested]) => errorMessages(nested));
  const types = isRecord(errors.types) ? Object.values(errors.types).flat() : [];
  const own = types.length > 0 ? types : [errors.message];
  return [
    ...inside,
    ...own.filter((message): message is string => typeof message === 'string' && message !== ''),
  ];
}
