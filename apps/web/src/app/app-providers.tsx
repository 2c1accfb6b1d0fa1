import type { ReactNode } from 'react';
import { NotificationsProvider } from '../components/notifications/notifications-provider';
import { UnsentSender } from '../features/bookings/unsent-sender';
import { AuthProvider } from '../lib/auth-state';

/**
 * What surrounds every page: the auth state, the notifications, and the sender of unsent bookings. The query cache
 * surrounds only the pages that read the API (route-table.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <NotificationsProvider>
        {children}
        <UnsentSender />
      </NotificationsProvider>
    </AuthProvider>
  );
}
