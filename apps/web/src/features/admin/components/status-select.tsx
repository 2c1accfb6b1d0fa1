import {
  adminMessages,
  type Booking,
  type BookingStatus,
  bookingStatuses,
  isBookingStatus,
  statusLabels,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNotify } from '../../../components/notifications/use-notify';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { Select } from '../../../components/ui/select';
import { ApiError, refusalMessage } from '../../../lib/api-error';
import { adminKeys } from '../api/query-keys';
import { updateBookingStatus, useUpdateBookingStatus } from '../api/update-booking-status';

const danger =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-3 text-base font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-70';
const apply =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:text-slate-500';

/** The statuses that ask first: they end the booking's life and the client is e-mailed. */
type Final = 'cancelled' | 'completed';
const isFinal = (status: BookingStatus): status is Final => status === 'cancelled' || status === 'completed';

/**
 * The status dropdown of a booking: an administrator can set any of the four (docs/product.md#statuses). Choosing
 * sends nothing; Apply does, after a confirmation for Cancelled and Completed. Then 'Booking {status} successfully'
 * with Undo (which sets the previous status back through the same request: an administrator may set any status),
 * or 'Failed to update booking' with the server's reason when it refused (a 409: reactivating would overlap an
 * active booking). Each booking's notices replace its earlier ones, so a success clears the error before it.
 */
export function StatusSelect({ booking }: { booking: Booking }) {
  const id = useId();
  const update = useUpdateBookingStatus();
  const queryClient = useQueryClient();
  const { notify } = useNotify();
  const [choice, setChoice] = useState<BookingStatus>(booking.status);
  const [asking, setAsking] = useState<Final | null>(null);
  // When the list brings another status (a refetch, an undo), the dropdown follows it.
  const [listed, setListed] = useState<BookingStatus>(booking.status);
  if (listed !== booking.status) {
    setListed(booking.status);
    setChoice(booking.status);
  }
  const source = `booking-status-${booking.id}`;
  // While a change is on its way the dropdown shows it; a choice not yet applied stays until applied or changed.
  const value = update.isPending ? update.variables.status : choice;

  function refused(error: unknown) {
    // A 401 already sends the user to log in.
    if (error instanceof ApiError && error.status === 401) return;
    const reason = refusalMessage(error, undefined);
    notify({
      type: 'error',
      title: 'Update Failed',
      message: reason ? `${adminMessages.updateFailed}: ${reason}` : adminMessages.updateFailed,
      source,
    });
  }

  /**
   * Sets the status before back. Not through this row's mutation: the row may have left the list meanwhile (a list
   * filtered by status), and the undo must still be sent, told and the lists refreshed.
   */
  function undo(previous: BookingStatus) {
    updateBookingStatus({ id: booking.id, status: previous })
      .then(
        () =>
          notify({
            type: 'success',
            title: 'Booking Updated',
            message: adminMessages.statusUndone(previous),
            source,
          }),
        refused,
      )
      .finally(() => void queryClient.invalidateQueries({ queryKey: adminKeys.all }));
  }

  function send(status: BookingStatus, previous: BookingStatus) {
    update.mutate(
      { id: booking.id, status },
      {
        onSuccess: () => {
          setAsking(null);
          notify({
            type: 'success',
            title: 'Booking Updated',
            message: adminMessages.statusUpdated(status),
            source,
            action: { label: adminMessages.statusUndo, onClick: () => undo(previous) },
          });
        },
        onError: (error) => {
          setAsking(null);
          setChoice(booking.status);
          refused(error);
        },
      },
    );
  }

  function applyChoice() {
    if (choice === booking.status) return;
    if (isFinal(choice)) setAsking(choice);
    else send(choice, booking.status);
  }

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Status of booking {booking.confirmation_code}
      </label>
      <Select
        id={id}
        value={value}
        disabled={update.isPending}
        aria-busy={update.isPending || undefined}
        onChange={(event) => {
          if (isBookingStatus(event.target.value)) setChoice(event.target.value);
        }}
        className="block w-full min-w-32 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:outline-2 focus:outline-offset-0 focus:outline-blue-700 disabled:bg-slate-100"
        options={bookingStatuses}
        labels={statusLabels}
      />
      <button
        type="button"
        className={apply}
        disabled={update.isPending || choice === booking.status}
        aria-label={`Apply the new status to booking ${booking.confirmation_code}`}
        onClick={applyChoice}
      >
        {adminMessages.statusApply}
      </button>
      {asking && (
        <ModalDialog
          title={adminMessages.statusConfirmTitle(asking)}
          busy={update.isPending}
          onClose={() => setAsking(null)}
          describedBy={`${id}-confirm`}
        >
          <p id={`${id}-confirm`} className="mt-3 text-slate-700">
            {adminMessages.statusConfirmText(booking.confirmation_code, asking)}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => setAsking(null)}
              disabled={update.isPending}
            >
              {adminMessages.statusConfirmKeep}
            </button>
            <BusyButton
              className={danger}
              onClick={() => send(asking, booking.status)}
              busy={update.isPending}
              busyLabel={adminMessages.statusApplyBusy}
            >
              {adminMessages.statusConfirm(asking)}
            </BusyButton>
          </div>
        </ModalDialog>
      )}
    </div>
  );
}
