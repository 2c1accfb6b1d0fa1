import { messages, paths, serviceIdParamsSchema } from '@portal/domain';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useNotify } from '../../components/notifications/use-notify';
import { buttonStyles } from '../../components/ui/button-styles';
import { Spinner } from '../../components/ui/spinner';
import { useService } from '../../features/catalogue/api/get-service';
import { ServiceDetail } from '../../features/catalogue/components/service-detail';
import { ApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/use-document-title';

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

function LoadedService({ id }: { id: number }) {
  const service = useService(id);
  const { notify } = useNotify();
  const notifiedError = useRef<Error | null>(null);
  const missing = service.error instanceof ApiError && service.error.isNotFound;
  useDocumentTitle(service.data?.name ?? (missing ? 'Service Not Found' : 'Service'));

  // Spec §8: a failure other than a missing service raises the error notification, once per failure.
  useEffect(() => {
    if (!service.error || missing || notifiedError.current === service.error) return;
    notifiedError.current = service.error;
    notify({ type: 'error', title: 'Error', message: messages.serviceDetailsLoadFailed });
  }, [service.error, missing, notify]);

  if (service.isPending) return <Spinner label="Loading service details..." />;
  if (missing) return <ServiceNotFound />;
  if (service.isError) {
    return (
      <Problem
        title="Service Unavailable"
        text="We could not load this service right now. Please try again in a moment."
        retry={() => void service.refetch()}
      />
    );
  }
  return <ServiceDetail service={service.data} />;
}

export function ServiceDetailRoute() {
  const params = useParams();
  const parsed = serviceIdParamsSchema.safeParse(params);
  if (!parsed.success) return <ServiceNotFound />;
  return <LoadedService key={parsed.data.id} id={parsed.data.id} />;
}
