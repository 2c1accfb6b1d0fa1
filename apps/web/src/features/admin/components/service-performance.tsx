import type { AdminStatsResponse } from '@portal/domain';
import { count, dollars } from '@portal/domain';
import { type Column, DataTable } from '../../../components/ui/data-table';

type ServiceFigures = AdminStatsResponse['services'][number];

/** The figures of each service, in the table's order. */
const columns: readonly { title: string; value: (service: ServiceFigures) => string }[] = [
  { title: 'Bookings', value: (service) => count(service.bookings) },
  { title: 'Completed', value: (service) => count(service.completed) },
  { title: 'Cancelled', value: (service) => count(service.cancelled) },
  { title: 'Revenue', value: (service) => dollars(service.revenue) },
];

const performanceColumns: readonly Column[] = [
  { name: 'Service' },
  ...columns.map(({ title }): Column => ({ name: title, align: 'right' })),
];

/** Service Performance: per service, the period's bookings, completed, cancelled and revenue. */
export function ServicePerformance({ services }: { services: AdminStatsResponse['services'] }) {
  return (
    <section aria-labelledby="service-performance">
      <h2 id="service-performance" className="text-xl font-semibold text-slate-900">
        Service Performance
      </h2>
      {services.length === 0 ? (
        <p className="mt-4 text-slate-700">No services to report on.</p>
      ) : (
        <div className="mt-4">
          <DataTable
            label="Service performance table"
            caption="Bookings, completed, cancelled and revenue per service"
            columns={performanceColumns}
          >
            {services.map((service) => (
              <tr key={service.serviceId}>
                <th scope="row" className="px-4 py-3 text-left font-semibold text-slate-900">
                  {service.name}
                </th>
                {columns.map(({ title, value }) => (
                  <td key={title} className="px-4 py-3 text-right text-slate-900">
                    {value(service)}
                  </td>
                ))}
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </section>
  );
}
