import { useParams } from 'react-router';
import { BookingDetail } from '../../features/bookings/components/booking-detail';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /booking/{id}: one of the signed-in user's bookings (the guard is in the router). */
export function BookingDetailRoute() {
  useDocumentTitle('Booking Details');
  const { id = '' } = useParams();
  return <BookingDetail key={id} id={id} />;
}
