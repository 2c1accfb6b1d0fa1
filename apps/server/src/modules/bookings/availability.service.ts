// Availability: a day's slots of a service, each free or taken by what active bookings hold, on the firm's schedule.
import {
  type AvailabilityResponse,
  bookingMessages,
  daySlots,
  type IsoDate,
  isClearOf,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { NotFound } from '../../lib/errors.ts';
import { loadCatalogue } from '../catalogue/catalogue.service.ts';
import { loadScheduleWithClosures } from '../schedule/schedule.service.ts';
import { heldTimesOn } from './held-times.ts';

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

/** The day's slots of a service, each free or taken by an active booking. Weekends, past days and days beyond the horizon: none. */
export async function availability(
  db: Database,
  serviceId: number,
  date: IsoDate,
  timeZone: string,
): Promise<AvailabilityResponse> {
  // The catalogue is cached: a day's availability costs one query, for the bookings.
  const service = (await loadCatalogue(db)).services.find((candidate) => candidate.id === serviceId);
  if (!service) throw new NotFound(bookingMessages.serviceNotFound);
  return slotsOfDay(db, { serviceId, durationMinutes: service.duration }, date, clockNow(timeZone));
}

/**
 * A day's slots of `durationMinutes` for a service, each free or taken by what the service's active bookings hold.
 * `movingFrom`: the start of the booking being moved, whose own hold does not count (two active bookings of a
 * service never overlap, so the hold that starts there is its own).
 */
export async function slotsOfDay(
  db: Database,
  booked: { serviceId: number; durationMinutes: number; movingFrom?: Date },
  date: IsoDate,
  clock: BookingClock,
): Promise<AvailabilityResponse> {
  const scheduleWithClosures = await loadScheduleWithClosures(db);
  const slots = daySlots(date, { durationMinutes: booked.durationMinutes, ...clock, scheduleWithClosures });
  if (slots.length === 0) return { date, timeZone: clock.timeZone, slots: [] };
  const { bufferMinutes } = scheduleWithClosures.schedule;
  const held = (await heldTimesOn(db, booked.serviceId, date, bufferMinutes, clock.timeZone)).filter(
    (hold) => hold.startsAt.getTime() !== booked.movingFrom?.getTime(),
  );
  return {
    date,
    timeZone: clock.timeZone,
    slots: slots.map((slot) => ({ ...slot, available: isClearOf(slot, held, bufferMinutes) })),
  };
}
