import { type AdminBookingsResponse, paths } from '@portal/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { type ListTexts, QueryStates } from '../../../components/ui/query-states';
import { BookingsTable } from './bookings-table';

const recentTexts: ListTexts = {
  loading: 'Loading bookings...',
  failed: 'Failed to load recent bookings.',
  empty: 'No bookings were made in this period.',
};

/** Recent Bookings: the period's last bookings, each with its status dropdown, and View All. */
export function RecentBookings({ recent }: { recent: UseQueryResult<AdminBookingsResponse> }) {
  return (
    <section aria-labelledby="recent-bookings">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-bookings" className="text-xl font-semibold text-slate-900">
          Recent Bookings
        </h2>
        <Link
          to={paths.adminBookings}
          className="inline-flex items-center gap-1 rounded font-semibold text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          View All
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="mt-4">
        <QueryStates query={recent} texts={recentTexts} isEmpty={(answer) => answer.bookings.length === 0}>
          {(answer) => <BookingsTable bookings={answer.bookings} caption="Recent bookings" />}
        </QueryStates>
      </div>
    </section>
  );
}
