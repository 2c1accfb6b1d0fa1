import { catalogueDataId, type ServicesResponse } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { catalogueKeys } from './catalogue-keys';

/**
 * Puts a `{ services }` body of GET /api/services into the query cache: the services list, a service's detail and
 * the booking wizard's first step then render at once, without a spinner (docs/decisions/037). Anything else than
 * such a body is ignored: the pages ask the API.
 */
export function seedCatalogue(queryClient: QueryClient, text: string | null | undefined): void {
  if (!text) return;
  try {
    // The server checked these bytes against the domain's schema when it built them; checking them again here
    // would put zod into the first load (docs/decisions/035).
    const body = JSON.parse(text) as ServicesResponse;
    if (Array.isArray(body.services)) queryClient.setQueryData(catalogueKeys.all, body.services);
  } catch {
    // Not JSON: ignored, the pages ask the API.
  }
}

/**
 * Seeds the cache, before the first render, with the catalogue the server embedded in the page as a JSON data
 * block. Without the block (the dev server) the pages load the catalogue as before.
 */
export function seedCatalogueFromPage(queryClient: QueryClient): void {
  seedCatalogue(queryClient, document.getElementById(catalogueDataId)?.textContent);
}
