import { bookingMessages } from '@portal/domain';
import { BookingWizard } from '../../features/bookings/components/booking-wizard';
import {
  ServicePage,
  type ServicePageText,
  ServiceRetired,
} from '../../features/catalogue/components/service-page';

const text: ServicePageText = {
  loading: 'Loading service...',
  failed: bookingMessages.serviceLoadFailed,
  title: (service) => `Book ${service?.name ?? 'a Consultation'}`,
};

/** /book/{serviceId} and /services/{id}/book: the booking wizard; a service that cannot be loaded sends back to /services. */
export function BookRoute() {
  return (
    <ServicePage text={text} unavailable="leave">
      {(service) =>
        service.active ? <BookingWizard service={service} /> : <ServiceRetired service={service} />
      }
    </ServicePage>
  );
}
