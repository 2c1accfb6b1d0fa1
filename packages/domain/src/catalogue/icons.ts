// Kept apart from the zod schemas so that pages showing icons do not pull zod into their bundle.

/** Icon names (Font Awesome's, docs/product.md#catalogue); the web app maps them to its icon set. */
export const serviceIcons = ['code', 'database', 'brain', 'laptop-code', 'cog'] as const;
export type ServiceIcon = (typeof serviceIcons)[number];

const iconsByCategory: Record<string, ServiceIcon> = {
  'web-development': 'code',
  'database-architecture': 'database',
  'ai-solutions': 'brain',
  'it-consulting': 'laptop-code',
};

/**
 * Service icons by category (docs/product.md#catalogue): web-development code, database-architecture database,
 * ai-solutions brain, it-consulting laptop-code; any other category a cog.
 */
export function serviceIcon(category: string): ServiceIcon {
  return Object.hasOwn(iconsByCategory, category) ? (iconsByCategory[category] ?? 'cog') : 'cog';
}
