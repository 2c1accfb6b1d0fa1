import { apiPaths, type PublicConsultant, publicConsultantsResponseSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { catalogueKeys } from '../../../lib/catalogue-keys';

/**
 * GET /api/consultants?serviceId= → the active consultants who deliver the service: whom the wizard offers. Under the
 * catalogue's key (the same answer the service page reads), so the admin pages' refresh of the catalogue reaches it.
 */
async function getConsultants(serviceId: number, signal?: AbortSignal): Promise<PublicConsultant[]> {
  const query = new URLSearchParams({ serviceId: String(serviceId) });
  const answer = await apiRequest(
    `${apiPaths.consultants.public}?${query}`,
    publicConsultantsResponseSchema,
    {
      signal,
    },
  );
  return answer.consultants;
}

export function useConsultantsOf(serviceId: number) {
  return useQuery({
    queryKey: catalogueKeys.consultants(serviceId),
    queryFn: ({ signal }) => getConsultants(serviceId, signal),
  });
}
