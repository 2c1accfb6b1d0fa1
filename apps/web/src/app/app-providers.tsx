import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotificationsProvider } from '../components/notifications/notifications-provider';
import { UnsentSender } from '../features/bookings/unsent-sender';

/** What surrounds every page: the query cache, the notifications, and the sender of unsent bookings. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>
        {children}
        <UnsentSender />
      </NotificationsProvider>
    </QueryClientProvider>
  );
}
