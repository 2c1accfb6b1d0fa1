import {
  durationProblem,
  type Service,
  type ServiceBody,
  serviceBodySchema,
  serviceCategories,
  serviceListLabels,
} from '@portal/domain';
import { z } from 'zod';

export type ListName = keyof typeof serviceListLabels;
export const listNames = Object.keys(serviceListLabels) as ListName[];

/** What the form holds: the record, its numbers as typed, so that a half-typed value is not lost. */
export interface ServiceDraft extends Omit<ServiceBody, 'hourly_rate' | 'duration'> {
  hourly_rate: string;
  duration: string;
}

/**
 * A service's editable record: the service without what the server derives (id, icon, rating), and without its
 * questions, which their own editor saves (a form opened before that save must not send the old ones back).
 */
export function editable(service: Service): ServiceBody {
  const { id: _id, icon: _icon, rating: _rating, questions: _questions, ...record } = service;
  return record;
}

/** The form's values for `service`, or for a new one: offered, an hour long (every slot step divides it). */
export function draftOf(service: Service | undefined): ServiceDraft {
  if (!service) {
    return {
      name: '',
      category: serviceCategories[0],
      hourly_rate: '',
      duration: '60',
      description: '',
      longDescription: '',
      ...(Object.fromEntries(listNames.map((name) => [name, [] as string[]])) as Record<ListName, string[]>),
      active: true,
    };
  }
  const { hourly_rate, duration, ...rest } = editable(service);
  return { ...rest, hourly_rate: String(hourly_rate), duration: String(duration) };
}

/** A number field's text as the API wants it: a number when it reads as one, else the text (refused by name). */
function asNumber(text: string): number | string {
  return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
}

/**
 * The draft checked as the API checks it (the record's schema), and its session length against the firm's slot
 * step (`step`), as the server does too: the record to send.
 */
export function serviceFormSchema(step: number) {
  return z
    .custom<ServiceDraft>()
    .transform((draft) => ({
      ...draft,
      hourly_rate: asNumber(draft.hourly_rate),
      duration: asNumber(draft.duration),
    }))
    .pipe(
      serviceBodySchema.superRefine(
        (record, context) => {
          const problem = durationProblem(record.duration, step);
          if (problem) context.addIssue({ code: 'custom', path: ['duration'], message: problem });
        },
        // Whatever else is wrong, once the length reads as a number the schema found nothing wrong with.
        {
          when: ({ value, issues }) =>
            typeof value === 'object' &&
            value !== null &&
            'duration' in value &&
            typeof value.duration === 'number' &&
            !issues.some((issue) => issue.path?.[0] === 'duration'),
        },
      ),
    );
}
