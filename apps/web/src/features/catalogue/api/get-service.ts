import { apiPaths, type Service } from '@portal/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { catalogueKeys } from '../../../lib/catalogue-keys';

/** GET /api/services/{id} → the service, or ApiError 404 when there is none. */
export async function getService(id: number, signal?: AbortSignal): Promise<Service> {
  const { serviceResponseSchema } = await import('./schemas');
  const body = await apiRequest(apiPaths.catalogue.service(id), serviceResponseSchema, { signal });
  return body.service;
}

export function serviceQueryOptions(id: number) {
  return queryOptions({
    queryKey: catalogueKeys.detail(id),
    queryFn: ({ signal }) => getService(id, signal),
  });
}

/** The service; starts from the list's copy when the list is already loaded, so no spinner after the list. */
export function useService(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    ...serviceQueryOptions(id),
    initialData: () =>
      queryClient.getQueryData<Service[]>(catalogueKeys.all)?.find((service) => service.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(catalogueKeys.all)?.dataUpdatedAt,
  });
}
