import { apiPaths, type DataRequestsResponse, dataRequestsResponseSchema } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/data-requests → the latest exports and erasures, newest first. */
export function getDataRequests(signal?: AbortSignal): Promise<DataRequestsResponse> {
  return apiRequest(apiPaths.admin.dataRequests, dataRequestsResponseSchema, { signal });
}

export function dataRequestsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.dataRequests,
    queryFn: ({ signal }) => getDataRequests(signal),
  });
}

export function useDataRequests() {
  return useQuery(dataRequestsQueryOptions());
}
