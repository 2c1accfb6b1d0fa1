// The catalogue's API contract (zod). Its texts and rules, which every catalogue page uses, are zod-free in
// content.ts (docs/decisions/035).
import { z } from 'zod';
import { idParamsSchema } from '../api/schemas.ts';
import { ratingSummarySchema } from '../reviews/schemas.ts';
import { serviceIcons } from './icons.ts';
import { intakeQuestionSchema } from './question-schemas.ts';

export const serviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  hourly_rate: z.number().int().describe('Whole US dollars per hour'),
  duration: z.number().int().describe('Session length in minutes'),
  description: z.string(),
  icon: z.enum(serviceIcons),
  longDescription: z.string(),
  features: z.array(z.string()),
  benefits: z.array(z.string()),
  process: z.array(z.string()),
  technologies: z.array(z.string()),
  deliverables: z.array(z.string()),
  active: z.boolean().describe('false: retired, no longer listed or bookable (its bookings stay)'),
  rating: ratingSummarySchema
    .nullable()
    .describe('The average and count of its public reviews; null until it has one (docs/decisions/010)'),
  questions: z
    .array(intakeQuestionSchema)
    .describe("The intake questions the booking wizard asks after the project's details, in order"),
});
export type Service = z.infer<typeof serviceSchema>;

export const servicesResponseSchema = z.object({ services: z.array(serviceSchema) });
export const serviceResponseSchema = z.object({ service: serviceSchema });
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;

export const serviceIdParamsSchema = idParamsSchema('Service');
