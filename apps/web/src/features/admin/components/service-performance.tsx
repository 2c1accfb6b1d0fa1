import type { AdminStatsResponse } from '@portal/domain';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { dollars } from '../../../lib/booking-format';

const head = 'px-4 py-3 text-sm font-semibold text-slate-800';
const cell = 'px-4 py-3 text-right text-slate-900';

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
          <ScrollRegion label="Service performance table">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">Bookings, completed, cancelled and revenue per service</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={`${head} text-left`}>
                    Service
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    Bookings
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    Completed
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    Cancelled
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    Revenue
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {services.map((service) => (
                  <tr key={service.serviceId}>
                    <th scope="row" className="px-4 py-3 text-left font-semibold text-slate-900">
                      {service.name}
                    </th>
                    <td className={cell}>{service.bookings.toLocaleString('en-US')}</td>
                    <td className={cell}>{service.completed.toLocaleString('en-US')}</td>
                    <td className={cell}>{service.cancelled.toLocaleString('en-US')}</td>
                    <td className={cell}>{dollars(service.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      )}
    </section>
  );
}
