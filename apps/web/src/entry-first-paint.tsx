// The first paint of a public page, rendered by the server into index.html's #root so that the page (and its
// largest element) shows before the app's script has arrived; the app then renders the same markup over it
// (docs/decisions/116). Built by `vite build --ssr` into dist-ssr/, which the server imports.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers';
import { routeTable } from './app/route-table';
import { seedCatalogue } from './features/catalogue/api/page-catalogue';
import { createQueryClient } from './lib/query-client';

const handler = createStaticHandler(routeTable);

/**
 * The markup of the page at `path` as a visitor sees it before the session is known, with the catalogue (the
 * `{ services }` body the page carries) already in the query cache. Empty when the path is no page.
 */
export async function renderFirstPaint(path: string, catalogueJson: string): Promise<string> {
  const context = await handler.query(new Request(new URL(path, 'http://portal.invalid')));
  if (context instanceof Response) return '';
  const queryClient = createQueryClient();
  seedCatalogue(queryClient, catalogueJson);
  const markup = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {/* No hydration data: it would be an inline script, which the CSP forbids; the app routes anew. */}
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </StrictMode>,
  );
  queryClient.clear();
  return markup;
}
