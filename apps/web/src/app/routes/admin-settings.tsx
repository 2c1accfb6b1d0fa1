import { firmBillingTexts } from '@portal/domain';
import { AdminSettings } from '../../features/admin/components/admin-settings';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/settings: the firm's billing details; administrators only (the guard is in the router). */
export function AdminSettingsRoute() {
  useDocumentTitle(firmBillingTexts.heading);
  return <AdminSettings />;
}
