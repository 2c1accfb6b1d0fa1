// Kept apart from the zod schemas so that pages showing icons do not pull zod into their bundle.

/** Icon names (Font Awesome's, docs/product.md#catalogue); the web app maps them to its icon set. */
export const serviceIcons = ['code', 'database', 'brain', 'laptop-code', 'cog'] as const;
export type ServiceIcon = (typeof serviceIcons)[number];

const iconsById: Record<number, ServiceIcon> = { 1: 'code', 2: 'database', 3: 'brain', 4: 'laptop-code' };

/** Service icons by id: 1 code, 2 database, 3 brain, 4 laptop-code; any other id a cog. */
export function serviceIcon(id: number): ServiceIcon {
  return iconsById[id] ?? 'cog';
}
