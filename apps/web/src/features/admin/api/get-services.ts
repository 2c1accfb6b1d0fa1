import { apiPaths } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/**
 * What the service filter needs of GET /api/services: each service's id and name. Read with this narrow schema
 * rather than the catalogue's full one, so the admin chunk shares no module with the catalogue pages.
 */
const serviceChoicesSchema = z.object({
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ServiceChoice = z.infer<typeof serviceChoicesSchema>['services'][number];

/** GET /api/services → the services the admin list can be filtered by (features do not share code: DESIGN §3). */
export async function getServiceChoices(signal?: AbortSignal): Promise<ServiceChoice[]> {
  const body = await apiRequest(apiPaths.services, serviceChoicesSchema, { signal });
  return body.services;
}

export function serviceChoicesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.services, queryFn: ({ signal }) => getServiceChoices(signal) });
}

export function useServiceChoices() {
  return useQuery(serviceChoicesQueryOptions());
}
