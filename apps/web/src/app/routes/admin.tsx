import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { useDocumentTitle } from '../../lib/use-document-title';

// The admin pages, and their frame with the admin navigation, in the one admin chunk the router loads.
export { AdminLayout as AdminLayoutRoute } from '../../features/admin/components/admin-layout';
export { AdminBookingsRoute } from './admin-bookings';
export { AdminCalendarRoute } from './admin-calendar';
export { AdminConsultantsRoute } from './admin-consultants';
export { AdminInvoicesRoute } from './admin-invoices';
export { AdminMessagesRoute } from './admin-messages';
export { AdminReviewsRoute } from './admin-reviews';
export { AdminScheduleRoute } from './admin-schedule';
export { AdminServicesRoute } from './admin-services';
export { AdminSettingsRoute } from './admin-settings';

/** /admin: the business dashboard, administrators only (the guard is in the router). */
export function AdminDashboardRoute() {
  useDocumentTitle('Admin Dashboard');
  return <AdminDashboard />;
}
