// The catalogue's texts and rules that the pages show: no zod here, so that the catalogue pages' first load carries
// none (docs/decisions/035); the API contract is in catalogue.ts.

import categoryContent from './category-content.json' with { type: 'json' };
import type { Service } from './schemas.ts';

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
