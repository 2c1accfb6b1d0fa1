import { bookingMessages } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useNotify } from '../../components/notifications/use-notify';
import { bookingKeys } from './api/query-keys';
import { type ResendOutcome, resendIntervalMs, resendPending, usePendingItems } from './pending-queue';

/**
 * Sends the bookings and cancellations kept in the browser again: now, whenever the browser says it is back
 * `online`, and every 15 s while something waits. Tells the user what the server said and refreshes the list.
 */
export function usePendingSender(): void {
  const queryClient = useQueryClient();
  const { notify } = useNotify();
  const waiting = usePendingItems().length > 0;

  const report = useEffectEvent((outcomes: ResendOutcome[]) => {
    if (outcomes.length === 0) return;
    for (const outcome of outcomes) {
      if (outcome.item.kind === 'create') {
        const service = outcome.item.service.name;
        if (outcome.result === 'refused') {
          notify({ type: 'error', title: `${service} booking not saved`, message: outcome.message });
        } else {
          notify({ type: 'success', title: 'Booking Confirmed', message: bookingMessages.saved });
        }
      } else if (outcome.result === 'refused') {
        notify({ type: 'error', title: 'Cancellation Failed', message: outcome.message });
      } else {
        notify({ type: 'success', title: 'Booking Cancelled', message: bookingMessages.cancelled });
      }
    }
    void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  });

  const send = useEffectEvent(() => {
    void resendPending().then(report);
  });

  useEffect(() => {
    if (!waiting) return;
    send();
    const timer = window.setInterval(send, resendIntervalMs);
    window.addEventListener('online', send);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', send);
    };
  }, [waiting]);
}
