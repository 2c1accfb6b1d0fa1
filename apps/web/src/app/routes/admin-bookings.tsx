import { AdminBookings } from '../../features/admin/components/admin-bookings';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/bookings: every booking, filtered, paged and exportable; administrators only (the guard is in the router). */
export function AdminBookingsRoute() {
  useDocumentTitle('All Bookings');
  return <AdminBookings />;
}
