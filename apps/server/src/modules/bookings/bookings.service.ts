// Bookings: availability of a day, creating (idempotent, never overlapping), listing and cancelling.
import { createHash } from 'node:crypto';
import {
  type AvailabilityResponse,
  activeBookingStatuses,
  type Booking,
  bookingMessages,
  type CreateBookingRequest,
  canClientCancel,
  checkSlotStart,
  daySlots,
  type IsoDate,
  overlaps,
  totalCost,
} from '@portal/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, transactionRetryingDeadlocks } from '../../db/client.ts';
import { isExclusionViolation, isUniqueViolation } from '../../db/errors.ts';
import { bookingEvents, bookings, services, userProfiles } from '../../db/schema.ts';
import { Conflict, Forbidden, invalidField, NotFound, Unprocessable } from '../../lib/errors.ts';
import { loadCatalogue } from '../services/services.service.ts';
import { findBooking, selectBookings, toBooking } from './booking-read-model.ts';
import { recordStatusChange } from './booking-status.service.ts';

/** What the booking rules need to know about the moment and the place. */
export interface BookingClock {
  /** The business time zone (BUSINESS_TIMEZONE). */
  timeZone: string;
  now: Date;
}

// ——— Availability ———

/** The day's slots of a service, each free or taken by an active booking. Weekends and past days: none. */
export async function availability(
  db: Database,
  serviceId: number,
  date: IsoDate,
  clock: BookingClock,
): Promise<AvailabilityResponse> {
  // The catalogue is cached: a day's availability costs one query, for the bookings.
  const service = (await loadCatalogue(db)).services.find((candidate) => candidate.id === serviceId);
  if (!service) throw new NotFound(bookingMessages.serviceNotFound);
  const slots = daySlots(date, { durationMinutes: service.duration, ...clock });
  const first = slots[0];
  const last = slots.at(-1);
  if (!first || !last) return { date, timeZone: clock.timeZone, slots: [] };
  // Uses the GiST index of the exclusion constraint (same predicate).
  const taken = await db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.serviceId, serviceId),
        inArray(bookings.status, [...activeBookingStatuses]),
        sql`tstzrange(${bookings.startsAt}, ${bookings.endsAt}) && tstzrange(${first.starts_at}::timestamptz, ${last.ends_at}::timestamptz)`,
      ),
    );
  return {
    date,
    timeZone: clock.timeZone,
    slots: slots.map((slot) => {
      const start = Date.parse(slot.starts_at);
      const end = Date.parse(slot.ends_at);
      const busy = taken.some((row) => overlaps(start, end, row.startsAt.getTime(), row.endsAt.getTime()));
      return { ...slot, available: !busy };
    }),
  };
}

// ——— Creating ———

/** A hash of the request as understood (after trimming and defaults), so that only meaning counts. */
export function requestHash(serviceId: number, request: CreateBookingRequest, startsAt: Date): string {
  const canonical = JSON.stringify([
    serviceId,
    request.projectDescription,
    startsAt.toISOString(),
    request.urgency,
    request.preferredContact,
    request.additionalNotes,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export interface CreateBookingInput {
  userId: string;
  request: CreateBookingRequest;
  idempotencyKey?: string | undefined;
}

export interface CreatedBooking {
  booking: Booking;
  /** False when an earlier request with the same Idempotency-Key made it (a replay). */
  created: boolean;
}

async function replay(
  db: Database,
  userId: string,
  key: string,
  hash: string,
  timeZone: string,
): Promise<CreatedBooking | undefined> {
  const [row] = await selectBookings(db).where(
    and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)),
  );
  if (!row) return undefined;
  if (row.booking.requestHash !== hash) throw new Unprocessable(bookingMessages.idempotencyKeyReused);
  return { booking: toBooking(row, timeZone), created: false };
}

/**
 * Books a slot as `pending` with its price snapshot and its first history event, in one transaction. Re-checks
 * every rule; 409 when another active booking holds the time (the database's exclusion constraint decides).
 */
export async function createBooking(
  db: Database,
  input: CreateBookingInput,
  clock: BookingClock,
): Promise<CreatedBooking> {
  const { userId, request, idempotencyKey } = input;
  const startsAt = new Date(request.startsAt);
  const hash = requestHash(request.serviceId, request, startsAt);
  if (idempotencyKey !== undefined) {
    const earlier = await replay(db, userId, idempotencyKey, hash, clock.timeZone);
    if (earlier) return earlier;
  }

  // The firm needs to know who it meets: the web app asks for the profile first, the server insists.
  const [profile] = await db
    .select({ userId: userProfiles.userId })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  if (!profile) throw new Forbidden(bookingMessages.profileIncomplete);

  const [service] = await db
    .select({ id: services.id, hourlyRate: services.hourlyRate, durationMinutes: services.durationMinutes })
    .from(services)
    .where(eq(services.id, request.serviceId));
  if (!service) {
    throw invalidField('serviceId', bookingMessages.serviceNotFound);
  }
  const check = checkSlotStart(startsAt, { durationMinutes: service.durationMinutes, ...clock });
  if (!check.ok) throw invalidField('startsAt', check.message);

  let id: number;
  try {
    id = await transactionRetryingDeadlocks(db, async (tx) => {
      const [row] = await tx
        .insert(bookings)
        .values({
          userId,
          serviceId: service.id,
          status: 'pending',
          projectDescription: request.projectDescription,
          urgency: request.urgency,
          preferredContact: request.preferredContact,
          additionalNotes: request.additionalNotes,
          startsAt,
          endsAt: new Date(check.slot.ends_at),
          hourlyRate: service.hourlyRate,
          durationMinutes: service.durationMinutes,
          totalCost: totalCost(service.hourlyRate, service.durationMinutes),
          idempotencyKey: idempotencyKey ?? null,
          requestHash: hash,
        })
        .returning({ id: bookings.id });
      if (!row) throw new Error('The booking insert returned no row');
      await tx.insert(bookingEvents).values({ bookingId: row.id, actorUserId: userId, toStatus: 'pending' });
      return row.id;
    });
  } catch (error) {
    // The same key sent twice at once: the loser finds the winner's booking (or its slot taken by it).
    if (idempotencyKey !== undefined && (isUniqueViolation(error) || isExclusionViolation(error))) {
      const earlier = await replay(db, userId, idempotencyKey, hash, clock.timeZone);
      if (earlier) return earlier;
    }
    if (isExclusionViolation(error)) throw new Conflict(bookingMessages.slotTaken);
    throw error;
  }
  return { booking: await findBooking(db, id, clock.timeZone), created: true };
}

// ——— Listing and cancelling ———

/** The caller's bookings, newest first. */
export async function listUserBookings(db: Database, userId: string, timeZone: string): Promise<Booking[]> {
  const rows = await selectBookings(db)
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map((row) => toBooking(row, timeZone));
}

/** A booking as its owner names it: it is found only among that user's bookings. */
export interface OwnBooking {
  userId: string;
  bookingId: number;
}

/**
 * The owner cancels a confirmed booking. Another user's booking is not found (its existence is not revealed);
 * any other status is a 409.
 */
export async function cancelOwnBooking(db: Database, own: OwnBooking, timeZone: string): Promise<Booking> {
  const { userId, bookingId } = own;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
      .for('update');
    if (!row) throw new NotFound(bookingMessages.bookingNotFound);
    if (!canClientCancel(row.status))
      throw new Conflict(bookingMessages.onlyConfirmedCancellable(row.status));
    await recordStatusChange(tx, row, 'cancelled', userId);
  });
  return findBooking(db, bookingId, timeZone);
}
