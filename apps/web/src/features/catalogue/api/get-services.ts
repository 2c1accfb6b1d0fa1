import { useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '../../../lib/catalogue-keys';
import { serviceListQueryOptions } from '../../../lib/service-list';

/** GET /api/services → the services, whole (first seeded from the page: lib/page-catalogue.ts). */
export function servicesQueryOptions() {
  return serviceListQueryOptions(
    catalogueKeys.all,
    async () => (await import('./schemas')).servicesResponseSchema,
  );
}

export function useServices() {
  return useQuery(servicesQueryOptions());
}
