import { type AdminStatsResponse, hoursFigure, percentage, utilisationTexts } from '@portal/domain';
import { type Column, DataTable } from '../../../components/ui/data-table';

const columns: readonly Column[] = [
  { name: utilisationTexts.columns.consultant },
  { name: utilisationTexts.columns.booked, align: 'right' },
  { name: utilisationTexts.columns.open, align: 'right' },
  { name: utilisationTexts.columns.utilisation, align: 'right' },
];

/** Per consultant: the period's booked hours, open hours and utilization (the server counts them by the domain's rule). */
export function ConsultantUtilisation({ consultants }: { consultants: AdminStatsResponse['consultants'] }) {
  return (
    <section aria-labelledby="consultant-utilisation">
      <h2 id="consultant-utilisation" className="text-xl font-semibold text-slate-900">
        {utilisationTexts.heading}
      </h2>
      {consultants.length === 0 ? (
        <p className="mt-4 text-slate-700">{utilisationTexts.empty}</p>
      ) : (
        <div className="mt-4">
          <DataTable
            label="Consultant utilization table"
            caption={utilisationTexts.caption}
            columns={columns}
          >
            {consultants.map((consultant) => (
              <tr key={consultant.id}>
                <th scope="row" className="px-4 py-3 text-left font-semibold text-slate-900">
                  {consultant.name}
                </th>
                <td className="px-4 py-3 text-right text-slate-900">
                  {hoursFigure(consultant.booked_hours)}
                </td>
                <td className="px-4 py-3 text-right text-slate-900">{hoursFigure(consultant.open_hours)}</td>
                <td className="px-4 py-3 text-right text-slate-900">
                  {consultant.utilisation === null
                    ? utilisationTexts.noOpenHours
                    : percentage(consultant.utilisation)}
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </section>
  );
}
