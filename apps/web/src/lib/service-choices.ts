import { z } from 'zod';

/**
 * What a choice of service needs (the admin filter, the contact form): its id and name. Apart from service-list.ts,
 * which the catalogue pages load first, so that zod stays out of their first load.
 */
export const serviceChoicesSchema = z.object({
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
