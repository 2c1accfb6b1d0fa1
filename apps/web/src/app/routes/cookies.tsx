import { cookieTexts } from '@portal/domain';
import { CookiePolicy } from '../../features/legal/components/cookie-policy';
import { useDocumentTitle } from '../../lib/use-document-title';

export function CookiesRoute() {
  useDocumentTitle(cookieTexts.title);
  return <CookiePolicy />;
}
