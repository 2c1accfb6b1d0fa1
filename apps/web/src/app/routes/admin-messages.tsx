import { AdminMessages } from '../../features/admin/components/admin-messages';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/messages: the contact form's messages; administrators only (the guard is in the router). */
export function AdminMessagesRoute() {
  useDocumentTitle('Messages');
  return <AdminMessages />;
}
