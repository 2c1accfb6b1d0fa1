import {
  type Booking,
  closureOn,
  defaultBusinessTimeZone,
  openingHoursNote,
  shortDate,
  zoneName,
} from '@portal/domain';
import { type ListTexts, QueryStates } from '../../../components/ui/query-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { UnreadBadge } from '../../../components/ui/unread-badge';
import { useClosures } from '../api/get-closures';
import { useSchedule } from '../api/get-schedule';
import { useUpcomingBookings } from '../api/get-upcoming-bookings';
import { bookingDay, bookingHours, clientName } from '../format';
import { StatusSelect } from './status-select';

const upcomingTexts: ListTexts = {
  loading: 'Loading upcoming bookings...',
  failed: 'Failed to load upcoming bookings.',
  empty: 'No upcoming bookings.',
};

/** Bookings grouped by the day they take place, in the order given (soonest first). */
function byDay(bookings: readonly Booking[]): [string, Booking[]][] {
  const days = new Map<string, Booking[]>();
  for (const booking of bookings) {
    const day = bookingDay(booking);
    days.set(day, [...(days.get(day) ?? []), booking]);
  }
  return [...days];
}

/**
 * Upcoming Schedule: the coming pending and confirmed bookings by start time, in the business time zone named, under
 * the firm's opening hours; a day the firm has closed is marked, so its bookings can be moved.
 */
export function UpcomingSchedule() {
  const upcoming = useUpcomingBookings();
  const schedule = useSchedule().data?.schedule;
  const closures = useClosures().data ?? [];
  const timeZone = upcoming.data?.[0]?.time_zone ?? defaultBusinessTimeZone;
  return (
    <section aria-labelledby="upcoming-schedule">
      <h2 id="upcoming-schedule" className="text-xl font-semibold text-slate-900">
        Upcoming Schedule
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Pending and confirmed bookings still to come, soonest first. Times are in {zoneName(timeZone)}.
      </p>
      {schedule && <p className="mt-1 text-sm text-slate-700">{openingHoursNote(schedule)}.</p>}
      <div className="mt-4">
        <QueryStates query={upcoming} texts={upcomingTexts} isEmpty={(bookings) => bookings.length === 0}>
          {(coming) => (
            <ol className="space-y-6">
              {byDay(coming).map(([day, bookings]) => (
                <li key={day}>
                  <h3 className="text-base font-semibold text-slate-900">
                    {shortDate(day)}
                    {closureOn(closures, day) && (
                      <>
                        {' '}
                        <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                          {`Closed: ${closureOn(closures, day)?.reason}`}
                        </span>
                      </>
                    )}
                  </h3>
                  <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                    {bookings.map((booking) => (
                      <li
                        key={booking.id}
                        className="flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3"
                        data-testid="upcoming-booking"
                      >
                        <span className="w-40 font-semibold whitespace-nowrap text-slate-900">
                          {bookingHours(booking)}
                        </span>
                        <span className="min-w-48 flex-1">
                          <span className="block font-semibold text-slate-900">{booking.services.name}</span>
                          <span className="block text-sm text-slate-700">
                            {clientName(booking)} · {booking.user_profiles.email}
                          </span>
                        </span>
                        <UnreadBadge count={booking.unread_messages} />
                        <StatusBadge status={booking.status} />
                        <StatusSelect booking={booking} />
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </QueryStates>
      </div>
    </section>
  );
}
