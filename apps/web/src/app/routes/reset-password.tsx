import { ResetPasswordCard } from '../../features/accounts/components/reset-password-card';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /reset-password?token=…: the e-mailed link's page, to choose a new password. */
export function ResetPasswordRoute() {
  useDocumentTitle('Reset Password');
  return <ResetPasswordCard />;
}
