import { adminMessages, type CancelPendingBody } from '@portal/domain';
import { useId } from 'react';
import { useNotify } from '../../../components/notifications/use-notify';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { ApiError, refusalMessage } from '../../../lib/api-error';
import { useCancelPending } from '../api/cancel-pending';

const danger =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-3 text-base font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-70';

/**
 * Asks before cancelling every pending booking of one client or one address: 'Keep Them' (also Escape) or
 * 'Cancel Pending Holds', which cancels them and says how many went. A modal <dialog>, so focus stays in it.
 */
export function CancelPendingDialog({
  holder,
  count,
  onClose,
}: {
  holder: CancelPendingBody;
  /** How many pending bookings the list shows for the holder: what the administrator agrees to. */
  count: number;
  onClose: () => void;
}) {
  const id = useId();
  const cancel = useCancelPending();
  const { notify } = useNotify();

  function confirm() {
    cancel.mutate(holder, {
      onSuccess: (cancelled) => {
        onClose();
        notify({
          type: 'success',
          title: 'Holds Cancelled',
          message: adminMessages.cancelPendingDone(cancelled),
        });
      },
      onError: (error) => {
        onClose();
        if (error instanceof ApiError && error.status === 401) return;
        const reason = refusalMessage(error, undefined);
        notify({
          type: 'error',
          title: 'Cancellation Failed',
          message: reason
            ? `${adminMessages.cancelPendingFailed}: ${reason}`
            : adminMessages.cancelPendingFailed,
        });
      },
    });
  }

  const busy = cancel.isPending;
  return (
    <ModalDialog
      title={adminMessages.cancelPendingTitle}
      busy={busy}
      onClose={onClose}
      describedBy={`${id}-text`}
    >
      <p id={`${id}-text`} className="mt-3 text-slate-700">
        {adminMessages.cancelPendingWarning(count)}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={busy}>
          {adminMessages.cancelPendingKeep}
        </button>
        <BusyButton
          className={danger}
          onClick={confirm}
          busy={busy}
          busyLabel={adminMessages.cancelPendingBusy}
        >
          {adminMessages.cancelPendingConfirm}
        </BusyButton>
      </div>
    </ModalDialog>
  );
}
