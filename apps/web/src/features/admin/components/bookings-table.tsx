import type { AdminBooking, Booking, Service } from '@portal/domain';
import { dollars, duration, hourlyRate, paths, shortDate } from '@portal/domain';
import { Link } from 'react-router';
import { type Column, DataTable, tableCell } from '../../../components/ui/data-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { UnreadBadge } from '../../../components/ui/unread-badge';
import { adminListSearch } from '../api/filters';
import { useAdminServices } from '../api/get-admin-services';
import { bookedDay, bookingDay, bookingHours, clientName } from '../format';
import { StatusSelect } from './status-select';

/**
 * The service's rate and length today when they differ from the booking's snapshot (which the booking keeps:
 * docs/product.md#catalogue).
 */
function TodaysPrice({ booking, service }: { booking: Booking; service: Service | undefined }) {
  if (!service) return null;
  const rateMoved = service.hourly_rate !== booking.services.hourly_rate;
  const lengthMoved = service.duration !== booking.services.duration;
  if (!rateMoved && !lengthMoved) return null;
  const now = [
    rateMoved ? hourlyRate(service.hourly_rate) : null,
    lengthMoved ? duration(service.duration) : null,
  ];
  return (
    <span className="block whitespace-nowrap text-xs font-medium text-amber-800" data-testid="todays-price">
      {`now ${now.filter(Boolean).join(', ')}`}
    </span>
  );
}

const holdsLink = 'text-xs font-medium text-blue-700 underline hover:text-blue-900';

/** Where a pending booking was made from, with the lists of that address's and that client's pending holds. */
function HoldsOf({ booking }: { booking: AdminBooking }) {
  const holdsOf = (filter: { clientId: string } | { address: string }) =>
    `${paths.adminBookings}?${adminListSearch({ status: 'pending', ...filter })}`;
  return (
    <span className="mt-1 block text-xs text-slate-700">
      {booking.client_address !== null && (
        <>
          <span className="block break-all">From {booking.client_address}</span>
          <Link className={holdsLink} to={holdsOf({ address: booking.client_address })}>
            Holds From This Address
          </Link>
          {' · '}
        </>
      )}
      <Link className={holdsLink} to={holdsOf({ clientId: booking.user_id })}>
        This Client's Holds
      </Link>
    </span>
  );
}

const columns: readonly Column[] = [
  { name: 'Service' },
  { name: 'Client' },
  { name: 'Date & Time' },
  { name: 'Status' },
  { name: 'Change Status' },
];
/** The full list's columns: the booked day and the cost too. */
const detailedColumns: readonly Column[] = [
  ...columns.slice(0, 3),
  { name: 'Booked On' },
  { name: 'Cost', align: 'right' },
  ...columns.slice(3),
];

/**
 * Bookings as a table, each with its status dropdown and its confirmation code linking to the booking's page
 * (`/booking/{id}`, which an administrator may open for any booking). `detailed` adds the booked day and the cost (the full list);
 * on narrow screens the table scrolls sideways inside its own focusable region.
 */
export function BookingsTable({
  bookings,
  caption,
  detailed = false,
}: {
  /** Admin list bookings (with whose and where from) show, while pending, where they came from. */
  bookings: readonly (Booking | AdminBooking)[];
  caption: string;
  detailed?: boolean;
}) {
  const services = useAdminServices();
  const current = new Map((services.data ?? []).map((service) => [service.id, service]));
  return (
    <DataTable label={`${caption} table`} caption={caption} columns={detailed ? detailedColumns : columns}>
      {bookings.map((booking) => (
        <tr key={booking.id} data-testid="booking-row">
          <th scope="row" className={`${tableCell} text-left font-normal`}>
            <span className="block font-semibold text-slate-900">{booking.services.name}</span>
            <Link
              to={paths.booking(booking.id)}
              aria-label={`Open booking ${booking.confirmation_code}`}
              className="block font-medium text-blue-800 underline hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              {booking.confirmation_code}
            </Link>
            {booking.unread_messages ? (
              <span className="mt-1 block">
                <UnreadBadge count={booking.unread_messages} />
              </span>
            ) : null}
          </th>
          <td className={tableCell}>
            <span className="block text-slate-900">{clientName(booking)}</span>
            <span className="block break-all text-slate-700">{booking.user_profiles.email}</span>
            {detailed && 'user_id' in booking && booking.status === 'pending' && (
              <HoldsOf booking={booking} />
            )}
            {detailed && 'user_id' in booking && booking.status !== 'pending' && (
              <Link
                className={`${holdsLink} mt-1 block`}
                to={`${paths.adminBookings}?${adminListSearch({ status: 'all', clientId: booking.user_id })}`}
              >
                This Client's Bookings
              </Link>
            )}
          </td>
          <td className={`${tableCell} whitespace-nowrap`}>
            <span className="block text-slate-900">{shortDate(bookingDay(booking))}</span>
            <span className="block text-slate-700">{bookingHours(booking)}</span>
          </td>
          {detailed && (
            <>
              <td className={`${tableCell} whitespace-nowrap text-slate-900`}>
                {shortDate(bookedDay(booking))}
              </td>
              <td className={`${tableCell} text-right text-slate-900`}>
                <span className="block">{dollars(booking.total_cost)}</span>
                <span className="block whitespace-nowrap text-xs text-slate-700">
                  {`${hourlyRate(booking.services.hourly_rate)}, ${duration(booking.services.duration)}`}
                </span>
                <TodaysPrice booking={booking} service={current.get(booking.service_id)} />
              </td>
            </>
          )}
          <td className={tableCell}>
            <StatusBadge status={booking.status} />
          </td>
          <td className={tableCell}>
            <StatusSelect booking={booking} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
