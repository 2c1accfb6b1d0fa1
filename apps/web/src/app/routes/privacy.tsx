import { privacyTexts } from '@portal/domain';
import { PrivacyPolicy } from '../../features/legal/components/privacy-policy';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PrivacyRoute() {
  useDocumentTitle(privacyTexts.title);
  return <PrivacyPolicy />;
}
