import { type Booking, bookingMessages, isActiveBookingStatus, paths } from '@portal/domain';
import { CalendarX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useNotify } from '../../components/notifications/use-notify';
import { buttonStyles } from '../../components/ui/button-styles';
import { Spinner } from '../../components/ui/spinner';
import { type TabItem, Tabs } from '../../components/ui/tabs';
import { FormMessage } from '../../components/ui/text-field';
import { useCancelBooking, useMyBookings } from '../../features/bookings/api/my-bookings';
import { BookingCard } from '../../features/bookings/components/booking-card';
import { CancelDialog } from '../../features/bookings/components/cancel-dialog';
import { UnsentBookingCard } from '../../features/bookings/components/unsent-booking-card';
import {
  type BookingFilter,
  bookingFilters,
  filterLabels,
  matchesFilter,
} from '../../features/bookings/format';
import {
  addUnsent,
  isUnreachable,
  locallyCancelledStatus,
  type UnsentCreate,
  useUnsentItems,
} from '../../features/bookings/unsent-queue';
import { ApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../../lib/use-session';

/** The filter tabs of My Bookings, in their order. */
const filterTabs: readonly TabItem<BookingFilter>[] = bookingFilters.map((filter) => ({
  key: filter,
  label: filterLabels[filter],
}));

/** /my-bookings (spec §2): the caller's bookings, filtered by tab, with cancellation of confirmed ones. */
export function MyBookingsRoute() {
  useDocumentTitle('My Bookings');
  const bookings = useMyBookings();
  const cancel = useCancelBooking();
  const { notify } = useNotify();
  const [filter, setFilter] = useState<BookingFilter>('all');
  const [toCancel, setToCancel] = useState<Booking>();
  const [now] = useState(() => new Date());
  // Kept in this browser for the signed-in user; the app shell's sender sends them again.
  const userId = useAuth().session?.user.id;
  const unsentItems = useUnsentItems(userId);

  function confirmCancel() {
    if (!toCancel) return;
    cancel.mutate(toCancel.id, {
      onSuccess: () => {
        setToCancel(undefined);
        notify({ type: 'success', title: 'Booking Cancelled', message: bookingMessages.cancelled });
      },
      onError: (error) => {
        setToCancel(undefined);
        if (error instanceof ApiError && error.status === 401) return;
        // No answer: cancelled here for now, and sent again like an unsent booking.
        if (
          isUnreachable(error) &&
          userId !== undefined &&
          addUnsent(userId, { kind: 'cancel', bookingId: toCancel.id, savedAt: new Date().toISOString() })
        ) {
          notify({ type: 'warning', title: 'Cancelled Locally', message: bookingMessages.cancelledLocally });
          return;
        }
        const reason =
          error instanceof ApiError && error.isClientError ? error.message : bookingMessages.cancelFailed;
        notify({ type: 'error', title: 'Cancellation Failed', message: reason });
      },
    });
  }

  // Kept in this browser and not yet sent: new bookings first, and cancellations shown as already done.
  const cancelsNotSent = new Set(
    unsentItems.flatMap((item) => (item.kind === 'cancel' ? [item.bookingId] : [])),
  );
  const serverBookings = (bookings.data ?? []).map((booking) =>
    cancelsNotSent.has(booking.id) ? { ...booking, status: locallyCancelledStatus } : booking,
  );
  const createsNotSent = unsentItems
    .filter((item): item is UnsentCreate => item.kind === 'create')
    // The first attempt may have reached the server after all: then the server's booking is shown alone.
    .filter(
      (item) =>
        !serverBookings.some(
          (booking) =>
            booking.service_id === Number(item.body.serviceId) &&
            Date.parse(booking.starts_at) === Date.parse(item.body.startsAt) &&
            isActiveBookingStatus(booking.status),
        ),
    )
    .reverse();
  const shownNotSent = createsNotSent.filter((item) =>
    matchesFilter({ status: 'pending', starts_at: item.body.startsAt }, filter, now),
  );
  const shown = serverBookings.filter((booking) => matchesFilter(booking, filter, now));
  const nothingShown = shownNotSent.length === 0 && shown.length === 0;
  const notSentList = shownNotSent.map((item) => (
    <li key={item.idempotencyKey}>
      <UnsentBookingCard item={item} />
    </li>
  ));

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
          {bookings.isError && (
            <FormMessage type="error">
              {bookingMessages.loadFailed}{' '}
              <button
                type="button"
                className="font-semibold underline"
                onClick={() => void bookings.refetch()}
              >
                Try again
              </button>
            </FormMessage>
          )}
          {bookings.isPending && <Spinner label="Loading bookings..." />}
          {!nothingShown ? (
            <ul className={`space-y-4 ${bookings.isError ? 'mt-4' : ''}`}>
              {notSentList}
              {shown.map((booking) => (
                <li key={booking.id}>
                  <BookingCard
                    booking={booking}
                    onCancel={setToCancel}
                    cancelNotSent={cancelsNotSent.has(booking.id)}
                  />
                </li>
              ))}
            </ul>
          ) : (
            bookings.isSuccess && (
              <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
                <CalendarX aria-hidden="true" className="mx-auto size-10 text-slate-500" />
                <h2 className="mt-3 text-lg font-semibold text-slate-900">{bookingMessages.noBookings}</h2>
                <p className="mt-1 text-slate-700">
                  {filter === 'all'
                    ? 'You have not booked a consultation yet.'
                    : `You have no ${filterLabels[filter].toLowerCase()} bookings.`}
                </p>
              </div>
            )
          )}
        </Tabs>
      </div>
      {toCancel && (
        <CancelDialog
          booking={toCancel}
          busy={cancel.isPending}
          onKeep={() => setToCancel(undefined)}
          onCancel={confirmCancel}
        />
      )}
    </div>
  );
}
