import type { ServiceCategory } from './content.ts';

export interface CoreService {
  id: number;
  category: ServiceCategory;
  name: string;
}

/**
 * The four core services as seeded (ids 1–4), with the short names the site's navigation and home page use
 * without asking the API (footer links, home cards).
 */
export const coreServices: readonly CoreService[] = [
  { id: 1, category: 'web-development', name: 'Web Development' },
  { id: 2, category: 'database-architecture', name: 'Database Architecture' },
  { id: 3, category: 'ai-solutions', name: 'AI Solutions' },
  { id: 4, category: 'it-consulting', name: 'IT Consulting' },
];
