import { LoginCard } from '../../features/accounts/components/login-card';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /login: sign in, then back to the page first asked for. */
export function LoginRoute() {
  useDocumentTitle('Login');
  return <LoginCard />;
}
