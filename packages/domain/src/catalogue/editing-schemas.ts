// The admin catalogue API contract (zod): the editable record, and the answers. The rules are in editing.ts.
import { z } from 'zod';
import { idParamsSchema } from '../api/schemas.ts';
import { consultantMessages } from '../consultants/messages.ts';
import { textField } from '../text/field.ts';
import {
  categoryPattern,
  type EditableServiceField,
  listItemRule,
  serviceChangesShown,
  serviceLimits,
  serviceListLabels,
  serviceMessages,
  serviceTextRules,
} from './editing.ts';
import { intakeQuestionsBodySchema } from './question-schemas.ts';
import { type Service, serviceSchema } from './schemas.ts';

type ListName = keyof typeof serviceListLabels;

/** 'Name is required' when missing, the rule's own message otherwise. */
const missing = (field: EditableServiceField, otherwise: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? serviceMessages.required(field) : otherwise;

const text = (field: 'name' | 'category' | 'description' | 'longDescription') =>
  textField(serviceTextRules[field]);

const requiredText = (field: 'name' | 'description', message: string) =>
  z
    .string({ error: missing(field, `${serviceTextRules[field].label} must be text`) })
    .pipe(text(field).min(1, { error: message }));

const list = (name: ListName) =>
  z
    .array(
      z
        .string({ error: serviceMessages.listInvalid(name) })
        .pipe(textField(listItemRule(name)).min(1, { error: serviceMessages.itemEmpty(name) })),
      { error: missing(name, serviceMessages.listInvalid(name)) },
    )
    .max(serviceLimits.listItems, { error: serviceMessages.listTooLong(name) })
    .describe(`${serviceListLabels[name]}: non-empty texts of at most ${serviceLimits.listItem} characters`);

const serviceFields = {
  name: requiredText('name', serviceMessages.nameRequired).describe(
    `At most ${serviceLimits.name} characters; the slug is derived from it and must be unique`,
  ),
  category: z
    .string({ error: missing('category', serviceMessages.categoryInvalid) })
    .pipe(text('category').regex(categoryPattern, { error: serviceMessages.categoryInvalid }))
    .describe(
      'web-development, database-architecture, ai-solutions, it-consulting, or another (generic icon and texts)',
    ),
  hourly_rate: z
    .number({ error: missing('hourly_rate', serviceMessages.rateInvalid) })
    .int({ error: serviceMessages.rateInvalid })
    .min(0, { error: serviceMessages.rateInvalid })
    .max(serviceLimits.maxHourlyRate, { error: serviceMessages.rateInvalid })
    .describe('Whole US dollars per hour'),
  duration: z
    .number({ error: missing('duration', serviceMessages.durationInvalid) })
    .int({ error: serviceMessages.durationInvalid })
    .min(1, { error: serviceMessages.durationInvalid })
    .max(serviceLimits.maxDurationMinutes, { error: serviceMessages.durationInvalid })
    .describe('Session length in minutes: a multiple of the slot step (30 minutes)'),
  description: requiredText('description', serviceMessages.descriptionRequired),
  longDescription: z
    .string({ error: missing('longDescription', `${serviceTextRules.longDescription.label} must be text`) })
    .pipe(text('longDescription')),
  features: list('features'),
  benefits: list('benefits'),
  process: list('process'),
  technologies: list('technologies'),
  deliverables: list('deliverables'),
  active: z
    .boolean({ error: missing('active', serviceMessages.activeInvalid) })
    .describe('false: retired (not listed, not bookable; its bookings stay)'),
};

/** Any other key is refused by name (a typo must not be dropped silently). */
const unknownKey = z
  .unknown()
  .refine(() => false, { error: (issue) => serviceMessages.unknownField(String(issue.path?.at(-1))) });

const invalidConsultants = consultantMessages.consultantIdsInvalid;
/** Who delivers the service: replaces its consultants when given (docs/product.md#consultants). */
const consultantIds = z
  .array(
    z
      .number({ error: invalidConsultants })
      .int({ error: invalidConsultants })
      .positive({ error: invalidConsultants }),
    { error: invalidConsultants },
  )
  .max(serviceLimits.consultants, { error: invalidConsultants })
  .transform((ids) => [...new Set(ids)])
  .optional();

/** `PUT /api/admin/services/{id}`: the whole editable record; `consultantIds` when its consultants change. */
export const serviceBodySchema = z
  .object({
    ...serviceFields,
    consultantIds: consultantIds.describe('Its consultants (ids); left out: they stay as they are'),
    // The record as GET answers it may be sent back whole: its questions are saved too.
    questions: intakeQuestionsBodySchema
      .optional()
      .describe(
        'Its intake questions (as PUT /api/admin/services/{id}/questions takes them); left out: they stay',
      ),
  })
  .catchall(unknownKey);
/** The editable record (the schema's own type carries the catch-all's index signature). */
export type ServiceBody = Pick<Service, EditableServiceField>;

/** `POST /api/admin/services`: the same; the long description and the lists may be left out, and it is offered. */
export const newServiceBodySchema = z
  .object({
    ...serviceFields,
    longDescription: serviceFields.longDescription.default(''),
    features: serviceFields.features.default([]),
    benefits: serviceFields.benefits.default([]),
    process: serviceFields.process.default([]),
    technologies: serviceFields.technologies.default([]),
    deliverables: serviceFields.deliverables.default([]),
    active: serviceFields.active.default(true),
    consultantIds: consultantIds.describe('Its consultants (ids); left out: every active consultant'),
    questions: intakeQuestionsBodySchema.optional().describe('Its intake questions; left out: none'),
  })
  .catchall(unknownKey);
export type NewServiceBody = z.input<typeof newServiceBodySchema>;

export const adminServiceIdParamsSchema = idParamsSchema('Service');

/** `GET /api/admin/services`: every service, retired ones too, by id. */
export const adminServicesResponseSchema = z.object({ services: z.array(serviceSchema) });

export const serviceChangeSchema = z.object({
  id: z.number().int(),
  at: z.string().describe('When (ISO 8601)'),
  actorEmail: z.string().describe('The administrator who made it'),
  action: z.enum(['created', 'updated', 'deleted']),
  serviceId: z.number().int().nullable(),
  serviceName: z.string().describe('The name after the change (before it, for a deletion)'),
  fields: z
    .array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() }))
    .describe('Each changed field in its public name, old → new (old is null on creation)'),
});
export type ServiceChange = z.infer<typeof serviceChangeSchema>;

/** `GET /api/admin/services/changes`: the latest changes to the catalogue, newest first. */
export const serviceChangesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(serviceChangesShown),
});
export const serviceChangesResponseSchema = z.object({ changes: z.array(serviceChangeSchema) });
export type ServiceChangesResponse = z.infer<typeof serviceChangesResponseSchema>;
