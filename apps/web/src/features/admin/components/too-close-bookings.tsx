import { paths } from '@portal/domain';
import { Link } from 'react-router';
import { FormMessage } from '../../../components/ui/form-message';
import { useBookingsTooClose } from '../api/get-bookings-too-close';
import { bookingLine } from './booking-lines';

/**
 * Pairs of active bookings closer together than the buffer (booked before it was raised): each keeps the time it
 * had, and the firm moves one of the two. Nothing while there are none.
 */
export function TooCloseBookings({ bufferMinutes }: { bufferMinutes: number }) {
  const pairs = useBookingsTooClose();
  if (pairs.isError) {
    return (
      <FormMessage type="error">
        Failed to load the bookings closer together than the buffer.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void pairs.refetch()}>
          Try Again
        </button>
      </FormMessage>
    );
  }
  if (!pairs.data || pairs.data.length === 0) return null;
  return (
    <section aria-labelledby="too-close-heading">
      <FormMessage type="info">
        <h3 id="too-close-heading" className="font-semibold">
          Bookings closer together than the buffer
        </h3>
        <p className="mt-1">
          {`Booked before the buffer became ${bufferMinutes} minutes, these keep the times they had. Move one of each pair to keep the buffer free.`}
        </p>
        <ul className="mt-2 space-y-2" data-testid="too-close">
          {pairs.data.map(({ earlier, later }) => (
            <li key={`${earlier.id}-${later.id}`} className="list-disc pl-1 ml-5">
              <span className="block">{bookingLine(earlier)}</span>
              <span className="block">{`then ${bookingLine(later)}`}</span>
            </li>
          ))}
        </ul>
        <Link to={paths.adminBookings} className="mt-2 inline-block font-semibold underline">
          Move or Cancel Them in All Bookings
        </Link>
      </FormMessage>
    </section>
  );
}
