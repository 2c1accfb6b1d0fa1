import { paths } from '@portal/domain';
import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { useAccountActions } from '../lib/account-state';
import { setUnauthorizedHandler } from '../lib/api-client';
import { AppProviders } from './app-providers';
import { AppRoutes } from './route-table';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <SignInAgainOn401 />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

/**
 * A 401 from the product's API forgets the session and every cached answer and goes to /login, which brings the
 * user back here after signing in again (docs/product.md#sessions-and-the-account-state).
 */
function SignInAgainOn401() {
  const { forget } = useAccountActions();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      forget();
      // Loaded by then but for a 401 to the account state's own profile read: other API requests go through it.
      void import('../lib/query-client').then(({ dropCachedAnswers }) => dropCachedAnswers());
      if (pathname === paths.login) return;
      void navigate(`${paths.login}?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
    });
    return () => setUnauthorizedHandler(undefined);
  }, [forget, navigate, pathname, search]);
  return null;
}
