import { type Booking, canClientCancel, paths } from '@portal/domain';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { StatusBadge } from '../../../components/ui/status-badge';
import { dollars, longDate } from '../../../lib/booking-format';
import { bookingTime, contactLabels, shortDateIn, urgencyLabels } from '../format';
import { BookingFacts } from './booking-facts';
import { NotSentMark } from './unsent-booking-card';

const small = 'px-4 py-2 text-sm';
const unavailable = 'disabled:cursor-not-allowed disabled:opacity-60';

/** One booking: the spec's fields and the actions its status allows. */
export function BookingCard({
  booking,
  onCancel,
  cancelNotSent = false,
}: {
  booking: Booking;
  onCancel: (booking: Booking) => void;
  /** Cancelled in this browser only: the server has not received the cancellation yet. */
  cancelNotSent?: boolean;
}) {
  const headingId = `booking-${booking.id}-heading`;
  const facts: [string, string][] = [
    ['Date', longDate(booking.booking_date)],
    ['Time', bookingTime(booking)],
    ['Cost', dollars(booking.total_cost)],
    ['Urgency', urgencyLabels[booking.urgency]],
    ['Confirmation Code', booking.confirmation_code],
    ['Contact Method', contactLabels[booking.preferred_contact]],
    ['Booked On', shortDateIn(booking.created_at, booking.time_zone)],
  ];
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {booking.services.name}
        </h2>
        <StatusBadge status={booking.status} />
      </div>
      {cancelNotSent && <NotSentMark what="This cancellation" />}
      <BookingFacts facts={facts} description={booking.project_description} />
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={paths.booking(booking.id)} className={`${buttonStyles.secondary} ${small}`}>
          View Details
        </Link>
        {booking.status === 'confirmed' && (
          <button
            type="button"
            disabled
            title="Rescheduling is coming soon"
            className={`${buttonStyles.secondary} ${small} ${unavailable}`}
          >
            Reschedule
          </button>
        )}
        {canClientCancel(booking.status) && (
          <button
            type="button"
            onClick={() => onCancel(booking)}
            className={`${buttonStyles.secondary} ${small} border-red-300 text-red-800 hover:bg-red-50`}
          >
            Cancel
          </button>
        )}
        {booking.status === 'completed' && (
          <button
            type="button"
            disabled
            title="Reviews are coming soon"
            className={`${buttonStyles.secondary} ${small} ${unavailable}`}
          >
            Leave Review
          </button>
        )}
      </div>
    </article>
  );
}
