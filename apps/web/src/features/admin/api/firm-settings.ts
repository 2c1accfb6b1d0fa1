import {
  apiPaths,
  type FirmBilling,
  type FirmSettingsResponse,
  firmSettingsResponseSchema,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/settings → the firm's billing details. */
export async function getFirmSettings(signal?: AbortSignal): Promise<FirmSettingsResponse> {
  return apiRequest(apiPaths.admin.settings, firmSettingsResponseSchema, { signal });
}

function firmSettingsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.settings, queryFn: ({ signal }) => getFirmSettings(signal) });
}

export function useFirmSettings() {
  return useQuery(firmSettingsQueryOptions());
}

/** PUT /api/admin/settings; the answer replaces the cached settings. */
export function useSaveFirmBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (billing: FirmBilling) =>
      apiRequest(apiPaths.admin.settings, firmSettingsResponseSchema, { method: 'PUT', body: { billing } }),
    onSuccess: (answer) => queryClient.setQueryData(firmSettingsQueryOptions().queryKey, answer),
  });
}
