import { apiPaths, type Service, type ServiceBody, serviceResponseSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { catalogueKeys } from '../../../lib/catalogue-keys';
import { adminKeys } from './query-keys';

export interface ServiceSave {
  /** The service edited; none for a new one. */
  id?: number;
  record: ServiceBody;
}

/** POST /api/admin/services or PUT /api/admin/services/{id} with the whole record. Throws `ApiError` (400, 409). */
export async function saveService({ id, record }: ServiceSave): Promise<Service> {
  const path = id === undefined ? apiPaths.catalogue.adminServices : apiPaths.catalogue.adminService(id);
  const answer = await apiRequest(path, serviceResponseSchema, {
    method: id === undefined ? 'POST' : 'PUT',
    body: record,
  });
  return answer.service;
}

/**
 * Saves a service, then refreshes every admin read (the catalogue, its history, the rates beside bookings) and the
 * public catalogue, which the page seeded when it loaded.
 */
export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveService,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
