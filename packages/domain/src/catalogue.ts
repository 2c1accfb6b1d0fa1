import { z } from 'zod';
import { idParamsSchema } from './api-error.ts';
import categoryContent from './category-content.json' with { type: 'json' };
import { ratingSummarySchema } from './review-schemas.ts';
import { serviceIcons } from './service-icons.ts';

export const serviceCategories = [
  'web-development',
  'database-architecture',
  'ai-solutions',
  'it-consulting',
] as const;
export type ServiceCategory = (typeof serviceCategories)[number];

export function isServiceCategory(category: string): category is ServiceCategory {
  return (serviceCategories as readonly string[]).includes(category);
}

/** A card's feature list: its category's, or 'Consulting Services' for a category the portal does not know. */
export function serviceCardFeatures(category: string): readonly string[] {
  return contentOf(category).cardFeatures;
}

function contentOf(category: string): CategoryContent {
  return isServiceCategory(category) ? categoryTexts.categories[category] : categoryTexts.other;
}

export const serviceDetailLists = [
  'features',
  'benefits',
  'process',
  'technologies',
  'deliverables',
] as const;
export type ServiceDetailList = (typeof serviceDetailLists)[number];
type ServiceDetailContent = Record<ServiceDetailList, readonly string[]>;

interface CategoryContent extends ServiceDetailContent {
  /** The fixed feature list a service card shows. */
  cardFeatures: readonly string[];
}

/** What each known category says (and what any other says) where a service has no text of its own. */
const categoryTexts: { categories: Record<ServiceCategory, CategoryContent>; other: CategoryContent } =
  categoryContent;

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
    .describe('The average and count of its public reviews; null until it has one (docs/decisions/109)'),
});
export type Service = z.infer<typeof serviceSchema>;

export const servicesResponseSchema = z.object({ services: z.array(serviceSchema) });
export const serviceResponseSchema = z.object({ service: serviceSchema });
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;
export type ServiceResponse = z.infer<typeof serviceResponseSchema>;

export const serviceIdParamsSchema = idParamsSchema('Service');

/** The five detail lists of a service, each falling back to its category's text (or the generic one) when empty. */
export function serviceDetailContent(
  service: Pick<Service, 'category' | ServiceDetailList>,
): ServiceDetailContent {
  const fallback = contentOf(service.category);
  const content = {} as Record<ServiceDetailList, readonly string[]>;
  for (const list of serviceDetailLists) {
    content[list] = service[list].length > 0 ? service[list] : fallback[list];
  }
  return content;
}
