// Browser-mode tests render a memory router inside the app's providers, as the app does.
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { render } from 'vitest-browser-react';
import { NotificationsProvider } from '../components/notifications/notifications-provider';
import { AccountProvider } from '../lib/account-state';
import { createQueryClient } from '../lib/query-client';

type Router = Parameters<typeof RouterProvider>[0]['router'];

export function renderRouter<R extends Router>(router: R): R {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AccountProvider>
        <NotificationsProvider>
          <RouterProvider router={router} />
        </NotificationsProvider>
      </AccountProvider>
    </QueryClientProvider>,
  );
  return router;
}
