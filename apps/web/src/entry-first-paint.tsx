// The first paint of a public page, rendered by the server into index.html's #root so that the page (and its
// largest element) shows before the app's script has arrived; the app then renders the same markup over it
// (docs/decisions/037). Built by `vite build --ssr` into dist-ssr/, which the server imports.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/app-providers';
import { AppRoutes } from './app/route-table';
import { seedCatalogue } from './lib/page-catalogue';
import { createQueryClient } from './lib/query-client';

/**
 * The markup of the page at `path` as a visitor sees it before the session is known, with the catalogue (the
 * `{ services }` body the page carries) already in the query cache. Rendered once the page's lazily loaded code
 * has resolved (`prerender` waits for it, where `renderToString` would draw nothing).
 */
export async function renderFirstPaint(path: string, catalogueJson: string): Promise<string> {
  const queryClient = createQueryClient();
  seedCatalogue(queryClient, catalogueJson);
  const { prelude } = await prerender(
    <StrictMode>
      {/* A cache of the page's own, which the pages' query cache takes instead of the browser tab's. */}
      <QueryClientProvider client={queryClient}>
        <AppProviders>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </QueryClientProvider>
    </StrictMode>,
  );
  queryClient.clear();
  return new Response(prelude).text();
}
