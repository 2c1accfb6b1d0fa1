import { type Booking, paths } from '@portal/domain';
import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';

/**
 * Book again: the wizard of the same service, for a booking that is over (cancelled — also expired — or
 * completed), where there is nothing left to change or put in a calendar.
 */
export function BookAgain({ booking }: { booking: Booking }) {
  return (
    <Link to={paths.book(booking.service_id)} className={`${buttonStyles.secondary} px-4 py-2 text-sm`}>
      <RotateCcw aria-hidden="true" className="size-4" />
      Book Again
    </Link>
  );
}
