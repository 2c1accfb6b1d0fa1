import { servicesResponseSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { serviceListQueryOptions } from '../../../lib/service-list';
import { contactKeys } from './query-keys';

/** GET /api/services → the offered services, which a message may be about. */
export function useContactServices() {
  return useQuery(serviceListQueryOptions(contactKeys.services, servicesResponseSchema));
}
