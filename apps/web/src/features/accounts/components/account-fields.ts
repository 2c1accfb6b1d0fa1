import type { FieldPath, FieldValues } from 'react-hook-form';
import type { InputDefinition } from '../../../components/form/form-fields';
import { buttonStyles } from '../../../components/ui/button-styles';

// The fields several account forms share, described once, and the look of their submit button.

export const emailField = { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' } as const;

/** A password the user chooses (register, reset); browsers offer to generate one. */
export const newPasswordField = { type: 'password', autoComplete: 'new-password' } as const;

/** The submit button of an account card: as wide as the card. */
export const cardSubmit = `${buttonStyles.primary} w-full disabled:opacity-70`;

/**
 * The profile's fields (the profile page and the complete-profile page), under the names each form sends them
 * with: first name, last name, phone, company. The names are required.
 */
export function profileFields<T extends FieldValues>(
  names: readonly [FieldPath<T>, FieldPath<T>, FieldPath<T>, FieldPath<T>],
): [InputDefinition<T>, InputDefinition<T>, InputDefinition<T>, InputDefinition<T>] {
  const [firstName, lastName, phone, company] = names;
  return [
    { name: firstName, label: 'First Name', type: 'text', autoComplete: 'given-name', required: true },
    { name: lastName, label: 'Last Name', type: 'text', autoComplete: 'family-name', required: true },
    { name: phone, label: 'Phone', type: 'tel', autoComplete: 'tel' },
    { name: company, label: 'Company', type: 'text', autoComplete: 'organization' },
  ];
}
