import { type Booking, bookingMessages, longDate } from '@portal/domain';
import { useId } from 'react';
import { useNotify } from '../../../components/notifications/use-notify';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { ApiError, refusalMessage } from '../../../lib/api-error';
import { useCancelBooking } from '../api/cancel-booking';
import { bookingTime } from '../format';
import { addUnsent, isUnreachable } from '../unsent-queue';

const danger =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-3 text-base font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-70';

/**
 * Asks before cancelling: 'Keep Booking' (also Escape) or 'Cancel Booking', which cancels and says how it went.
 * Without an answer from the server the booking is cancelled in this browser for now and sent again later. A
 * modal <dialog>, so focus stays in it.
 */
export function CancelDialog({
  booking,
  userId,
  onClose,
}: {
  booking: Booking;
  /** Whose browser queue keeps the cancellation when the server cannot be reached. */
  userId: string | undefined;
  onClose: () => void;
}) {
  const id = useId();
  const cancel = useCancelBooking();
  const { notify } = useNotify();

  function confirm() {
    cancel.mutate(booking.id, {
      onSuccess: () => {
        onClose();
        notify({ type: 'success', title: 'Booking Cancelled', message: bookingMessages.cancelled });
      },
      onError: (error) => {
        onClose();
        if (error instanceof ApiError && error.status === 401) return;
        if (
          isUnreachable(error) &&
          userId !== undefined &&
          addUnsent(userId, { kind: 'cancel', bookingId: booking.id, savedAt: new Date().toISOString() })
        ) {
          notify({ type: 'warning', title: 'Cancelled Locally', message: bookingMessages.cancelledLocally });
          return;
        }
        const reason = refusalMessage(error, bookingMessages.cancelFailed);
        notify({ type: 'error', title: 'Cancellation Failed', message: reason });
      },
    });
  }

  const busy = cancel.isPending;
  return (
    <ModalDialog title="Cancel Booking?" busy={busy} onClose={onClose} describedBy={`${id}-text`}>
      <p id={`${id}-text`} className="mt-3 text-slate-700">
        Your {booking.services.name} consultation on {longDate(booking.booking_date)}
        {` at ${bookingTime(booking)}`} ({booking.confirmation_code}) will be cancelled and its time slot
        released. This cannot be undone.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={busy}>
          Keep Booking
        </button>
        <BusyButton className={danger} onClick={confirm} busy={busy} busyLabel="Cancelling...">
          Cancel Booking
        </BusyButton>
      </div>
    </ModalDialog>
  );
}
