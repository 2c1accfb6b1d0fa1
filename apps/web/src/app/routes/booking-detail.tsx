import { bookingMessages, paths } from '@portal/domain';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /booking/{id}: a placeholder until a booking has a page of its own (docs/product.md#my-bookings). */
export function BookingDetailRoute() {
  useDocumentTitle('Booking Details');
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Booking Details</h1>
      <p className="mt-4 text-lg text-slate-700">{bookingMessages.detailPlaceholder}</p>
      <Link to={paths.myBookings} className={`${buttonStyles.primary} mt-8`}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        Back to My Bookings
      </Link>
    </div>
  );
}
