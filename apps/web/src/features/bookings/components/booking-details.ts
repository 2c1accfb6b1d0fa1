import {
  additionalNotesRule,
  createBookingBodySchema,
  defaultPreferredContact,
  defaultUrgency,
  projectDescriptionError,
  textField,
} from '@portal/domain';
import { z } from 'zod';

const body = createBookingBodySchema.shape;

/**
 * The wizard's Details step, checked by the booking body's own rules on the texts as typed: the description's
 * (required, 20 characters at least, the text rule), the notes' text rule, the choices among the product's options.
 */
export const bookingDetailsSchema = z.object({
  projectDescription: z.string().superRefine((value, context) => {
    const problem = projectDescriptionError(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  urgency: body.urgency.unwrap(),
  preferredContact: body.preferredContact.unwrap(),
  additionalNotes: textField(additionalNotesRule),
});

/** What the client typed and chose, as the form holds it. */
export type BookingDetails = z.input<typeof bookingDetailsSchema>;
export type CheckedBookingDetails = z.output<typeof bookingDetailsSchema>;

export const emptyBookingDetails: BookingDetails = {
  projectDescription: '',
  urgency: defaultUrgency,
  preferredContact: defaultPreferredContact,
  additionalNotes: '',
};
