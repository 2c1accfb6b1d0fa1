import { RegisterCard } from '../../features/accounts/components/register-card';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /register: create an account, then verify the address. */
export function RegisterRoute() {
  useDocumentTitle('Register');
  return <RegisterCard />;
}
