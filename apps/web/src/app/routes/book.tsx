import { bookingMessages, messages, paths, serviceIdParamsSchema } from '@portal/domain';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useNotify } from '../../components/notifications/use-notify';
import { buttonStyles } from '../../components/ui/button-styles';
import { Spinner } from '../../components/ui/spinner';
import { BookingWizard } from '../../features/bookings/components/booking-wizard';
import { useService } from '../../features/catalogue/api/get-service';
import { ApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/use-document-title';

function ServiceNotFound() {
  useDocumentTitle('Service Not Found');
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Service Not Found</h1>
      <p className="mt-4 text-lg text-slate-700">
        {messages.serviceNotFound}: it may have been retired, or the link may be mistyped.
      </p>
      <Link to={paths.services} className={`${buttonStyles.primary} mt-8`}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        Back to Services
      </Link>
    </div>
  );
}

/**
 * A missing service (404) is the 'Service Not Found' screen, as on the detail page; any other failure to load it
 * is the spec's error toast and a redirect to /services.
 */
function BookService({ id }: { id: number }) {
  const service = useService(id);
  const { notify } = useNotify();
  const notified = useRef<Error | null>(null);
  const missing = service.error instanceof ApiError && service.error.isNotFound;
  useDocumentTitle(missing ? 'Service Not Found' : `Book ${service.data?.name ?? 'a Consultation'}`);

  useEffect(() => {
    if (!service.error || missing || notified.current === service.error) return;
    notified.current = service.error;
    notify({ type: 'error', title: 'Error', message: bookingMessages.serviceLoadFailed });
  }, [service.error, missing, notify]);

  if (service.isPending) return <Spinner label="Loading service..." />;
  if (missing) return <ServiceNotFound />;
  if (service.isError) return <Navigate to={paths.services} replace />;
  return <BookingWizard service={service.data} />;
}

/** /book/{serviceId} and /services/{id}/book. */
export function BookRoute() {
  const params = useParams();
  const parsed = serviceIdParamsSchema.safeParse({ id: params.serviceId ?? params.id });
  if (!parsed.success) return <ServiceNotFound />;
  return <BookService key={parsed.data.id} id={parsed.data.id} />;
}
