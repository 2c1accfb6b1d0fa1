import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { serviceListQueryOptions } from '../../../lib/service-list';
import { adminKeys } from './query-keys';

/** What the service filter needs of a service: its id and name. */
const serviceChoicesSchema = z.object({
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** GET /api/services → the services the admin list can be filtered by. */
export function serviceChoicesQueryOptions() {
  return serviceListQueryOptions(adminKeys.services, async () => serviceChoicesSchema);
}

export function useServiceChoices() {
  return useQuery(serviceChoicesQueryOptions());
}
