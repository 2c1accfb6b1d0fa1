import type { BookingStatus } from '@portal/domain';
import { statusLabels } from '@portal/domain';

const badgeLook: Record<BookingStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  completed: 'bg-blue-100 text-blue-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** A booking's status as a coloured pill, the same on My Bookings and the admin pages. */
export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ${badgeLook[status]}`}
      data-testid="status-badge"
    >
      {statusLabels[status]}
    </span>
  );
}
