import { paths } from '@portal/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { NotificationsProvider } from '../components/notifications/notifications-provider';
import { UnsentSender } from '../features/bookings/unsent-sender';
import { setUnauthorizedHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { clearAuth } from '../lib/use-session';
import { router } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);

  // Spec §8: a 401 from the product's API forgets the session and its data and goes to /login, which brings
  // the user back here after signing in again.
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
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>
        <RouterProvider router={router} />
        <UnsentSender />
      </NotificationsProvider>
    </QueryClientProvider>
  );
}
