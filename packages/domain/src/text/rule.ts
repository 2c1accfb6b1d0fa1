// One rule for every text the portal stores (names, phone numbers, descriptions, notes, e-mail addresses): valid
// Unicode (no lone surrogates, which PostgreSQL cannot store), no control characters (NUL included) except tabs and
// line breaks in fields that take several lines, line breaks written one way, trimmed, and a maximum length. No zod
// here: the web app's checks as the user types use it too; the zod field built on it is in field.ts.

export interface TextRule {
  /** How the field is named in messages: 'Phone', 'Project description'. */
  label: string;
  max: number;
  /** Several lines (a description, notes): tabs and line breaks are allowed. */
  multiline?: boolean;
}

const controlCharacter = /\p{Cc}/u;
const controlCharacterButTabOrNewline = /[^\P{Cc}\t\n]/u;

/** Line breaks as '\n' (a text area may send '\r\n'), then trimmed. */
export function normalizeText(value: string): string {
  return value.replace(/\r\n?/g, '\n').trim();
}

/** What is wrong with a normalized text under the rule, or undefined when nothing is. */
export function textProblem(value: string, rule: TextRule): string | undefined {
  if (!value.isWellFormed()) return `${rule.label} contains characters that are not valid text`;
  if ((rule.multiline ? controlCharacterButTabOrNewline : controlCharacter).test(value)) {
    return rule.multiline
      ? `${rule.label} must not contain control characters other than tabs and line breaks`
      : `${rule.label} must not contain control characters or line breaks`;
  }
  if (value.length > rule.max) return `${rule.label} must be at most ${rule.max} characters`;
  return undefined;
}
