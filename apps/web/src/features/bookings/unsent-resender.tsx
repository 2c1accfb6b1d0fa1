import { bookingMessages } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useNotify } from '../../components/notifications/use-notify';
import { QueryCache } from '../../lib/query-client';
import { type ResendOutcome, refreshBookings, resendIntervalMs, resendUnsent } from './unsent-queue';

/**
 * Sends the bookings and cancellations `userId` kept in this browser again: at once, whenever the browser says
 * it is back `online`, and every 15 s while mounted (the app shell mounts it only while something waits). Each
 * answer refreshes My Bookings' list before its unsent card goes, then the user is told what the server said.
 */
export default function UnsentResender({ userId }: { userId: string }) {
  // Mounted by the app shell, outside the pages' query cache (docs/decisions/035).
  return (
    <QueryCache>
      <Resender userId={userId} />
    </QueryCache>
  );
}

function Resender({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { notify } = useNotify();

  const answered = useEffectEvent(async (outcome: ResendOutcome) => {
    await refreshBookings(queryClient);
    if (outcome.item.kind === 'create') {
      const service = outcome.item.service.name;
      if (outcome.result === 'refused') {
        notify({ type: 'error', title: `${service} booking not saved`, message: outcome.message });
      } else {
        notify({
          type: 'success',
          title: bookingMessages.requestSentTitle,
          message: `${bookingMessages.saved} ${bookingMessages.requestSentNext}`,
        });
      }
    } else if (outcome.result === 'refused') {
      notify({ type: 'error', title: 'Cancellation Failed', message: outcome.message });
    } else {
      notify({ type: 'success', title: 'Booking Cancelled', message: bookingMessages.cancelled });
    }
  });

  const send = useEffectEvent(() => {
    void resendUnsent(userId, answered);
  });

  useEffect(() => {
    send();
    const timer = window.setInterval(send, resendIntervalMs);
    window.addEventListener('online', send);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', send);
    };
  }, []);

  return null;
}
