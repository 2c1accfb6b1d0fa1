// Availability per person, and who gets a booking when the client leaves the choice to the firm
// (docs/product.md#consultants, docs/decisions/046). The firm's slots (schedule/slots.ts) are cut first; a consultant
// is free for one when it lies inside their own hours (the firm's when they have none, always within the firm's),
// they are not on time off that day, and no active booking of theirs, of any service, meets it (buffer included).
import { addDays, dayOfWeek, type IsoDate } from '../schedule/dates.ts';
import { clockMinutes, type WeeklyHours, weekdayOf } from '../schedule/schedule.ts';
import { type HeldTime, isSpanClearOf, type TimeSlot } from '../schedule/slots.ts';

/** What availability needs to know of one consultant for one day. */
export interface ConsultantDay {
  id: number;
  /** Their own weekly hours; null: the firm's. */
  weeklyHours: WeeklyHours | null;
  /** Their time off (both days included); ranges not covering the day are ignored. */
  timeOff: readonly { startDate: IsoDate; endDate: IsoDate }[];
  /** What their active bookings, of any service, hold on and around the day (buffer included). */
  held: readonly HeldTime[];
  /** Their active bookings in the week of the day: the assignment rule's first key. */
  weekLoad: number;
}

/** A slot with the consultants free for it, in the order the server would assign them. */
export type ConsultantSlot = TimeSlot & { available: boolean; consultant_ids: number[] };

/** The week (Monday to Sunday) a date falls in: the assignment rule counts bookings in it. */
export function weekOf(date: IsoDate): { first: IsoDate; last: IsoDate } {
  const first = addDays(date, -((dayOfWeek(date) + 6) % 7));
  return { first, last: addDays(first, 6) };
}

/**
 * The assignment rule, written once: the consultant with the fewest active bookings in the slot's week, then the
 * lowest id. Deterministic: the same candidates give the same order whatever order they come in.
 */
export function assignmentOrder<T extends { id: number; weekLoad: number }>(candidates: readonly T[]): T[] {
  return [...candidates].sort((a, b) => a.weekLoad - b.weekLoad || a.id - b.id);
}

/** Whether time off covers the date. */
export function isAway(consultant: Pick<ConsultantDay, 'timeOff'>, date: IsoDate): boolean {
  return consultant.timeOff.some((range) => range.startDate <= date && date <= range.endDate);
}

/**
 * Whether the slot lies within one of the consultant's own ranges of its day. The firm's slots already lie within
 * the firm's hours, so a consultant on the firm's hours (null) always fits, and one with their own fits only where
 * both are open.
 */
export function isWithinHours(
  consultant: Pick<ConsultantDay, 'weeklyHours'>,
  date: IsoDate,
  slot: TimeSlot,
): boolean {
  if (consultant.weeklyHours === null) return true;
  const start = clockMinutes(slot.start_time);
  const end = start + (Date.parse(slot.ends_at) - Date.parse(slot.starts_at)) / 60_000;
  return consultant.weeklyHours[weekdayOf(date)].some(
    (range) => clockMinutes(range.start) <= start && end <= clockMinutes(range.end),
  );
}

/**
 * The firm's slots of a day, each with the consultants free for it (in assignment order), and `available` while at
 * least one is. No consultant: no slot is available.
 */
export function consultantSlots(
  slots: readonly TimeSlot[],
  date: IsoDate,
  consultants: readonly ConsultantDay[],
  bufferMinutes: number,
): ConsultantSlot[] {
  // Ordered once: a slot's free consultants are a subset, in the same order.
  const present = assignmentOrder(consultants.filter((consultant) => !isAway(consultant, date)));
  return slots.map((slot) => {
    const start = Date.parse(slot.starts_at);
    const blockedUntil = Date.parse(slot.ends_at) + bufferMinutes * 60_000;
    const free = present
      .filter(
        (consultant) =>
          isWithinHours(consultant, date, slot) && isSpanClearOf(start, blockedUntil, consultant.held),
      )
      .map((consultant) => consultant.id);
    return { ...slot, available: free.length > 0, consultant_ids: free };
  });
}
