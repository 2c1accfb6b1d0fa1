import { apiPaths } from '@portal/domain';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiRequest } from './api-client';

/**
 * GET /api/services → the services, each read with `schema`: the catalogue reads them whole, the admin filter and
 * the contact form only their ids and names (so that their chunks share no schema with the catalogue pages).
 */
export async function getServiceList<T>(
  schema: ZodType<{ services: T[] }>,
  signal?: AbortSignal,
): Promise<T[]> {
  const body = await apiRequest(apiPaths.catalogue.services, schema, { signal });
  return body.services;
}

/**
 * The query options of the service list read with the schema `loadSchema` gives, cached under `queryKey`; a loader,
 * so that a page can leave its schema out of its first load.
 */
export function serviceListQueryOptions<T>(
  queryKey: QueryKey,
  loadSchema: () => Promise<ZodType<{ services: T[] }>>,
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => getServiceList(await loadSchema(), signal),
  });
}
