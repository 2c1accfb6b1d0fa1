import { messages } from '@portal/domain';
import { Spinner } from '../../components/ui/spinner';
import { useServices } from '../../features/catalogue/api/get-services';
import { ServiceCard } from '../../features/catalogue/components/service-card';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ServicesRoute() {
  useDocumentTitle('Services');
  const services = useServices();

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Our Services</h1>
        <p className="mt-4 text-lg text-slate-700">
          Expert help with the technology your business runs on. Pick a service to see what a consultation
          covers, then book a session with one of our consultants.
        </p>
      </div>
      {services.isPending ? (
        <Spinner label={messages.loadingServices} />
      ) : services.isError ? (
        <p className="mt-10 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          {messages.servicesLoadFailed}
        </p>
      ) : (
        <div className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {services.data.map((service) => (
            <ServiceCard key={service.id} service={service} />
          ))}
        </div>
      )}
    </div>
  );
}
