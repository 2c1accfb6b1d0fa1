import { paths } from '@portal/domain';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Placeholder until booking arrives (a later issue): the top bar links here, so it is a page, not a 404. */
export function MyBookingsRoute() {
  useDocumentTitle('My Bookings');
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Bookings</h1>
      <p className="mt-4 text-lg text-slate-700">
        Online booking is coming soon: your consultations will be listed here once you can book them.
      </p>
      <Link to={paths.services} className={`${buttonStyles.primary} mt-8`}>
        Browse Services
      </Link>
    </div>
  );
}
