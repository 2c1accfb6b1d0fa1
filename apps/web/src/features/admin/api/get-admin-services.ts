import { adminServicesResponseSchema, apiPaths, type Service } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/services → every service, retired ones too, by id. */
export async function getAdminServices(signal?: AbortSignal): Promise<Service[]> {
  return (await apiRequest(apiPaths.catalogue.adminServices, adminServicesResponseSchema, { signal }))
    .services;
}

export function adminServicesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.catalogue, queryFn: ({ signal }) => getAdminServices(signal) });
}

export function useAdminServices() {
  return useQuery(adminServicesQueryOptions());
}
