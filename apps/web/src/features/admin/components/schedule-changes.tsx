import {
  type ClosureRecord,
  duration,
  openingHoursNote,
  range,
  type Schedule,
  type ScheduleChange,
  scheduleSchema,
  shortDate,
} from '@portal/domain';
import { Moment } from './moment';

/** What a recorded change of the schedule or the closures did, in a line. */
function summary(change: ScheduleChange): string {
  if (change.subject === 'closure') {
    const closure = (change.after ?? change.before) as ClosureRecord | null;
    const dates = closure
      ? closure.startDate === closure.endDate
        ? shortDate(closure.startDate)
        : range(shortDate(closure.startDate), shortDate(closure.endDate))
      : '';
    return `${change.action === 'created' ? 'Closed' : 'Opened again'} ${dates}${closure ? ` (${closure.reason})` : ''}`;
  }
  const before = scheduleSchema.safeParse(change.before);
  const after = scheduleSchema.safeParse(change.after);
  if (!before.success || !after.success) return 'Changed the schedule';
  const parts: string[] = [];
  const from: Schedule = before.data;
  const to: Schedule = after.data;
  if (openingHoursNote(from) !== openingHoursNote(to)) parts.push(`hours: ${openingHoursNote(to)}`);
  if (from.slotStepMinutes !== to.slotStepMinutes)
    parts.push(`slot step ${from.slotStepMinutes} → ${duration(to.slotStepMinutes)}`);
  if (from.bufferMinutes !== to.bufferMinutes)
    parts.push(`buffer ${from.bufferMinutes} → ${duration(to.bufferMinutes)}`);
  if (from.minNoticeHours !== to.minNoticeHours)
    parts.push(`notice ${from.minNoticeHours} → ${to.minNoticeHours} h`);
  if (from.horizonDays !== to.horizonDays) parts.push(`horizon ${from.horizonDays} → ${to.horizonDays} days`);
  return parts.length === 0 ? 'Saved the schedule unchanged' : `Changed ${parts.join('; ')}`;
}

/** The latest changes of the schedule and the closed dates: when, who, what. */
export function ScheduleChanges({ changes }: { changes: readonly ScheduleChange[] }) {
  return (
    <ul className="space-y-2">
      {changes.map((change) => (
        <li
          key={`${change.at}-${change.subject}-${change.action}`}
          className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
          data-testid="schedule-change"
        >
          <span className="text-slate-700">
            <Moment at={change.at} />
            {` · ${change.by} · `}
          </span>
          <span className="text-slate-900">{summary(change)}</span>
        </li>
      ))}
    </ul>
  );
}
