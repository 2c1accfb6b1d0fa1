import { apiPaths, type Service, servicesResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { catalogueKeys } from './query-keys';

/** GET /api/services → the services. */
export async function getServices(signal?: AbortSignal): Promise<Service[]> {
  const body = await apiRequest(apiPaths.services, servicesResponseSchema, { signal });
  return body.services;
}

export function servicesQueryOptions() {
  return queryOptions({ queryKey: catalogueKeys.all, queryFn: ({ signal }) => getServices(signal) });
}

export function useServices() {
  return useQuery(servicesQueryOptions());
}
