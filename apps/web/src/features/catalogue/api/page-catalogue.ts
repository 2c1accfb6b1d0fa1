import { catalogueDataId, type ServicesResponse } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { catalogueKeys } from '../../../lib/catalogue-keys';

/**
 * Puts the catalogue the server embedded in the page (the `{ services }` body of GET /api/services, as a JSON data
 * block) into the query cache before the first render: the services list, a service's detail and the booking
 * wizard's first step then render at once on the first load, without a spinner (docs/decisions/111). Without the
 * block (the dev server) or with a broken one, the pages load the catalogue as before.
 */
export function seedCatalogueFromPage(queryClient: QueryClient): void {
  const text = document.getElementById(catalogueDataId)?.textContent;
  if (!text) return;
  try {
    // The server checked these bytes against the domain's schema when it built them; checking them again here
    // would put zod into the first load (docs/decisions/046).
    const body = JSON.parse(text) as ServicesResponse;
    if (Array.isArray(body.services)) queryClient.setQueryData(catalogueKeys.all, body.services);
  } catch {
    // Not JSON: ignored, the pages ask the API.
  }
}
