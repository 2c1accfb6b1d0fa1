import { z } from 'zod';
import { normalizeText, type TextRule, textProblem } from './rule.ts';

/** A text field under the one text rule (text/rule.ts): normalized and trimmed, then checked; 400 naming the field. */
export function textField(rule: TextRule) {
  return z
    .string()
    .overwrite(normalizeText)
    .superRefine((value, context) => {
      const problem = textProblem(value, rule);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}
