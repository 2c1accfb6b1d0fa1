import type { Booking } from '@portal/domain';
import { dollars, shortDate } from '@portal/domain';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { StatusBadge } from '../../../components/ui/status-badge';
import { bookedDay, bookingDay, bookingHours, clientName } from '../format';
import { StatusSelect } from './status-select';

const cell = 'px-4 py-3 align-top';
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
                  <td className={`${cell} text-right text-slate-900`}>{dollars(booking.total_cost)}</td>
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
