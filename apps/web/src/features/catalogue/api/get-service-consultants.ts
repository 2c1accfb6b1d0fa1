import { apiPaths, type PublicConsultant } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { catalogueKeys } from '../../../lib/catalogue-keys';

/** GET /api/consultants?serviceId= → the active consultants who deliver the service, by name. */
export async function getServiceConsultants(
  serviceId: number,
  signal?: AbortSignal,
): Promise<PublicConsultant[]> {
  const { publicConsultantsResponseSchema } = await import('./schemas');
  const query = new URLSearchParams({ serviceId: String(serviceId) });
  const { consultants } = await apiRequest(
    `${apiPaths.consultants.public}?${query}`,
    publicConsultantsResponseSchema,
    { signal },
  );
  return consultants;
}

export function useServiceConsultants(serviceId: number) {
  return useQuery({
    queryKey: catalogueKeys.consultants(serviceId),
    queryFn: ({ signal }) => getServiceConsultants(serviceId, signal),
  });
}
