/** Query keys of the catalogue, written once. */
export const catalogueKeys = {
  all: ['services'] as const,
  detail: (id: number) => ['services', id] as const,
  reviews: (id: number) => ['services', id, 'reviews'] as const,
};
