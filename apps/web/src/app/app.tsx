import { paths } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { seedCatalogueFromPage } from '../features/catalogue/api/page-catalogue';
import { setUnauthorizedHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { clearAuth } from '../lib/use-session';
import { AppProviders } from './app-providers';
import { AppRoutes } from './route-table';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedCatalogueFromPage(client);
    return client;
  });

  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <SignInAgainOn401 queryClient={queryClient} />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

/**
 * A 401 from the product's API forgets the session and its data and goes to /login, which brings the user back
 * here after signing in again (docs/product.md#sessions-and-the-auth-state).
 */
function SignInAgainOn401({ queryClient }: { queryClient: QueryClient }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearAuth(queryClient);
      if (pathname === paths.login) return;
      void navigate(`${paths.login}?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
    });
    return () => setUnauthorizedHandler(undefined);
  }, [queryClient, navigate, pathname, search]);
  return null;
}
