import { legalVersions, privacyPolicy, privacyTexts } from '@portal/domain';
import { QueryStates } from '../../../components/ui/query-states';
import { useLegal } from '../api/legal';
import { LegalPage, LegalSections } from './legal-sections';

const texts = { loading: privacyTexts.loading, failed: privacyTexts.loadFailed, empty: '' };

/**
 * The Privacy Policy (docs/product.md#privacy-and-cookies): written by the domain's privacyPolicy from what the
 * server states of its settings (GET /api/legal), so it never says other than what the portal does.
 */
export function PrivacyPolicy() {
  const legal = useLegal();
  return (
    <LegalPage
      title={privacyTexts.title}
      version={privacyTexts.version(legal.data?.versions.privacy ?? legalVersions.privacy)}
      intro={privacyTexts.intro}
    >
      <QueryStates query={legal} texts={texts} isEmpty={() => false}>
        {(settings) => <LegalSections sections={privacyPolicy(settings)} idPrefix="privacy" />}
      </QueryStates>
    </LegalPage>
  );
}
