import { servicesResponseSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { serviceListQueryOptions } from '../../../lib/service-list';
import { catalogueKeys } from './query-keys';

/** GET /api/services → the services, whole. */
export function servicesQueryOptions() {
  return serviceListQueryOptions(catalogueKeys.all, servicesResponseSchema);
}

export function useServices() {
  return useQuery(servicesQueryOptions());
}
