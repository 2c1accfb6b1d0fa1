import { cookiePolicy, cookieTexts, legalVersions } from '@portal/domain';
import { QueryStates } from '../../../components/ui/query-states';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { useLegal } from '../api/legal';
import { LegalPage, LegalSections } from './legal-sections';

const texts = { loading: cookieTexts.loading, failed: cookieTexts.loadFailed, empty: '' };
const { columns } = cookieTexts;
const cell = 'px-3 py-2 align-top';

/**
 * The Cookie Policy (docs/product.md#privacy-and-cookies): the cookies the server says it sets (GET /api/legal,
 * which a server test holds to what it really sends), then what the browser keeps and why no consent is asked.
 */
export function CookiePolicy() {
  const legal = useLegal();
  return (
    <LegalPage
      title={cookieTexts.title}
      version={cookieTexts.version(legal.data?.versions.privacy ?? legalVersions.privacy)}
      intro={cookieTexts.intro}
    >
      <QueryStates query={legal} texts={texts} isEmpty={() => false}>
        {(settings) => (
          <div className="space-y-10">
            <section aria-labelledby="cookies-list">
              <h2 id="cookies-list" className="text-xl font-semibold text-slate-900">
                {cookieTexts.cookiesHeading}
              </h2>
              {/* A table wider than a phone scrolls on its own, never the page. */}
              <div className="mt-4">
                <ScrollRegion label={cookieTexts.caption}>
                  <table className="min-w-full divide-y divide-slate-200 text-left text-sm text-slate-700">
                    <caption className="sr-only">{cookieTexts.caption}</caption>
                    <thead className="bg-slate-50 text-slate-900">
                      <tr>
                        <th scope="col" className={cell}>
                          {columns.name}
                        </th>
                        <th scope="col" className={cell}>
                          {columns.purpose}
                        </th>
                        <th scope="col" className={cell}>
                          {columns.lifetime}
                        </th>
                        <th scope="col" className={cell}>
                          {columns.when}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-200">
                      {settings.cookies.map((cookie) => (
                        <tr key={cookie.name}>
                          <th
                            scope="row"
                            className={`${cell} font-mono font-normal break-all text-slate-900`}
                          >
                            {cookie.name}
                          </th>
                          <td className={cell}>{cookie.purpose}</td>
                          <td className={cell}>{cookie.lifetime}</td>
                          <td className={cell}>{cookie.when}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              </div>
            </section>
            <LegalSections sections={cookiePolicy()} idPrefix="cookies" />
          </div>
        )}
      </QueryStates>
    </LegalPage>
  );
}
