import type { Booking } from '@portal/domain';
import { useEffect, useId, useRef } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { longDate } from '../../../lib/booking-format';

const danger =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-3 text-base font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-70';

/** Asks before cancelling: 'Keep Booking' (also Escape) or 'Cancel Booking'. A modal <dialog>, so focus stays in it. */
export function CancelDialog({
  booking,
  busy,
  onKeep,
  onCancel,
}: {
  booking: Booking;
  busy: boolean;
  onKeep: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const slot = booking.time_slots[0];
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onKeep();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        Cancel Booking?
      </h2>
      <p id={`${id}-text`} className="mt-3 text-slate-700">
        Your {booking.services.name} consultation on {longDate(booking.booking_date)}
        {slot ? ` at ${slot.start_time}` : ''} ({booking.confirmation_code}) will be cancelled and its time
        slot released. This cannot be undone.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={onKeep} disabled={busy}>
          Keep Booking
        </button>
        <button
          type="button"
          className={danger}
          onClick={onCancel}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Cancelling...' : 'Cancel Booking'}
        </button>
      </div>
    </dialog>
  );
}
