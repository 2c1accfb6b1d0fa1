import { consentTexts, type LegalDocument, legalDocumentNames, paths } from '@portal/domain';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { useAccount } from '../../../lib/use-session';
import { useAcceptConsents, useConsents } from '../api/consents';

const documentPath = { terms: paths.terms, privacy: paths.privacy } as const;

/**
 * A slim bar under the top bar, for a signed-in account that has not accepted the version in force of the Terms of
 * Service or the Privacy Policy (docs/product.md#privacy-and-cookies): it names what changed, links to it, and
 * 'Accept' records the versions in force; it never blocks the page (accounts made before consents were recorded
 * meet it once, wherever they are).
 */
export function ConsentBanner() {
  const { session } = useAccount();
  const userId = session?.user.id;
  const consents = useConsents(userId);
  if (!userId || !consents.data || consents.data.pending.length === 0) return null;
  return <PendingConsents userId={userId} pending={consents.data.pending} current={consents.data.current} />;
}

function PendingConsents({
  userId,
  pending,
  current,
}: {
  userId: string;
  pending: readonly LegalDocument[];
  current: Record<LegalDocument, string>;
}) {
  const accept = useAcceptConsents(userId);
  const body = Object.fromEntries(pending.map((document) => [document, current[document]]));
  return (
    <section aria-label={consentTexts.region} className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 text-sm text-slate-900 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>
          {consentTexts.changed(pending)}{' '}
          {pending.map((document, index) => (
            <span key={document}>
              {index > 0 && ' · '}
              <Link to={documentPath[document]} className="font-semibold text-blue-800 underline">
                {legalDocumentNames[document]}
              </Link>
            </span>
          ))}
        </p>
        <div className="flex shrink-0 items-center gap-3">
          {accept.isError && (
            <p role="alert" className="text-red-700">
              {consentTexts.failed}
            </p>
          )}
          <BusyButton
            type="button"
            busy={accept.isPending}
            busyLabel={consentTexts.accepting}
            onClick={() => accept.mutate(body)}
            className="rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            {consentTexts.accept}
          </BusyButton>
        </div>
      </div>
    </section>
  );
}
