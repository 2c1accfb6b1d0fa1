// The contact API contract (zod): the form's body (the form checks the same schema), the administrators' list and
// the answered mark (docs/product.md#contact-form).
import { z } from 'zod';
import { accountMessages } from '../accounts/messages.ts';
import { idParamsSchema, isoInstantSchema, nextCursorSchema, pageQuerySchema } from '../api/schemas.ts';
import { challengeSolutionSchema } from '../challenge/schemas.ts';
import { textField } from '../text/field.ts';
import { normalizeText, type TextRule } from '../text/rule.ts';
import {
  contactEmailRule,
  contactMessageProblem,
  contactMessageRule,
  contactMessages,
  contactNameRule,
  contactSubjectRule,
  defaultContactMessagesPageSize,
  maxContactMessagesPageSize,
  maxHoneypotLength,
} from './rules.ts';

/** A required one-line text under the text rule: missing or blank is `required`. */
function requiredText(rule: TextRule, required: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? required : `${rule.label} must be text`) })
    .pipe(textField(rule))
    .refine((value) => value.length > 0, { error: required });
}

const serviceIdSchema = z
  .number({ error: contactMessages.serviceInvalid })
  .int({ error: contactMessages.serviceInvalid })
  .positive({ error: contactMessages.serviceInvalid })
  .max(2_147_483_647, { error: contactMessages.serviceInvalid });

/** `POST /api/contact`. */
export const contactBodySchema = z.object({
  name: requiredText(contactNameRule, contactMessages.nameRequired).describe(
    `The sender's name, at most ${contactNameRule.max} characters`,
  ),
  email: requiredText(contactEmailRule, accountMessages.emailRequired)
    .pipe(z.email({ error: accountMessages.emailInvalid }))
    .describe('Where the firm answers (the reply-to of its copy); an acknowledgment goes there too'),
  subject: requiredText(contactSubjectRule, contactMessages.subjectRequired).describe(
    `At most ${contactSubjectRule.max} characters`,
  ),
  message: z
    .string({
      error: (issue) =>
        issue.input === undefined ? contactMessages.messageRequired : 'Message must be text',
    })
    .overwrite(normalizeText)
    // The length and the text rule in one check, as the form's counter uses it.
    .superRefine((value, context) => {
      const problem = contactMessageProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .describe(`${contactMessageRule.max} characters at most, at least 20; several lines`),
  serviceId: serviceIdSchema
    .nullish()
    .transform((value) => value ?? null)
    .describe('The service the message is about (Get Free Consultation preselects it); optional'),
  website: z
    .string()
    .max(maxHoneypotLength)
    .optional()
    .describe('Leave it out or empty: a hidden field only bots fill; a message with it is dropped'),
  altcha: challengeSolutionSchema,
});
export type ContactBody = z.input<typeof contactBodySchema>;
export type ContactRequest = z.output<typeof contactBodySchema>;

export const contactResponseSchema = z.object({ message: z.string() });

/** `GET /api/admin/messages`: newest first. */
export const adminContactMessagesQuerySchema = pageQuerySchema(
  defaultContactMessagesPageSize,
  maxContactMessagesPageSize,
  'Messages',
);
export type AdminContactMessagesQuery = z.infer<typeof adminContactMessagesQuerySchema>;

export const adminContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  service_id: z.number().int().nullable(),
  service_name: z.string().nullable(),
  answered: z.boolean(),
  answered_at: isoInstantSchema.nullable(),
  created_at: isoInstantSchema,
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminContactMessagesResponseSchema = z.object({
  messages: z.array(adminContactMessageSchema),
  nextCursor: nextCursorSchema,
});
export type AdminContactMessagesResponse = z.infer<typeof adminContactMessagesResponseSchema>;

export const contactMessageIdParamsSchema = idParamsSchema('Message');

/** `PUT /api/admin/messages/{id}`. */
export const updateContactMessageBodySchema = z.object({
  answered: z.boolean({ error: contactMessages.answeredInvalid }),
});
export const adminContactMessageResponseSchema = z.object({ contactMessage: adminContactMessageSchema });

/**
 * The contact page's form: the body's rules, with the service as its select gives it ('' for none) and the
 * honeypot as its hidden input gives it.
 */
export const contactFormSchema = contactBodySchema.extend({
  serviceId: z
    .string()
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(serviceIdSchema.nullable()),
});
export type ContactFormValues = z.input<typeof contactFormSchema>;
