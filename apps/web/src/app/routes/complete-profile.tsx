import { CompleteProfileCard } from '../../features/accounts/components/complete-profile-card';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /complete-profile: names and contact details before the first booking. */
export function CompleteProfileRoute() {
  useDocumentTitle('Complete Profile');
  return <CompleteProfileCard />;
}
