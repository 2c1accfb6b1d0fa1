import {
  type AdminStatsResponse,
  type BookingStats,
  type BookingStatus,
  bookingStatuses,
  confirmedCount,
  count,
  dollars,
  revenueDefinition,
  shortDate,
} from '@portal/domain';
import { StatusBadge } from '../../../components/ui/status-badge';
import { BarChart } from './bar-chart';

/**
 * Business Overview: the bookings by status (confirmed = total − completed − cancelled − pending, docs/product.md#statuses), what
 * revenue means, and bookings and revenue per day of the period as charts with their data table.
 */
export function BusinessOverview({
  stats,
  daily,
}: {
  stats: BookingStats;
  daily: AdminStatsResponse['daily'];
}) {
  const counts: Record<BookingStatus, number> = {
    pending: stats.pending,
    confirmed: confirmedCount(stats),
    completed: stats.completed,
    cancelled: stats.cancelled,
  };
  return (
    <div className="space-y-6">
      <section aria-labelledby="status-breakdown">
        <h2 id="status-breakdown" className="text-xl font-semibold text-slate-900">
          Bookings by Status
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {bookingStatuses.map((status) => (
            <div key={status} className="rounded-xl border border-slate-200 bg-white p-4">
              <dt>
                <StatusBadge status={status} />
              </dt>
              <dd className="mt-2 text-2xl font-bold text-slate-900">{count(counts[status])}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="activity-over-time">
        <h2 id="activity-over-time" className="text-xl font-semibold text-slate-900">
          Bookings and Revenue per Day
        </h2>
        <p className="mt-1 text-sm text-slate-700">{revenueDefinition}</p>
        {daily.length === 0 ? (
          <p className="mt-4 text-slate-700">No figures for this period.</p>
        ) : (
          <>
            <div className="mt-4 grid gap-4 lg:grid-cols-2">
              <BarChart
                title="Bookings per day"
                points={daily.map((day) => ({ date: day.date, value: day.bookings }))}
                format={count}
                barClass="fill-blue-700"
              />
              <BarChart
                title="Revenue per day"
                points={daily.map((day) => ({ date: day.date, value: day.revenue }))}
                format={dollars}
                barClass="fill-green-700"
              />
            </div>
            <details className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white p-4">
              <summary className="cursor-pointer font-semibold text-slate-900">
                Bookings and revenue per day as a table
              </summary>
              <table className="mt-3 min-w-full text-sm">
                <caption className="sr-only">Bookings and revenue per day</caption>
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-2 pr-4 text-left font-semibold">
                      Day
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-semibold">
                      Bookings
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold">
                      Revenue
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {daily.map((day) => (
                    <tr key={day.date} className="border-b border-slate-100">
                      <th scope="row" className="py-1 pr-4 text-left font-normal">
                        {shortDate(day.date)}
                      </th>
                      <td className="py-1 pr-4 text-right">{count(day.bookings)}</td>
                      <td className="py-1 text-right">{dollars(day.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        )}
      </section>
    </div>
  );
}
