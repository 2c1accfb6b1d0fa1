/** Query keys of the public catalogue, written once: the catalogue's pages read it, the admin pages refresh it. */
export const catalogueKeys = {
  all: ['services'] as const,
  detail: (id: number) => ['services', id] as const,
  reviews: (id: number) => ['services', id, 'reviews'] as const,
  consultants: (id: number) => ['services', id, 'consultants'] as const,
};
