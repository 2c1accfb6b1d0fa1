import { type Booking, consultantChangeTexts } from '@portal/domain';
import { useId, useState } from 'react';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, refusalMessage } from '../../../lib/api-error';
import { useChangeConsultant, useConsultantsOf } from '../api/change-consultant';

const apply =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:text-slate-500';

/**
 * An administrator moves the booking to another consultant of its service (docs/product.md#administration), in the
 * style of the status control: choosing sends nothing, Apply does. The choices are the service's active
 * consultants; the server judges whether the one chosen is free then (409) and tells the client and both of them.
 */
export function ChangeConsultant({ booking }: { booking: Booking }) {
  const id = useId();
  const { data: consultants } = useConsultantsOf(booking.service_id);
  const change = useChangeConsultant(booking.id);
  const { notify } = useNotify();
  const [choice, setChoice] = useState('');
  const others = (consultants ?? []).filter((consultant) => consultant.id !== booking.consultant.id);
  const source = `booking-consultant-${booking.id}`;

  function send() {
    const consultantId = Number(choice);
    if (!consultantId) return;
    change.mutate(consultantId, {
      onSuccess: (moved) => {
        setChoice('');
        notify({
          type: 'success',
          title: 'Consultant Changed',
          message: consultantChangeTexts.done(moved.consultant.name),
          source,
        });
      },
      onError: (error) => {
        // A 401 already sends the user to log in.
        if (error instanceof ApiError && error.status === 401) return;
        const reason = refusalMessage(error, undefined);
        notify({
          type: 'error',
          title: 'Change Failed',
          message: reason ? `${consultantChangeTexts.failed} ${reason}` : consultantChangeTexts.failed,
          source,
        });
      },
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {consultantChangeTexts.label}
      </label>
      <select
        id={id}
        value={choice}
        disabled={change.isPending || others.length === 0}
        aria-busy={change.isPending || undefined}
        aria-describedby={others.length === 0 && consultants ? `${id}-none` : undefined}
        onChange={(event) => setChoice(event.target.value)}
        className="block min-w-48 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:outline-2 focus:outline-offset-0 focus:outline-blue-700 disabled:bg-slate-100"
      >
        <option value="">{booking.consultant.name} (now)</option>
        {others.map((consultant) => (
          <option key={consultant.id} value={String(consultant.id)}>
            {consultant.title ? `${consultant.name}, ${consultant.title}` : consultant.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={apply}
        disabled={change.isPending || choice === ''}
        aria-label={`Apply the new consultant to booking ${booking.confirmation_code}`}
        onClick={send}
      >
        {change.isPending ? consultantChangeTexts.busy : consultantChangeTexts.apply}
      </button>
      {others.length === 0 && consultants && (
        <p id={`${id}-none`} className="w-full text-sm text-slate-700">
          {consultantChangeTexts.noOther}
        </p>
      )}
    </div>
  );
}
