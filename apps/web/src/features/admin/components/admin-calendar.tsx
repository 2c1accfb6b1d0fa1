import {
  type AdminBooking,
  addDays,
  adminCalendarTexts,
  defaultBusinessTimeZone,
  hoursIn,
  type IsoDate,
  isIsoDate,
  paths,
  range,
  shortDate,
  todayIn,
  weekOf,
} from '@portal/domain';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminConsultants } from '../api/consultants';
import { useWeekBookings } from '../api/get-week-bookings';

/** A column of the week: a consultant, by id and name. */
interface Person {
  id: number;
  name: string;
}

/** The Monday of the week asked for in the address (`?week=`), else of this week in the business zone. */
function weekAsked(search: URLSearchParams, now: Date): IsoDate {
  const asked = search.get('week');
  return weekOf(asked && isIsoDate(asked) ? asked : todayIn(defaultBusinessTimeZone, now)).first;
}

/**
 * /admin/calendar: a week of every consultant's consultations side by side — a row per day, a column per consultant
 * (the active ones, and any other with a consultation that week) — each linking to its booking's page. Previous and
 * Next move a week; the table scrolls inside its own frame on a phone.
 */
export function AdminCalendar({ now = new Date() }: { now?: Date }) {
  const [search, setSearch] = useSearchParams();
  const monday = weekAsked(search, now);
  const sunday = addDays(monday, 6);
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const week = useWeekBookings(monday, sunday);
  const consultants = useAdminConsultants();

  const shown = (week.data ?? []).filter((booking) => booking.status !== 'cancelled');
  const people: Person[] = (consultants.data ?? [])
    .filter((consultant) => consultant.active)
    .map(({ id, name }) => ({ id, name }));
  for (const booking of shown) {
    if (!people.some((person) => person.id === booking.consultant.id)) people.push(booking.consultant);
  }
  people.sort((a, b) => a.id - b.id);

  const goTo = (next: IsoDate) =>
    setSearch((current) => {
      const updated = new URLSearchParams(current);
      updated.set('week', next);
      return updated;
    });
  const weekName = range(shortDate(monday), shortDate(sunday));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{adminCalendarTexts.heading}</h1>
      <p className="mt-2 text-slate-700" data-testid="calendar-week">
        {weekName}
      </p>
      <p className="mt-1 text-sm text-slate-700">{adminCalendarTexts.note}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={() => goTo(addDays(monday, -7))}>
          {adminCalendarTexts.previousWeek}
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => goTo(weekOf(todayIn(defaultBusinessTimeZone, now)).first)}
        >
          {adminCalendarTexts.thisWeek}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => goTo(addDays(monday, 7))}>
          {adminCalendarTexts.nextWeek}
        </button>
      </div>
      <div className="mt-6">
        {week.isPending || consultants.isPending ? (
          <Spinner label={adminCalendarTexts.loading} />
        ) : week.isError || consultants.isError ? (
          <FormMessage type="error">{adminCalendarTexts.failed}</FormMessage>
        ) : people.length === 0 ? (
          <p className="text-slate-700">{adminCalendarTexts.noConsultants}</p>
        ) : (
          <WeekTable
            days={days}
            people={people}
            bookings={shown}
            caption={adminCalendarTexts.caption(weekName)}
          />
        )}
      </div>
    </div>
  );
}

function WeekTable({
  days,
  people,
  bookings,
  caption,
}: {
  days: IsoDate[];
  people: Person[];
  bookings: AdminBooking[];
  caption: string;
}) {
  const at = (day: IsoDate, person: Person) =>
    bookings
      .filter((booking) => booking.booking_date === day && booking.consultant.id === person.id)
      .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  return (
    // Its own frame: a week of several consultants is wider than a phone, so it scrolls here, not the page.
    <ScrollRegion label={adminCalendarTexts.frameLabel}>
      <table className="min-w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-800">
              {adminCalendarTexts.day}
            </th>
            {people.map((person) => (
              <th
                key={person.id}
                scope="col"
                className="min-w-40 px-3 py-2 text-left font-semibold text-slate-800"
              >
                {person.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {days.map((day) => (
            <tr key={day}>
              <th
                scope="row"
                className="whitespace-nowrap px-3 py-2 text-left align-top font-semibold text-slate-900"
              >
                {shortDate(day)}
              </th>
              {people.map((person) => (
                <td key={person.id} className="px-3 py-2 align-top">
                  <ul className="space-y-2">
                    {at(day, person).map((booking) => (
                      <li key={booking.id}>
                        <Link
                          to={paths.booking(booking.id)}
                          className="block rounded-md border border-blue-200 bg-blue-50 px-2 py-1 text-blue-950 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-700"
                        >
                          <span className="block font-semibold">
                            {hoursIn(booking.starts_at, booking.ends_at, booking.time_zone)}
                          </span>
                          <span className="block">{booking.services.name}</span>
                          <span className="block text-xs text-slate-700">
                            {[booking.user_profiles.first_name, booking.user_profiles.last_name]
                              .filter(Boolean)
                              .join(' ')}{' '}
                            · {booking.status}
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
