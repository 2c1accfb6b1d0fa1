// What a booking costs and the code it is known by.

import { zonedParts } from '../schedule/dates.ts';
import { defaultBusinessTimeZone } from '../schedule/schedule.ts';

/** Total cost in whole dollars: rate × duration / 60, rounded (docs/product.md#price). */
export function totalCost(hourlyRate: number, durationMinutes: number): number {
  return Math.round((hourlyRate * durationMinutes) / 60);
}

/** `OT-{year}-{id padded to 3 digits}`; the year of `createdAt` in `timeZone` (the business zone on both sides). */
export function confirmationCode(
  id: number,
  createdAt: Date | string,
  timeZone: string = defaultBusinessTimeZone,
): string {
  const year = zonedParts(new Date(createdAt), timeZone).year;
  return `OT-${year}-${String(id).padStart(3, '0')}`;
}
