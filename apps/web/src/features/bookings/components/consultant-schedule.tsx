import {
  addDays,
  type Booking,
  mondayOf,
  paths,
  shortDate,
  consultantScheduleTexts as texts,
  todayIn,
} from '@portal/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { Spinner } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { UnreadBadge } from '../../../components/ui/unread-badge';
import { useBusinessZone } from '../../../lib/public-schedule';
import { useConsultantBookings } from '../api/get-consultant-bookings';
import { bookingTime } from '../format';

const small = `${buttonStyles.secondary} px-3 py-2 text-sm`;

function clientName(booking: Booking): string {
  const { first_name, last_name, email } = booking.user_profiles;
  return [first_name, last_name].filter(Boolean).join(' ') || email;
}

/** One consultation: its time, service, client and status, opening the booking's page. */
function Consultation({ booking }: { booking: Booking }) {
  return (
    <li>
      <Link
        to={paths.booking(booking.id)}
        className="block rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-blue-300 hover:bg-blue-50"
        data-testid="consultation"
      >
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold text-slate-900">{bookingTime(booking)}</span>
          <StatusBadge status={booking.status} />
        </span>
        <span className="mt-1 block text-slate-800">{booking.services.name}</span>
        <span className="block text-sm text-slate-700">{clientName(booking)}</span>
        {booking.unread_messages ? (
          <span className="mt-1 block">
            <UnreadBadge count={booking.unread_messages} />
          </span>
        ) : null}
      </Link>
    </li>
  );
}

function Consultations({ bookings, empty }: { bookings: Booking[]; empty: string }) {
  if (bookings.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <ul className="space-y-2">
      {bookings.map((booking) => (
        <Consultation key={booking.id} booking={booking} />
      ))}
    </ul>
  );
}

/** A week's query as the page shows it: loading, failed with Try Again, or its consultations. */
function WeekContent({
  from,
  children,
}: {
  from: string;
  children: (bookings: Booking[]) => React.ReactNode;
}) {
  const query = useConsultantBookings(from, addDays(from, 6));
  if (query.isPending) return <Spinner label={texts.loading} />;
  if (query.isError) {
    return (
      <FormMessage type="error">
        {texts.failed}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
          Try Again
        </button>
      </FormMessage>
    );
  }
  return <>{children(query.data)}</>;
}

/**
 * /consultant: the signed-in consultant's own consultations (docs/product.md#the-consultants-own-area): today, the
 * rest of this week, and a week view (Monday to Sunday) moved week by week. Days are the firm's (business zone).
 */
export function ConsultantSchedule() {
  const zone = useBusinessZone();
  const [today] = useState(() => todayIn(zone, new Date()));
  const thisMonday = mondayOf(today);
  const [shownMonday, setShownMonday] = useState(thisMonday);
  const days = Array.from({ length: 7 }, (_, index) => addDays(shownMonday, index));
  const onDay = (bookings: Booking[], day: string) =>
    bookings.filter((booking) => booking.booking_date === day);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{texts.heading}</h1>
      <p className="mt-2 text-slate-700">{texts.intro}</p>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="today-heading">
          <h2 id="today-heading" className="text-lg font-semibold text-slate-900">
            {texts.today} <span className="font-normal text-slate-700">{shortDate(today)}</span>
          </h2>
          <div className="mt-3">
            <WeekContent from={thisMonday}>
              {(bookings) => <Consultations bookings={onDay(bookings, today)} empty={texts.noneToday} />}
            </WeekContent>
          </div>
        </section>
        <section aria-labelledby="this-week-heading">
          <h2 id="this-week-heading" className="text-lg font-semibold text-slate-900">
            {texts.thisWeek}
          </h2>
          <div className="mt-3">
            <WeekContent from={thisMonday}>
              {(bookings) => <Consultations bookings={bookings} empty={texts.noneThisWeek} />}
            </WeekContent>
          </div>
        </section>
      </div>

      <section aria-labelledby="week-heading" className="mt-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="week-heading" className="text-lg font-semibold text-slate-900">
            {texts.weekView}{' '}
            <span className="font-normal text-slate-700" data-testid="week-range">
              {shortDate(days[0] ?? shownMonday)} - {shortDate(days[6] ?? shownMonday)}
            </span>
          </h2>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={small} onClick={() => setShownMonday(addDays(shownMonday, -7))}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              {texts.previousWeek}
            </button>
            {shownMonday !== thisMonday && (
              <button type="button" className={small} onClick={() => setShownMonday(thisMonday)}>
                {texts.currentWeek}
              </button>
            )}
            <button type="button" className={small} onClick={() => setShownMonday(addDays(shownMonday, 7))}>
              {texts.nextWeek}
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </div>
        </div>
        <div className="mt-4">
          <WeekContent from={shownMonday}>
            {(bookings) => (
              <ol className="grid gap-3 lg:grid-cols-7">
                {days.map((day) => (
                  <li key={day} className="min-w-0 rounded-lg bg-slate-50 p-2" data-testid="week-day">
                    <h3
                      className={`text-sm font-semibold ${day === today ? 'text-blue-800' : 'text-slate-900'}`}
                    >
                      {shortDate(day)}
                    </h3>
                    <div className="mt-2">
                      <Consultations bookings={onDay(bookings, day)} empty={texts.noneOnDay} />
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </WeekContent>
        </div>
      </section>
    </div>
  );
}
