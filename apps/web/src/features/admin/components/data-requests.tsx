import { dataRequestTexts as texts } from '@portal/domain';
import { useId } from 'react';
import { DataTable, tableCell } from '../../../components/ui/data-table';
import { type ListTexts, QueryStates } from '../../../components/ui/query-states';
import { useDataRequests } from '../api/data-requests';
import { Moment } from './moment';

const listTexts: ListTexts = { loading: texts.loading, failed: texts.failed, empty: texts.empty };

const columns = [{ name: 'When' }, { name: 'What' }, { name: 'Whose' }, { name: 'Asked By' }] as const;

/** /admin/settings: every export and erasure of a person's data, newest first (docs/product.md#administration). */
export function DataRequests() {
  const headingId = useId();
  const requests = useDataRequests();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {texts.heading}
      </h2>
      <p className="mt-2 text-slate-700">{texts.explanation}</p>
      <div className="mt-4">
        <QueryStates
          query={requests}
          texts={listTexts}
          isEmpty={(answer) => answer.data_requests.length === 0}
        >
          {(answer) => (
            <DataTable label={`${texts.heading} table`} caption={texts.heading} columns={columns}>
              {answer.data_requests.map((request) => (
                <tr key={request.id}>
                  <td className={`${tableCell} whitespace-nowrap text-slate-900`}>
                    <Moment at={request.at} />
                  </td>
                  <td className={`${tableCell} text-slate-900`}>{texts.kindLabels[request.kind]}</td>
                  <td className={`${tableCell} break-all text-slate-900`}>
                    {request.subject_email ?? texts.erasedSubject}
                  </td>
                  <td className={`${tableCell} break-all text-slate-900`}>
                    {request.actor === 'admin' && request.actor_email
                      ? request.actor_email
                      : texts.actorLabels[request.actor]}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryStates>
      </div>
    </section>
  );
}
