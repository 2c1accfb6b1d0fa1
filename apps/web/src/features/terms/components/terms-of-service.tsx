import { consentTexts, legalVersions, paths, termsOfService, termsTexts } from '@portal/domain';
import { Link } from 'react-router';
import { QueryStates } from '../../../components/ui/query-states';
import { ReachTheFirm } from '../../../components/ui/reach-the-firm';
import { useSchedule } from '../../../lib/public-schedule';

const texts = { loading: termsTexts.loading, failed: termsTexts.loadFailed, empty: '' };

/**
 * The Terms of Service (docs/product.md#terms-of-service): the rules as the server states its settings in the
 * public schedule, written by the domain's termsOfService, so the page never says other than what the portal does.
 */
export function TermsOfService() {
  const schedule = useSchedule();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{termsTexts.title}</h1>
      <p className="mt-2 text-sm text-slate-600">{consentTexts.termsVersion(legalVersions.terms)}</p>
      <p className="mt-4 text-lg text-slate-700">{termsTexts.intro}</p>
      <p className="mt-4 text-slate-700">
        {consentTexts.termsAcceptance}{' '}
        <Link to={paths.privacy} className="font-semibold text-blue-800 underline hover:text-blue-900">
          {consentTexts.readPrivacy}
        </Link>
      </p>
      <div className="mt-10">
        <QueryStates query={schedule} texts={texts} isEmpty={() => false}>
          {(settings) => (
            <div className="space-y-10">
              {termsOfService(settings).map((section, index) => {
                const headingId = `terms-section-${index + 1}`;
                return (
                  <section key={section.title} aria-labelledby={headingId}>
                    <h2 id={headingId} className="text-xl font-semibold text-slate-900">
                      {section.title}
                    </h2>
                    <ul className="mt-4 list-disc space-y-3 pl-6 text-slate-700">
                      {section.rules.map((rule) => (
                        <li key={rule}>{rule}</li>
                      ))}
                    </ul>
                  </section>
                );
              })}
            </div>
          )}
        </QueryStates>
      </div>
      <p className="mt-10 text-slate-700">
        {termsTexts.questions} <ReachTheFirm />
      </p>
    </div>
  );
}
