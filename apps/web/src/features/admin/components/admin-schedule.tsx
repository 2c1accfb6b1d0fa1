import { type ListTexts, QueryStates } from '../../../components/ui/query-states';
import { useSchedule } from '../api/get-schedule';
import { useScheduleChanges } from '../api/get-schedule-changes';
import { ClosuresPanel } from './closures-panel';
import { LatestChanges } from './latest-changes';
import { ScheduleChanges } from './schedule-changes';
import { ScheduleEditor } from './schedule-editor';
import { TooCloseBookings } from './too-close-bookings';

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
  const changes = useScheduleChanges();
  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Schedule</h1>
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
      <LatestChanges query={changes}>{(list) => <ScheduleChanges changes={list} />}</LatestChanges>
    </div>
  );
}
