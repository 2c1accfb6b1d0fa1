import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { NotificationToast } from './notification-toast';
import {
  NOTIFICATION_DURATION_MS,
  type Notification,
  type NotificationInput,
  type NotificationsApi,
  NotificationsContext,
} from './notifications-context';

/**
 * Holds the notifications and shows them stacked at the top right (at most 400px wide), oldest first.
 * Errors stay until dismissed; the others close after 5000 ms.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<Notification[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: string) => {
    setNotifications((current) => current.filter((notification) => notification.id !== id));
  }, []);

  const notify = useCallback((input: NotificationInput) => {
    nextId.current += 1;
    const id = `notification-${nextId.current}`;
    const notification: Notification = {
      id,
      type: input.type,
      title: input.title,
      message: input.message,
      autoClose: input.autoClose ?? input.type !== 'error',
      duration: input.duration ?? NOTIFICATION_DURATION_MS,
    };
    setNotifications((current) => [...current, notification]);
    return id;
  }, []);

  const api = useMemo<NotificationsApi>(() => ({ notify, dismiss }), [notify, dismiss]);

  return (
    <NotificationsContext value={api}>
      {children}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed top-4 right-4 z-50 flex w-[calc(100%-2rem)] max-w-[400px] flex-col gap-3"
      >
        {notifications.map((notification) => (
          <NotificationToast key={notification.id} notification={notification} onDismiss={dismiss} />
        ))}
      </section>
    </NotificationsContext>
  );
}
