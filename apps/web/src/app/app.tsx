import { paths } from '@portal/domain';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { seedCatalogueFromPage } from '../features/catalogue/api/page-catalogue';
import { setUnauthorizedHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { clearAuth } from '../lib/use-session';
import { AppProviders } from './app-providers';
import { router } from './router';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedCatalogueFromPage(client);
    return client;
  });

  // A 401 from the product's API forgets the session and its data and goes to /login, which brings the user back
  // here after signing in again (docs/product.md#sessions-and-the-auth-state).
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearAuth(queryClient);
      const { pathname, search } = router.state.location;
      if (pathname === paths.login) return;
      void router.navigate(`${paths.login}?redirect=${encodeURIComponent(pathname + search)}`, {
        replace: true,
      });
    });
    return () => setUnauthorizedHandler(undefined);
  }, [queryClient]);

  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
