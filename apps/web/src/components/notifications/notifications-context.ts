import { createContext } from 'react';

/** Notifications other than errors close after 5000 ms (docs/product.md#limits). */
export const NOTIFICATION_DURATION_MS = 5000;

const notificationTypes = ['info', 'success', 'error', 'warning'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** A button inside a notification (Undo): clicking it runs `onClick` and closes the notification. */
export interface NotificationAction {
  label: string;
  onClick: () => void;
}

/** A notification (docs/product.md#messages): id, type, title, message, autoClose, duration. */
export interface Notification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  autoClose: boolean;
  duration: number;
  /**
   * What the notification is about (for example one booking's status): a later notification with the same source
   * replaces it, so a success clears the error of the attempt before.
   */
  source?: string | undefined;
  action?: NotificationAction | undefined;
}

/** What a screen gives; errors default to staying until dismissed, the others to closing after 5000 ms. */
export type NotificationInput = Pick<Notification, 'type' | 'title' | 'message'> &
  Partial<Pick<Notification, 'autoClose' | 'duration' | 'source' | 'action'>>;

export interface NotificationsApi {
  /** Shows a notification and returns its id. */
  notify: (input: NotificationInput) => string;
  dismiss: (id: string) => void;
}

export const NotificationsContext = createContext<NotificationsApi | null>(null);
