import { ForgotPasswordCard } from '../../features/accounts/components/forgot-password-card';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /forgot-password: ask for a reset link by e-mail. */
export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot Password');
  return <ForgotPasswordCard />;
}
