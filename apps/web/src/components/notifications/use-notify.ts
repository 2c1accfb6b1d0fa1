import { useContext } from 'react';
import { type NotificationsApi, NotificationsContext } from './notifications-context';

/** `const { notify } = useNotify(); notify({ type: 'error', title: 'Error', message: '…' })`. */
export function useNotify(): NotificationsApi {
  const api = useContext(NotificationsContext);
  if (!api) throw new Error('useNotify must be used inside <NotificationsProvider>');
  return api;
}
