import type { ReactNode } from 'react';
import { NotificationsProvider } from '../components/notifications/notifications-provider';
import { UnsentSender } from '../features/bookings/unsent-sender';
import { AccountProvider } from '../lib/account-state';

/**
 * What surrounds every page: the account state, the notifications, and the sender of unsent bookings. The query cache
 * surrounds only the pages that read the API (route-table.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AccountProvider>
      <NotificationsProvider>
        {children}
        <UnsentSender />
      </NotificationsProvider>
    </AccountProvider>
  );
}
