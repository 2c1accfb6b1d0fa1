import { AdminServices } from '../../features/admin/components/admin-services';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/services: the catalogue, its form and its latest changes; administrators only (the guard is in the router). */
export function AdminServicesRoute() {
  useDocumentTitle('Services');
  return <AdminServices />;
}
