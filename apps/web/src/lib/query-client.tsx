import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { shouldRetryRead } from './api-error';
import { seedCatalogueFromPage } from './page-catalogue';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetryRead, refetchOnWindowFocus: false },
    },
  });
}

let tabClient: QueryClient | undefined;

/** The query cache of this browser tab, made when first needed, with the catalogue the page carries in it. */
function tabQueryClient(): QueryClient {
  if (!tabClient) {
    tabClient = createQueryClient();
    seedCatalogueFromPage(tabClient);
  }
  return tabClient;
}

/**
 * Gives `children` the query cache: the one given above (a test's, the server's first paint's), else the browser
 * tab's. Only the parts of the app that read the API sit below one, so that the query library stays out of the
 * home page's first load (docs/decisions/035).
 */
export function QueryCache({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  if (given) return children;
  return <QueryClientProvider client={tabQueryClient()}>{children}</QueryClientProvider>;
}

/** Drops every answer the tab holds: they belonged to whoever was signed in (a 401). */
export function dropCachedAnswers(): void {
  if (!tabClient) return;
  void tabClient.cancelQueries();
  tabClient.removeQueries();
}
