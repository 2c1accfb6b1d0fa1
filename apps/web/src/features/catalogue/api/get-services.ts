import { useQuery } from '@tanstack/react-query';
import { serviceListQueryOptions } from '../../../lib/service-list';
import { catalogueKeys } from './query-keys';

/** GET /api/services → the services, whole (first seeded from the page: api/page-catalogue.ts). */
export function servicesQueryOptions() {
  return serviceListQueryOptions(
    catalogueKeys.all,
    async () => (await import('./schemas')).servicesResponseSchema,
  );
}

export function useServices() {
  return useQuery(servicesQueryOptions());
}
