import { paths } from '@portal/domain';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { type ListTexts, QueryStates } from '../../../components/ui/query-states';
import { useClosures, useSchedule } from '../api/calendar';
import { CalendarChanges } from './calendar-changes';
import { ClosuresPanel } from './closures-panel';
import { ScheduleEditor } from './schedule-editor';

const scheduleTexts: ListTexts = {
  loading: 'Loading the schedule...',
  failed: 'Failed to load the schedule.',
  empty: '',
};

/**
 * /admin/schedule: the firm's opening hours, slot step, buffer, notice and horizon, its closed dates, and who
 * changed them. What clients can book follows at once.
 */
export function AdminSchedule() {
  const schedule = useSchedule();
  const closures = useClosures();
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
            <CalendarChanges title="Latest schedule changes" changes={answer.changes} />
          </div>
        )}
      </QueryStates>
      <div className="space-y-6">
        <ClosuresPanel />
        {closures.data && (
          <CalendarChanges title="Latest changes of closed dates" changes={closures.data.changes} />
        )}
      </div>
    </div>
  );
}
