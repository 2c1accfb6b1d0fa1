import { apiPaths, type ServiceChange, serviceChangesResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/services/changes → the latest changes to the catalogue, newest first. */
export async function getServiceChanges(signal?: AbortSignal): Promise<ServiceChange[]> {
  return (await apiRequest(apiPaths.catalogue.adminChanges, serviceChangesResponseSchema, { signal }))
    .changes;
}

export function useServiceChanges() {
  return useQuery(
    queryOptions({ queryKey: adminKeys.serviceChanges, queryFn: ({ signal }) => getServiceChanges(signal) }),
  );
}
