// One booking as its owner sees it: its detail and history, its calendar file and the times it could move to; and
// the owner's recent activity across their bookings (docs/decisions/017, 023).
import {
  type ActivityResponse,
  type AvailabilityResponse,
  type BookingDetailResponse,
  type BookingHistoryEntry,
  bookingMessages,
  changeNoticeHoursFor,
  type IsoDate,
  maxBookingHistoryShown,
  maxRecentActivity,
} from '@portal/domain';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type BookingEventRow, bookingEvents, bookings, services } from '../../db/schema.ts';
import { NotFound } from '../../lib/errors.ts';
import { consultationFile } from '../../lib/mail/booking-calendar.ts';
import { consultantsOfService } from '../consultants/roster.ts';
import { clockNow, slotsOfDay } from './availability.service.ts';
import { ownedBy, readableBy, selectBookings, toBooking, visibleTo } from './booking-read-model.ts';
import { calendarHistory } from './booking-status.service.ts';
import type { BookingCaller, BookingSettings } from './bookings.service.ts';

function toHistoryEntry(event: BookingEventRow): BookingHistoryEntry {
  return {
    at: event.at.toISOString(),
    type: event.type,
    from_status: event.fromStatus,
    to_status: event.toStatus,
    ...(event.fromStartsAt ? { from_starts_at: event.fromStartsAt.toISOString() } : {}),
    ...(event.toStartsAt ? { starts_at: event.toStartsAt.toISOString() } : {}),
    ...(event.fromConsultantName ? { from_consultant: event.fromConsultantName } : {}),
    ...(event.toConsultantName ? { to_consultant: event.toConsultantName } : {}),
    by: event.actor,
  };
}

/**
 * The booking and its latest history (oldest first), for its owner or an administrator, with the change notice the
 * caller is held to and whether it is the caller's own (only the owner may act on it).
 */
export async function bookingDetail(
  db: Database,
  bookingId: number,
  caller: BookingCaller,
  settings: BookingSettings,
): Promise<BookingDetailResponse> {
  const [row] = await selectBookings(db).where(readableBy(bookingId, caller));
  if (!row) throw new NotFound(bookingMessages.bookingNotFound);
  // The latest entries: an administrator may change a status any number of times.
  const events = await db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(desc(bookingEvents.at), desc(bookingEvents.id))
    .limit(maxBookingHistoryShown);
  return {
    booking: toBooking(row, settings.timeZone),
    history: events.reverse().map(toHistoryEntry),
    change_notice_hours: changeNoticeHoursFor(caller.role, settings.changeNoticeHours),
    is_owner: row.booking.userId === caller.id,
  };
}

/** The user's latest history entries across their own bookings, newest first (the dashboard's Recent Activity). */
export async function recentActivity(db: Database, userId: string): Promise<ActivityResponse> {
  const rows = await db
    .select({ event: bookingEvents, serviceName: services.name })
    .from(bookingEvents)
    .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookingEvents.at), desc(bookingEvents.id))
    .limit(maxRecentActivity);
  return {
    activity: rows.map(({ event, serviceName }) => ({
      ...toHistoryEntry(event),
      booking_id: event.bookingId,
      service_name: serviceName,
    })),
  };
}

/**
 * The owner's booking as an iCalendar file: the same UID as the e-mails, at the revision its history has reached.
 * `ownerId` null: the caller holds a signed link to this booking (calendar-link.ts), whoever they are.
 */
export async function bookingCalendarFile(
  db: Database,
  bookingId: number,
  ownerId: string | null,
  settings: BookingSettings,
): Promise<string> {
  const [row] = await selectBookings(db).where(
    ownerId === null ? eq(bookings.id, bookingId) : ownedBy(bookingId, ownerId),
  );
  if (!row) throw new NotFound(bookingMessages.bookingNotFound);
  return consultationFile(toBooking(row, settings.timeZone), await calendarHistory(db, bookingId), settings);
}

/**
 * The day's slots the booking could move to, for its owner or an administrator (who may move any booking): its own
 * consultant's, its own duration (the price snapshot's), and its own hold not counted, so that a move overlapping its current time is
 * offered (the current slot itself stays marked by the web).
 */
export async function rescheduleAvailability(
  db: Database,
  bookingId: number,
  caller: BookingCaller,
  date: IsoDate,
  timeZone: string,
): Promise<AvailabilityResponse> {
  const [row] = await db
    .select({
      serviceId: bookings.serviceId,
      consultantId: bookings.consultantId,
      durationMinutes: bookings.durationMinutes,
      startsAt: bookings.startsAt,
    })
    .from(bookings)
    .where(visibleTo(bookingId, caller));
  if (!row) throw new NotFound(bookingMessages.bookingNotFound);
  // A move keeps the consultant: their times only (none once they are retired or no longer deliver the service).
  const candidates = (await consultantsOfService(db, row.serviceId)).filter(
    (consultant) => consultant.id === row.consultantId,
  );
  return slotsOfDay(
    db,
    {
      durationMinutes: row.durationMinutes,
      candidates,
      moving: { consultantId: row.consultantId, startsAt: row.startsAt },
    },
    date,
    clockNow(timeZone),
  );
}
