import { termsTexts } from '@portal/domain';
import { TermsOfService } from '../../features/terms/components/terms-of-service';
import { useDocumentTitle } from '../../lib/use-document-title';

export function TermsRoute() {
  useDocumentTitle(termsTexts.title);
  return <TermsOfService />;
}
