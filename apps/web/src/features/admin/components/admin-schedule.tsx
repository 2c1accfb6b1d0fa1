import { paths } from '@portal/domain';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { type ListTexts, QueryStates } from '../../../components/ui/query-states';
import { useCalendarChanges, useSchedule } from '../api/calendar';
import { CalendarChanges } from './calendar-changes';
import { ClosuresPanel } from './closures-panel';
import { ScheduleEditor } from './schedule-editor';
import { TooCloseBookings } from './too-close-bookings';

const scheduleTexts: ListTexts = {
  loading: 'Loading the schedule...',
  failed: 'Failed to load the schedule.',
  empty: '',
};
const changeTexts: ListTexts = {
  loading: 'Loading changes...',
  failed: 'Failed to load the latest changes.',
  empty: 'No changes yet.',
};

/**
 * /admin/schedule: the firm's opening hours, slot step, buffer, notice and horizon, its closed dates, and who
 * changed them. What clients can book follows at once.
 */
export function AdminSchedule() {
  const schedule = useSchedule();
  const changes = useCalendarChanges();
  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-10 sm:px-6 lg:px-8">
      <div>
        <Link
          to={paths.admin}
          className="inline-flex items-center gap-1 text-sm font-semibold text-blue-800 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Admin Dashboard
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Schedule</h1>
      </div>
      <QueryStates query={schedule} texts={scheduleTexts} isEmpty={() => false}>
        {(answer) => (
          <div className="space-y-6">
            {/* Keyed by the saved schedule: a save elsewhere resets the form to what is stored. */}
            <ScheduleEditor key={JSON.stringify(answer.schedule)} saved={answer.schedule} />
            <TooCloseBookings bufferMinutes={answer.schedule.bufferMinutes} />
          </div>
        )}
      </QueryStates>
      <ClosuresPanel />
      <section aria-labelledby="calendar-changes-heading" className="space-y-2">
        <h2 id="calendar-changes-heading" className="text-xl font-semibold text-slate-900">
          Latest Changes
        </h2>
        <QueryStates query={changes} texts={changeTexts} isEmpty={(list) => list.length === 0}>
          {(list) => <CalendarChanges changes={list} />}
        </QueryStates>
      </section>
    </div>
  );
}
