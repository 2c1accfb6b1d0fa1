import { type Booking, longDate, nextConsultationTexts, paths } from '@portal/domain';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { QueryStates } from '../../../components/ui/query-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useNextBooking } from '../api/get-next-booking';
import { bookingTime, matchesFilter } from '../format';

const texts = {
  loading: nextConsultationTexts.loading,
  failed: nextConsultationTexts.failed,
  empty: nextConsultationTexts.none,
};

/**
 * The dashboard's next consultation (docs/product.md#pages): the soonest upcoming booking (pending or confirmed, not
 * started) with its date, time, service and status and a link to its page, or that there is none. My Bookings'
 * first booking is it when it is upcoming (the server lists upcoming ones first, soonest first).
 */
export function NextConsultation() {
  const next = useNextBooking();
  const [now] = useState(() => new Date());
  const upcoming = (booking: Booking | null): booking is Booking =>
    booking !== null && matchesFilter(booking, 'upcoming', now);
  return (
    <section
      aria-labelledby="next-consultation"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="next-consultation" className="text-xl font-semibold text-slate-900">
        {nextConsultationTexts.heading}
      </h2>
      <div className="mt-4">
        <QueryStates query={next} texts={texts} isEmpty={(booking) => !upcoming(booking)}>
          {(booking) =>
            upcoming(booking) && (
              <div
                className="flex flex-wrap items-center justify-between gap-4"
                data-testid="next-consultation"
              >
                <div className="flex min-w-0 gap-3">
                  <CalendarClock aria-hidden="true" className="mt-1 size-6 shrink-0 text-blue-800" />
                  <div className="min-w-0">
                    <p className="text-lg font-semibold text-slate-900">{longDate(booking.booking_date)}</p>
                    <p className="text-slate-700">{bookingTime(booking)}</p>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-900">
                      {booking.services.name} <StatusBadge status={booking.status} />
                    </p>
                  </div>
                </div>
                <Link
                  to={paths.booking(booking.id)}
                  className={`${buttonStyles.secondary} px-4 py-2 text-sm`}
                >
                  View Details
                </Link>
              </div>
            )
          }
        </QueryStates>
      </div>
    </section>
  );
}
