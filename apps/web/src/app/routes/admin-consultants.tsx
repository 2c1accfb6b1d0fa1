import { AdminConsultants } from '../../features/admin/components/admin-consultants';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/consultants: the firm's consultants, their services and time off; administrators only (the guard is in the router). */
export function AdminConsultantsRoute() {
  useDocumentTitle('Consultants');
  return <AdminConsultants />;
}
