import { AdminSchedule } from '../../features/admin/components/admin-schedule';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/schedule: opening hours, buffer, notice, horizon and closed dates; administrators only (the guard is in the router). */
export function AdminScheduleRoute() {
  useDocumentTitle('Schedule');
  return <AdminSchedule />;
}
