import { AdminInvoices } from '../../features/admin/components/admin-invoices';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/invoices: invoices, credit notes and payments; administrators only (the guard is in the router). */
export function AdminInvoicesRoute() {
  useDocumentTitle('Invoices');
  return <AdminInvoices />;
}
