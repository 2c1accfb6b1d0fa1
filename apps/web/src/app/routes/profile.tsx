import { ProfileDetails } from '../../features/accounts/components/profile-details';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /profile: the signed-in user's details, editable. */
export function ProfileRoute() {
  useDocumentTitle('Profile');
  return <ProfileDetails />;
}
