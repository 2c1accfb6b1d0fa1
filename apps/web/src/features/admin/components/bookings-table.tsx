import type { Booking, Service } from '@portal/domain';
import { dollars, hourlyRate, shortDate } from '@portal/domain';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useAdminServices } from '../api/get-admin-services';
import { bookedDay, bookingDay, bookingHours, clientName } from '../format';
import { StatusSelect } from './status-select';

const cell = 'px-4 py-3 align-top';

/**
 * The service's rate and length today when they differ from the booking's snapshot (which the booking keeps:
 * docs/decisions/177).
 */
function TodaysPrice({ booking, service }: { booking: Booking; service: Service | undefined }) {
  if (!service) return null;
  const rateMoved = service.hourly_rate !== booking.services.hourly_rate;
  const lengthMoved = service.duration !== booking.services.duration;
  if (!rateMoved && !lengthMoved) return null;
  const now = [
    rateMoved ? hourlyRate(service.hourly_rate) : null,
    lengthMoved ? `${service.duration} min` : null,
  ];
  return (
    <span className="block whitespace-nowrap text-xs font-medium text-amber-800" data-testid="todays-price">
      {`now ${now.filter(Boolean).join(', ')}`}
    </span>
  );
}
const head = 'px-4 py-3 text-left text-sm font-semibold text-slate-800';

/**
 * Bookings as a table, each with its status dropdown. `detailed` adds the booked day and the cost (the full list);
 * on narrow screens the table scrolls sideways inside its own focusable region.
 */
export function BookingsTable({
  bookings,
  caption,
  detailed = false,
}: {
  bookings: readonly Booking[];
  caption: string;
  detailed?: boolean;
}) {
  const services = useAdminServices();
  const current = new Map((services.data ?? []).map((service) => [service.id, service]));
  return (
    <ScrollRegion label={`${caption} table`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={head}>
              Service
            </th>
            <th scope="col" className={head}>
              Client
            </th>
            <th scope="col" className={head}>
              Date &amp; Time
            </th>
            {detailed && (
              <>
                <th scope="col" className={head}>
                  Booked On
                </th>
                <th scope="col" className={`${head} text-right`}>
                  Cost
                </th>
              </>
            )}
            <th scope="col" className={head}>
              Status
            </th>
            <th scope="col" className={head}>
              Change Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {bookings.map((booking) => (
            <tr key={booking.id} data-testid="booking-row">
              <th scope="row" className={`${cell} text-left font-normal`}>
                <span className="block font-semibold text-slate-900">{booking.services.name}</span>
                <span className="block text-slate-700">{booking.confirmation_code}</span>
              </th>
              <td className={cell}>
                <span className="block text-slate-900">{clientName(booking)}</span>
                <span className="block break-all text-slate-700">{booking.user_profiles.email}</span>
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <span className="block text-slate-900">{shortDate(bookingDay(booking))}</span>
                <span className="block text-slate-700">{bookingHours(booking)}</span>
              </td>
              {detailed && (
                <>
                  <td className={`${cell} whitespace-nowrap text-slate-900`}>
                    {shortDate(bookedDay(booking))}
                  </td>
                  <td className={`${cell} text-right text-slate-900`}>
                    <span className="block">{dollars(booking.total_cost)}</span>
                    <span className="block whitespace-nowrap text-xs text-slate-700">
                      {`${hourlyRate(booking.services.hourly_rate)}, ${booking.services.duration} min`}
                    </span>
                    <TodaysPrice booking={booking} service={current.get(booking.service_id)} />
                  </td>
                </>
              )}
              <td className={cell}>
                <StatusBadge status={booking.status} />
              </td>
              <td className={cell}>
                <StatusSelect booking={booking} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
