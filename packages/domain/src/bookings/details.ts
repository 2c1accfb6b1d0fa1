// What a client tells about their project when booking: urgency, preferred contact, description and notes.
import { normalizeText, type TextRule, textProblem } from '../text/rule.ts';
import { bookingMessages } from './messages.ts';

export const urgencyOptions = ['low', 'normal', 'high', 'urgent'] as const;
export type Urgency = (typeof urgencyOptions)[number];
export const defaultUrgency: Urgency = 'normal';

export const contactOptions = ['email', 'phone', 'video'] as const;
export type PreferredContact = (typeof contactOptions)[number];
export const defaultPreferredContact: PreferredContact = 'email';

export const minDescriptionLength = 20;
export const maxDescriptionLength = 5000;
export const maxAdditionalNotesLength = 2000;

/** The description rule: text (text/rule.ts), required, at least 20 characters. Undefined when valid, else the message. */
export function projectDescriptionError(description: string | null | undefined): string | undefined {
  const text = normalizeText(description ?? '');
  if (text.length === 0) return bookingMessages.descriptionRequired;
  if (text.length < minDescriptionLength) return bookingMessages.descriptionTooShort(text.length);
  return textProblem(text, projectDescriptionRule);
}

/** The project description and the notes: several lines of text (text/rule.ts). */
export const projectDescriptionRule: TextRule = {
  label: 'Project description',
  max: maxDescriptionLength,
  multiline: true,
};
export const additionalNotesRule: TextRule = {
  label: 'Additional notes',
  max: maxAdditionalNotesLength,
  multiline: true,
};
