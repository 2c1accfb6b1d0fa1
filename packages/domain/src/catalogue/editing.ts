// The rules of the catalogue the firm manages (docs/product.md#catalogue): limits, messages, the slug, the
// session-length step and what changed between two versions of a service. No zod here (the admin form checks as
// the user types with it); the API contract is in editing-schemas.ts.
import type { Schedule } from '../schedule/schedule.ts';
import type { TextRule } from '../text/rule.ts';

/** The fields an administrator edits, in the public (API) names, in the order the form shows them. */
export const editableServiceFields = [
  'name',
  'category',
  'hourly_rate',
  'duration',
  'description',
  'longDescription',
  'features',
  'benefits',
  'process',
  'technologies',
  'deliverables',
  'active',
] as const;
export type EditableServiceField = (typeof editableServiceFields)[number];

/** The detail lists' headings, as the detail page shows them. */
export const serviceListLabels = {
  features: "What's Included",
  benefits: 'Key Benefits',
  process: 'Our Process',
  technologies: 'Technologies & Tools',
  deliverables: "What You'll Receive",
} as const;

/** How each field is named in messages and in the change history. */
export const serviceFieldLabels: Record<EditableServiceField, string> = {
  name: 'Name',
  category: 'Category',
  hourly_rate: 'Hourly rate',
  duration: 'Session length',
  description: 'Short description',
  longDescription: 'Long description',
  ...serviceListLabels,
  active: 'Offered',
};

export const serviceLimits = {
  name: 80,
  category: 50,
  description: 300,
  longDescription: 4000,
  listItem: 200,
  listItems: 20,
  /** Whole dollars an hour. */
  maxHourlyRate: 10_000,
  /** A session longer than a working day is not one session. */
  maxDurationMinutes: 480,
  /** Consultants named in one save. */
  consultants: 500,
} as const;

export const serviceTextRules = {
  name: { label: serviceFieldLabels.name, max: serviceLimits.name },
  category: { label: serviceFieldLabels.category, max: serviceLimits.category },
  description: { label: serviceFieldLabels.description, max: serviceLimits.description },
  longDescription: {
    label: serviceFieldLabels.longDescription,
    max: serviceLimits.longDescription,
    multiline: true,
  },
} as const satisfies Record<string, TextRule>;

/** One item of a detail list: 'Key Benefits item'. */
export function listItemRule(list: keyof typeof serviceListLabels): TextRule {
  return { label: `${serviceListLabels[list]} item`, max: serviceLimits.listItem };
}

/** Lowercase words joined by hyphens, like the four known categories. */
export const categoryPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const serviceMessages = {
  required: (field: EditableServiceField) => `${serviceFieldLabels[field]} is required`,
  nameRequired: 'Name is required',
  nameTaken: 'Another service already has this name',
  descriptionRequired: 'Short description is required',
  categoryInvalid: 'Category must be lowercase words joined by hyphens, like web-development',
  rateInvalid: `Hourly rate must be a whole number of dollars from 0 to ${serviceLimits.maxHourlyRate}`,
  durationInvalid: `Session length must be a whole number of minutes from 1 to ${serviceLimits.maxDurationMinutes}`,
  durationStep: (step: number) => `Session length must be a multiple of ${step} minutes`,
  listInvalid: (list: keyof typeof serviceListLabels) => `${serviceListLabels[list]} must be a list of texts`,
  listTooLong: (list: keyof typeof serviceListLabels) =>
    `${serviceListLabels[list]} may have at most ${serviceLimits.listItems} items`,
  itemEmpty: (list: keyof typeof serviceListLabels) => `${serviceListLabels[list]} items must not be empty`,
  activeInvalid: 'Offered must be true or false',
  unknownField: (key: string) => `'${key}' is not a field of a service`,
  /** A booking of a retired service (POST /api/bookings). */
  retired: 'This service is no longer offered',
  retiredNotice: 'This service is no longer offered',
  saved: 'Service saved',
  created: 'Service created',
  retiredDone: 'Service retired: it is no longer listed or bookable',
  restored: 'Service offered again',
  loadFailed: 'Failed to load services',
  saveFailed: 'Failed to save the service',
} as const;

/** The step session lengths go by: the firm's slot step, so that every session fills whole slots. */
export function sessionLengthStep(schedule: Pick<Schedule, 'slotStepMinutes'>): number {
  return schedule.slotStepMinutes;
}

/** What is wrong with a session length under the step, or undefined. */
export function durationProblem(duration: number, step: number): string | undefined {
  if (!Number.isInteger(duration) || duration < 1 || duration > serviceLimits.maxDurationMinutes) {
    return serviceMessages.durationInvalid;
  }
  return duration % step === 0 ? undefined : serviceMessages.durationStep(step);
}

/** A service's slug: its name in lowercase ASCII words joined by hyphens ('service' when nothing is left). */
export function serviceSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'service';
}

/** One field's change in the history: the field's public name, its old and its new value. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Fields in the form's order (jsonb keeps its own), any others after them. */
function formOrder(a: string, b: string): number {
  const rank = (field: string) => {
    const index = (editableServiceFields as readonly string[]).indexOf(field);
    return index === -1 ? editableServiceFields.length : index;
  };
  return rank(a) - rank(b);
}

/** The fields whose values differ between two recorded versions (either may be missing: created, deleted). */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort(formOrder);
  const changes: FieldChange[] = [];
  for (const field of keys) {
    const old = before?.[field];
    const now = after?.[field];
    if (JSON.stringify(old) !== JSON.stringify(now))
      changes.push({ field, before: old ?? null, after: now ?? null });
  }
  return changes;
}

/** How many of the latest changes the admin services page lists. */
export const serviceChangesShown = 20;
