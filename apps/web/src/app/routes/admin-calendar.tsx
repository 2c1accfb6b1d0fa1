import { adminCalendarTexts } from '@portal/domain';
import { AdminCalendar } from '../../features/admin/components/admin-calendar';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/calendar: every consultant's week side by side; administrators only (the guard is in the router). */
export function AdminCalendarRoute() {
  useDocumentTitle(adminCalendarTexts.heading);
  return <AdminCalendar />;
}
