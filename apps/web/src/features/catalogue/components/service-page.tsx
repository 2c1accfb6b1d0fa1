import { messages, pathId, paths, type Service, serviceMessages } from '@portal/domain';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useService } from '../api/get-service';

/** What a page about one service says while the service loads and when it cannot be loaded. */
export interface ServicePageText {
  loading: string;
  /** The error notification for a failure other than a missing service. */
  failed: string;
  /** The document title, from the service once it is known. */
  title: (service: Service | undefined) => string;
}

function Problem({ title, text, retry }: { title: string; text: string; retry?: () => void }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.services} className={buttonStyles.primary}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          Back to Services
        </Link>
        {retry && (
          <button type="button" onClick={retry} className={buttonStyles.secondary}>
            Try Again
          </button>
        )}
      </div>
    </div>
  );
}

function ServiceNotFound() {
  useDocumentTitle('Service Not Found');
  return (
    <Problem
      title="Service Not Found"
      text={`${messages.serviceNotFound}: it may have been retired, or the link may be mistyped.`}
    />
  );
}

/** The booking wizard of a retired service: it cannot be booked (the server refuses it too). */
export function ServiceRetired({ service }: { service: Service }) {
  return (
    <Problem
      title={service.name}
      text={`${serviceMessages.retiredNotice}. Its existing bookings are kept; please choose another service.`}
    />
  );
}

interface PageProps {
  text: ServicePageText;
  /** When the service cannot be loaded: offer to try again, or go back to the services. */
  unavailable: 'retry' | 'leave';
  children: (service: Service) => ReactNode;
}

function LoadedService({ id, text, unavailable, children }: PageProps & { id: number }) {
  const service = useService(id);
  const { notify } = useNotify();
  const notified = useRef<Error | null>(null);
  const missing = service.error instanceof ApiError && service.error.isNotFound;
  useDocumentTitle(missing ? 'Service Not Found' : text.title(service.data));

  // A failure other than a missing service raises the error notification, once per failure.
  useEffect(() => {
    if (!service.error || missing || notified.current === service.error) return;
    notified.current = service.error;
    notify({ type: 'error', title: 'Error', message: text.failed });
  }, [service.error, missing, notify, text.failed]);

  if (service.isPending) return <Spinner label={text.loading} />;
  if (missing) return <ServiceNotFound />;
  if (service.isError && unavailable === 'leave') return <Navigate to={paths.services} replace />;
  if (service.isError) {
    return (
      <Problem
        title="Service Unavailable"
        text="We could not load this service right now. Please try again in a moment."
        retry={() => void service.refetch()}
      />
    );
  }
  return children(service.data);
}

/**
 * A page about the service whose id is in the path (`:id`, or `:serviceId`): 'Service Not Found' for a missing
 * service or a malformed id, the error notification when it cannot be loaded, else `children` with the service.
 */
export function ServicePage(props: PageProps) {
  const params = useParams();
  const id = pathId(params.serviceId ?? params.id);
  if (id === null) return <ServiceNotFound />;
  return <LoadedService key={id} id={id} {...props} />;
}
