import {
  adminMessages,
  type Booking,
  type BookingStatus,
  bookingStatuses,
  isBookingStatus,
  statusLabels,
} from '@portal/domain';
import { useId } from 'react';
import { useNotify } from '../../../components/notifications/use-notify';
import { Select } from '../../../components/ui/select';
import { ApiError, refusalMessage } from '../../../lib/api-error';
import { useUpdateBookingStatus } from '../api/update-booking-status';

/**
 * The status dropdown of a booking: an administrator can set any of the four (docs/product.md#statuses). The
 * change is sent at once; 'Booking {status} successfully' or 'Failed to update booking' follows, with the
 * server's reason when it refused (for example a 409: reactivating would overlap an active booking).
 */
export function StatusSelect({ booking }: { booking: Booking }) {
  const id = useId();
  const update = useUpdateBookingStatus();
  const { notify } = useNotify();
  // While the change is on its way the dropdown shows the choice; afterwards the list's own status.
  const value = update.isPending ? update.variables.status : booking.status;

  function change(status: BookingStatus) {
    if (status === booking.status) return;
    update.mutate(
      { id: booking.id, status },
      {
        onSuccess: () =>
          notify({ type: 'success', title: 'Booking Updated', message: adminMessages.statusUpdated(status) }),
        onError: (error) => {
          // A 401 already sends the user to log in.
          if (error instanceof ApiError && error.status === 401) return;
          const reason = refusalMessage(error, undefined);
          notify({
            type: 'error',
            title: 'Update Failed',
            message: reason ? `${adminMessages.updateFailed}: ${reason}` : adminMessages.updateFailed,
          });
        },
      },
    );
  }

  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Status of booking {booking.confirmation_code}
      </label>
      <Select
        id={id}
        value={value}
        disabled={update.isPending}
        aria-busy={update.isPending || undefined}
        onChange={(event) => {
          if (isBookingStatus(event.target.value)) change(event.target.value);
        }}
        className="block w-full min-w-32 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:outline-2 focus:outline-offset-0 focus:outline-blue-700 disabled:bg-slate-100"
        options={bookingStatuses}
        labels={statusLabels}
      />
    </div>
  );
}
