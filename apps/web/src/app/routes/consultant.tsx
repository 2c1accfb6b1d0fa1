import { consultantScheduleTexts } from '@portal/domain';
import { ConsultantSchedule } from '../../features/bookings/components/consultant-schedule';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /consultant: a consultant's own schedule (the guard is in the router). */
export function ConsultantRoute() {
  useDocumentTitle(consultantScheduleTexts.heading);
  return <ConsultantSchedule />;
}
