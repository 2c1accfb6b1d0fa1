import { useQuery } from '@tanstack/react-query';
import { serviceChoicesSchema } from '../../../lib/service-choices';
import { serviceListQueryOptions } from '../../../lib/service-list';
import { contactKeys } from './query-keys';

/** GET /api/services → the offered services, which a message may be about. */
export function useContactServices() {
  return useQuery(serviceListQueryOptions(contactKeys.services, async () => serviceChoicesSchema));
}
