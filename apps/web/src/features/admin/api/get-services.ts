import { useQuery } from '@tanstack/react-query';
import { serviceChoicesSchema } from '../../../lib/service-choices';
import { serviceListQueryOptions } from '../../../lib/service-list';
import { adminKeys } from './query-keys';

/** GET /api/services → the services the admin list can be filtered by. */
export function serviceChoicesQueryOptions() {
  return serviceListQueryOptions(adminKeys.services, async () => serviceChoicesSchema);
}

export function useServiceChoices() {
  return useQuery(serviceChoicesQueryOptions());
}
