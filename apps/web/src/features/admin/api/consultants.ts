import {
  type AdminConsultant,
  adminConsultantResponseSchema,
  adminConsultantsResponseSchema,
  apiPaths,
  timeOffCreatedResponseSchema,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/consultants → every consultant, retired ones too, by id. */
export async function getAdminConsultants(signal?: AbortSignal): Promise<AdminConsultant[]> {
  return (await apiRequest(apiPaths.consultants.admin, adminConsultantsResponseSchema, { signal }))
    .consultants;
}

export function useAdminConsultants() {
  return useQuery({ queryKey: adminKeys.consultants, queryFn: ({ signal }) => getAdminConsultants(signal) });
}

/** What the consultant form sends: POST without an id, PUT with one. */
export interface ConsultantRecord {
  name: string;
  email: string;
  title: string;
  bio: string;
  serviceIds: number[];
  active?: boolean;
}

export function useSaveConsultant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, record }: { id: number | undefined; record: ConsultantRecord }) =>
      apiRequest(
        id === undefined ? apiPaths.consultants.admin : apiPaths.consultants.adminConsultant(id),
        adminConsultantResponseSchema,
        { method: id === undefined ? 'POST' : 'PUT', body: record },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.consultants }),
  });
}

export function useAddTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...timeOff }: { id: number; startDate: string; endDate: string; reason: string }) =>
      apiRequest(apiPaths.consultants.timeOff(id), timeOffCreatedResponseSchema, {
        method: 'POST',
        body: timeOff,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.consultants }),
  });
}

export function useRemoveTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, timeOffId }: { id: number; timeOffId: number }) =>
      apiFetch(apiPaths.consultants.timeOffEntry(id, timeOffId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.consultants }),
  });
}
