import { type Booking, bookingMessages, paths } from '@portal/domain';
import { CalendarX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { Spinner } from '../../../components/ui/spinner';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { useAccount } from '../../../lib/use-session';
import { useMyBookings } from '../api/get-my-bookings';
import { type BookingFilter, bookingFilters, filterLabels, matchesFilter } from '../format';
import { useUnsentItems, withUnsent } from '../unsent-queue';
import { BookingCard } from './booking-card';
import { CancelDialog } from './cancel-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { UnsentBookingCard } from './unsent-booking-card';

/** The filter tabs of My Bookings, in their order. */
const filterTabs: readonly TabItem<BookingFilter>[] = bookingFilters.map((filter) => ({
  key: filter,
  label: filterLabels[filter],
}));

function NoBookings({ filter }: { filter: BookingFilter }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
      <CalendarX aria-hidden="true" className="mx-auto size-10 text-slate-500" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{bookingMessages.noBookings}</h2>
      <p className="mt-1 text-slate-700">
        {filter === 'all'
          ? 'You have not booked a consultation yet.'
          : `You have no ${filterLabels[filter].toLowerCase()} bookings.`}
      </p>
    </div>
  );
}

/**
 * The caller's bookings with those still waiting in this browser (docs/product.md#my-bookings), filtered by tab,
 * with Reschedule and Cancel as the rules and the caller's change notice allow. The server sends them a page at a
 * time; Load More asks for the next, and the tabs filter what is loaded.
 */
export function MyBookings() {
  const bookings = useMyBookings();
  const [filter, setFilter] = useState<BookingFilter>('all');
  const [toCancel, setToCancel] = useState<Booking>();
  const [toReschedule, setToReschedule] = useState<Booking>();
  const [now] = useState(() => new Date());
  // Kept in this browser for the signed-in user; the app shell's sender sends them again.
  const userId = useAccount().session?.user.id;
  const loaded = bookings.data?.pages.flatMap((page) => page.bookings) ?? [];
  // The notice the caller is held to, the same on every page (there are cards only once a page has come).
  const noticeHours = bookings.data?.pages[0]?.change_notice_hours ?? 0;
  const list = withUnsent(loaded, useUnsentItems(userId));
  // A failed next page keeps what is shown and says so beside Load More.
  const listFailed = bookings.isError && !bookings.isFetchNextPageError;
  // Not yet sent, a booking counts as pending.
  const unsentShown = list.createsNotSent.filter((item) =>
    matchesFilter({ status: 'pending', starts_at: item.body.startsAt }, filter, now),
  );
  const shown = list.bookings.filter((booking) => matchesFilter(booking, filter, now));

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Bookings</h1>
          <p className="mt-2 text-slate-700">Your consultations, upcoming and past.</p>
        </div>
        <Link to={paths.services} className={buttonStyles.primary}>
          Book a Consultation
        </Link>
      </div>
      <div className="mt-8">
        <Tabs label="Filter bookings" tabs={filterTabs} selected={filter} onSelect={setFilter}>
          {listFailed && (
            <FormMessage type="error">
              {bookingMessages.loadFailed}{' '}
              <button
                type="button"
                className="font-semibold underline"
                onClick={() => void bookings.refetch()}
              >
                Try Again
              </button>
            </FormMessage>
          )}
          {bookings.isPending && <Spinner label="Loading bookings..." />}
          {unsentShown.length > 0 || shown.length > 0 ? (
            <ul className={`space-y-4 ${listFailed ? 'mt-4' : ''}`}>
              {unsentShown.map((item) => (
                <li key={item.idempotencyKey}>
                  <UnsentBookingCard item={item} />
                </li>
              ))}
              {shown.map((booking) => (
                <li key={booking.id}>
                  <BookingCard
                    booking={booking}
                    now={now}
                    noticeHours={noticeHours}
                    onCancel={setToCancel}
                    onReschedule={setToReschedule}
                    cancelNotSent={list.cancelsNotSent.has(booking.id)}
                  />
                </li>
              ))}
            </ul>
          ) : (
            bookings.isSuccess && !bookings.hasNextPage && <NoBookings filter={filter} />
          )}
          {bookings.hasNextPage && (
            <div className="mt-6 flex flex-col items-center gap-3">
              {bookings.isFetchNextPageError && (
                <FormMessage type="error">{bookingMessages.loadFailed}</FormMessage>
              )}
              <BusyButton
                className={buttonStyles.secondary}
                busy={bookings.isFetchingNextPage}
                busyLabel="Loading more..."
                onClick={() => void bookings.fetchNextPage()}
              >
                Load More
              </BusyButton>
            </div>
          )}
        </Tabs>
      </div>
      {toCancel && <CancelDialog booking={toCancel} userId={userId} onClose={() => setToCancel(undefined)} />}
      {toReschedule && <RescheduleDialog booking={toReschedule} onClose={() => setToReschedule(undefined)} />}
    </div>
  );
}
