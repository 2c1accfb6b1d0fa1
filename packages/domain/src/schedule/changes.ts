import { range, timeOfDay } from '../text/format.ts';
import { type Schedule, type WeekdayName, weekdayLabel, weekdaysMondayFirst } from './schedule.ts';

/** The schedule editor's words around its Save button: what saving would change. */
export const scheduleChangeTexts = {
  none: 'No changes yet: saving now would keep the schedule as it is.',
  intro: 'Saving will change:',
} as const;

type DraftRange = { start?: string | undefined; end?: string | undefined };

/** The schedule as being edited: the fields hold what was typed, not yet checked. */
export interface ScheduleDraft {
  weeklyHours: Partial<Record<WeekdayName, readonly (DraftRange | undefined)[] | undefined>>;
  slotStepMinutes: unknown;
  bufferMinutes: unknown;
  minNoticeHours: unknown;
  horizonDays: unknown;
}

function hoursText(ranges: readonly (DraftRange | undefined)[]): string {
  return ranges.length === 0
    ? 'closed'
    : ranges.map((each) => range(timeOfDay(each?.start ?? ''), timeOfDay(each?.end ?? ''))).join(', ');
}

const numbers = [
  { name: 'slotStepMinutes', label: 'Slot step', unit: 'minutes' },
  { name: 'bufferMinutes', label: 'Buffer after each consultation', unit: 'minutes' },
  { name: 'minNoticeHours', label: 'Minimum notice', unit: 'hours' },
  { name: 'horizonDays', label: 'Booking horizon', unit: 'days ahead' },
] as const;

/**
 * What saving `draft` over `saved` would change, one line each ('Monday: 9 AM - 5 PM → 9 AM - 12 PM', 'Minimum
 * notice: 24 → 48 hours'), in the editor's order; none when nothing differs.
 */
export function scheduleChanges(saved: Schedule, draft: ScheduleDraft): string[] {
  const lines: string[] = [];
  for (const day of weekdaysMondayFirst) {
    const before = hoursText(saved.weeklyHours[day]);
    const after = hoursText(draft.weeklyHours[day] ?? []);
    if (before !== after) lines.push(`${weekdayLabel(day)}: ${before} → ${after}`);
  }
  for (const { name, label, unit } of numbers) {
    const before = String(saved[name]);
    const after = String(draft[name] ?? '').trim();
    if (before !== after) lines.push(`${label}: ${before} → ${after || '(empty)'} ${unit}`);
  }
  return lines;
}
