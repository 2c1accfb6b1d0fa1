// Availability: a day's slots of a service on the firm's schedule, each with the consultants free for it (their
// hours, time off and what their active bookings hold; docs/decisions/046).
import {
  type AvailabilityResponse,
  bookingMessages,
  type ConsultantDay,
  consultantSlots,
  daySlots,
  type IsoDate,
  isAway,
  weekOf,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { invalidField, NotFound } from '../../lib/errors.ts';
import { loadCatalogue } from '../catalogue/catalogue.service.ts';
import { consultantsOfService, type RosterConsultant } from '../consultants/roster.ts';
import { loadScheduleWithClosures } from '../schedule/schedule.service.ts';
import { heldTimesOf, weekLoadsOf } from './held-times.ts';

/** What the booking rules need to know about the moment and the place. */
export interface BookingClock {
  /** The business time zone (BUSINESS_TIMEZONE). */
  timeZone: string;
  now: Date;
}

/** This moment, in the business time zone. */
export function clockNow(timeZone: string): BookingClock {
  return { timeZone, now: new Date() };
}

/**
 * The active consultant `consultantId` of the service: 400 naming `consultantId` when there is no such consultant,
 * they are retired, or they do not deliver the service.
 */
export async function consultantOfService(
  db: Database,
  serviceId: number,
  consultantId: number,
): Promise<RosterConsultant> {
  const consultant = (await consultantsOfService(db, serviceId)).find(
    (candidate) => candidate.id === consultantId,
  );
  if (!consultant) throw invalidField('consultantId', bookingMessages.consultantNotDelivering);
  return consultant;
}

/**
 * The day's slots of a service, each with the consultants free for it; `available` while one is. With
 * `consultantId`, that consultant's only (400 when they do not deliver the service). Weekends, past days and days
 * beyond the horizon: none.
 */
export async function availability(
  db: Database,
  serviceId: number,
  query: { date: IsoDate; consultantId?: number | undefined },
  timeZone: string,
): Promise<AvailabilityResponse> {
  // The catalogue, the schedule and the consultants are cached; the holds mostly too.
  const service = (await loadCatalogue(db)).services.find((candidate) => candidate.id === serviceId);
  if (!service) throw new NotFound(bookingMessages.serviceNotFound);
  const candidates =
    query.consultantId === undefined
      ? await consultantsOfService(db, serviceId)
      : [await consultantOfService(db, serviceId, query.consultantId)];
  return slotsOfDay(db, { durationMinutes: service.duration, candidates }, query.date, clockNow(timeZone));
}

/** What a day's slots are judged for. */
export interface SlotRequest {
  durationMinutes: number;
  /** The consultants who could take it. */
  candidates: readonly RosterConsultant[];
  /**
   * The booking being moved, whose own hold does not count (two active bookings of a consultant never overlap,
   * so the hold of its consultant that starts there is its own).
   */
  moving?: { consultantId: number; startsAt: Date };
}

/** What availability knows of each candidate for the day: their hours, time off, holds and week's load. */
export async function consultantDays(
  db: Database,
  candidates: readonly RosterConsultant[],
  date: IsoDate,
  bufferMinutes: number,
  timeZone: string,
  moving?: SlotRequest['moving'],
): Promise<ConsultantDay[]> {
  const { first } = weekOf(date);
  const ids = candidates.map((consultant) => consultant.id);
  const [heldBy, weekLoads] = await Promise.all([
    heldTimesOf(db, ids, date, bufferMinutes, timeZone),
    weekLoadsOf(db, ids, first, timeZone),
  ]);
  return candidates.map((consultant) => {
    const held = heldBy.get(consultant.id) ?? [];
    const own =
      moving?.consultantId === consultant.id
        ? held.filter((hold) => hold.startsAt.getTime() !== moving.startsAt.getTime())
        : held;
    return {
      id: consultant.id,
      weeklyHours: consultant.weeklyHours,
      timeOff: consultant.timeOff,
      held: own,
      weekLoad: weekLoads.get(consultant.id) ?? 0,
    };
  });
}

/** A day's slots of `durationMinutes`, each with the candidates free for it, in assignment order. */
export async function slotsOfDay(
  db: Database,
  request: SlotRequest,
  date: IsoDate,
  clock: BookingClock,
): Promise<AvailabilityResponse> {
  const scheduleWithClosures = await loadScheduleWithClosures(db);
  const slots = daySlots(date, { durationMinutes: request.durationMinutes, ...clock, scheduleWithClosures });
  if (slots.length === 0) return { date, timeZone: clock.timeZone, slots: [] };
  const { bufferMinutes } = scheduleWithClosures.schedule;
  // Consultants away all day need no holds read.
  const present = request.candidates.filter((consultant) => !isAway(consultant, date));
  const days = await consultantDays(db, present, date, bufferMinutes, clock.timeZone, request.moving);
  return { date, timeZone: clock.timeZone, slots: consultantSlots(slots, date, days, bufferMinutes) };
}
