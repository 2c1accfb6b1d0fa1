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
 * Holds the notifications and shows them stacked at the top right, below the sticky header (at most 400px wide and
 * never wider than the screen), oldest first. Errors stay until dismissed; the others close after 5000 ms. A
 * notification with a `source` replaces the earlier ones of that source.
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
      source: input.source,
      action: input.action,
    };
    setNotifications((current) => [
      ...current.filter((earlier) => input.source === undefined || earlier.source !== input.source),
      notification,
    ]);
    return id;
  }, []);

  const api = useMemo<NotificationsApi>(() => ({ notify, dismiss }), [notify, dismiss]);

  return (
    <NotificationsContext value={api}>
      {children}
      <section
        aria-label="Notifications"
        className="pointer-events-none fixed top-20 right-4 z-50 flex w-[calc(100%-2rem)] max-w-[400px] flex-col gap-3"
      >
        {notifications.map((notification) => (
          <NotificationToast key={notification.id} notification={notification} onDismiss={dismiss} />
        ))}
      </section>
    </NotificationsContext>
  );
}
