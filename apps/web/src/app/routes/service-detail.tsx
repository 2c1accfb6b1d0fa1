import { messages } from '@portal/domain';
import { ServiceDetail } from '../../features/catalogue/components/service-detail';
import { ServicePage, type ServicePageText } from '../../features/catalogue/components/service-page';

const text: ServicePageText = {
  loading: 'Loading service details...',
  failed: messages.serviceDetailsLoadFailed,
  title: (service) => service?.name ?? 'Service',
};

/** /services/{id}: a service's details; when it cannot be loaded, the user may try again. */
export function ServiceDetailRoute() {
  return (
    <ServicePage text={text} unavailable="retry">
      {(service) => <ServiceDetail service={service} />}
    </ServicePage>
  );
}
