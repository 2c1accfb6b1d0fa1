import { type AdminBookingsResponse, paths } from '@portal/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { FormMessage } from '../../../components/ui/text-field';
import { BookingsTable } from './bookings-table';

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
        {recent.isPending ? (
          <Spinner label="Loading bookings..." />
        ) : recent.isError ? (
          <FormMessage type="error">
            Failed to load recent bookings.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void recent.refetch()}>
              Try again
            </button>
          </FormMessage>
        ) : recent.data.bookings.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700">
            No bookings were made in this period.
          </p>
        ) : (
          <BookingsTable bookings={recent.data.bookings} caption="Recent bookings" />
        )}
      </div>
    </section>
  );
}
