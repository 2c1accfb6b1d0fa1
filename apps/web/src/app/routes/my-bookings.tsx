import { MyBookings } from '../../features/bookings/components/my-bookings';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /my-bookings: the signed-in user's bookings (the guard is in the router). */
export function MyBookingsRoute() {
  useDocumentTitle('My Bookings');
  return <MyBookings />;
}
