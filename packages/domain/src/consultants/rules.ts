// The consultants' rules: their limits, and how their own hours sit inside the firm's (docs/decisions/045).
import { clockMinutes, type WeeklyHours, weekdayLabel, weekdaysMondayFirst } from '../schedule/schedule.ts';
import { consultantMessages } from './messages.ts';

export const consultantLimits = {
  name: 100,
  email: 254,
  title: 100,
  bio: 500,
  reason: 200,
  services: 100,
  maxTimeOffDays: 366,
  /** Every consultant, retired ones too: what bounds the consultants' lists. */
  maxConsultants: 200,
  /** Time off not yet over, per consultant: what bounds a consultant's `time_off`. */
  maxTimeOffAhead: 100,
} as const;

/**
 * The first range of `hours` not inside one of the firm's ranges of its day, as the message naming it; none when
 * every range fits. A range must lie within one firm range: the gap between two is closed.
 */
export function hoursOutsideFirm(hours: WeeklyHours, firm: WeeklyHours): string | undefined {
  for (const day of weekdaysMondayFirst) {
    for (const range of hours[day]) {
      const start = clockMinutes(range.start);
      const end = clockMinutes(range.end);
      const fits = firm[day].some(
        (open) => clockMinutes(open.start) <= start && end <= clockMinutes(open.end),
      );
      if (!fits) return consultantMessages.hoursOutsideFirm(weekdayLabel(day), range.start, range.end);
    }
  }
  return undefined;
}

/**
 * The offered services no active consultant delivers: they offer no slots (availability is per consultant), and
 * the admin pages say so. Retired services are left out: they offer none anyway.
 */
export function servicesNobodyDelivers<Offered extends { id: number; active: boolean }>(
  services: readonly Offered[],
  consultants: readonly { active: boolean; service_ids: readonly number[] }[],
): Offered[] {
  const delivered = new Set(
    consultants.filter((consultant) => consultant.active).flatMap((consultant) => consultant.service_ids),
  );
  return services.filter((service) => service.active && !delivered.has(service.id));
}
