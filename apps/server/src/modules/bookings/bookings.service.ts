// Bookings: availability of a day, creating (idempotent, never overlapping), listing and cancelling.
import { createHash } from 'node:crypto';
import {
  type AvailabilityResponse,
  activeBookingStatuses,
  type Booking,
  type BookingStatus,
  bookingMessages,
  type CreateBookingRequest,
  canClientCancel,
  checkSlotStart,
  confirmationCode,
  daySlots,
  type IsoDate,
  overlaps,
  paths,
  productName,
  totalCost,
  zonedDate,
  zonedTime,
} from '@portal/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type BookingRow, bookingEvents, bookings, services, userProfiles, users } from '../../db/schema.ts';
import { consultationCalendar, consultationUid, mailbox } from '../../mail/calendar.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { bookingCancelledEmail, bookingCompletedEmail, bookingConfirmedEmail } from '../../mail/templates.ts';
import { AppError, Conflict, Forbidden, NotFound, ValidationFailed } from '../errors.ts';
import { loadCatalogue } from '../services/services.service.ts';

/** What the booking rules need to know about the moment and the place. */
export interface BookingClock {
  /** The business time zone (BUSINESS_TIMEZONE). */
  timeZone: string;
  now: Date;
}

/** 422: an Idempotency-Key reused with a different request. */
export class IdempotencyKeyReused extends AppError {
  override name = 'IdempotencyKeyReused';
  constructor() {
    super(422, bookingMessages.idempotencyKeyReused);
  }
}

// ——— Driver errors (Drizzle wraps them: the PostgreSQL code is on the error or its cause) ———

const exclusionViolation = '23P01';
const uniqueViolation = '23505';

function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether a failed write broke the no-overlap rule (another active booking holds the time). */
export function isSlotTakenError(error: unknown): boolean {
  return databaseErrorCode(error) === exclusionViolation;
}

// ——— Reading bookings with their service and owner (one query, no N+1) ———

const bookingColumns = {
  booking: bookings,
  serviceName: services.name,
  email: users.email,
  firstName: userProfiles.firstName,
  lastName: userProfiles.lastName,
};

interface BookingJoinRow {
  booking: BookingRow;
  serviceName: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export function selectBookings(db: Database) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, bookings.userId));
}

export function toBooking(row: BookingJoinRow, timeZone: string): Booking {
  const { booking } = row;
  const date = zonedDate(booking.startsAt, timeZone);
  const startTime = zonedTime(booking.startsAt, timeZone);
  const endTime = zonedTime(booking.endsAt, timeZone);
  return {
    id: booking.id,
    service_id: booking.serviceId,
    status: booking.status,
    project_description: booking.projectDescription,
    created_at: booking.createdAt.toISOString(),
    updated_at: booking.updatedAt.toISOString(),
    booking_date: date,
    services: { name: row.serviceName, duration: booking.durationMinutes, hourly_rate: booking.hourlyRate },
    time_slots: [{ start_time: startTime, end_time: endTime, availability: { date } }],
    user_profiles: { first_name: row.firstName, last_name: row.lastName, email: row.email },
    starts_at: booking.startsAt.toISOString(),
    ends_at: booking.endsAt.toISOString(),
    time_zone: timeZone,
    urgency: booking.urgency,
    preferred_contact: booking.preferredContact,
    additional_notes: booking.additionalNotes,
    total_cost: booking.totalCost,
    confirmation_code: confirmationCode(booking.id, booking.createdAt, timeZone),
  };
}

async function findBooking(db: Database, id: number, timeZone: string): Promise<Booking> {
  const [row] = await selectBookings(db).where(eq(bookings.id, id));
  if (!row) throw new Error(`Booking ${id} vanished`);
  return toBooking(row, timeZone);
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
  if (row.booking.requestHash !== hash) throw new IdempotencyKeyReused();
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
    throw new ValidationFailed(
      [{ path: 'serviceId', msg: bookingMessages.serviceNotFound }],
      bookingMessages.serviceNotFound,
    );
  }
  const check = checkSlotStart(startsAt, { durationMinutes: service.durationMinutes, ...clock });
  if (!check.ok) throw new ValidationFailed([{ path: 'startsAt', msg: check.message }], check.message);

  let id: number;
  try {
    id = await db.transaction(async (tx) => {
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
    const code = databaseErrorCode(error);
    // The same key sent twice at once: the loser finds the winner's booking (or its slot taken by it).
    if (idempotencyKey !== undefined && (code === uniqueViolation || code === exclusionViolation)) {
      const earlier = await replay(db, userId, idempotencyKey, hash, clock.timeZone);
      if (earlier) return earlier;
    }
    if (code === exclusionViolation) throw new Conflict(bookingMessages.slotTaken);
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

/** Records a status change and its event in the caller's transaction. */
async function changeStatus(
  tx: Pick<Database, 'update' | 'insert'>,
  booking: { id: number; status: BookingStatus },
  to: BookingStatus,
  actorUserId: string,
): Promise<void> {
  await tx.update(bookings).set({ status: to, updatedAt: sql`now()` }).where(eq(bookings.id, booking.id));
  await tx
    .insert(bookingEvents)
    .values({ bookingId: booking.id, actorUserId, fromStatus: booking.status, toStatus: to });
}

/**
 * The owner cancels a confirmed booking. Another user's booking is not found (its existence is not revealed);
 * any other status is a 409.
 */
export async function cancelOwnBooking(
  db: Database,
  userId: string,
  bookingId: number,
  timeZone: string,
): Promise<Booking> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
      .for('update');
    if (!row) throw new NotFound(bookingMessages.bookingNotFound);
    if (!canClientCancel(row.status))
      throw new Conflict(bookingMessages.onlyConfirmedCancellable(row.status));
    await changeStatus(tx, row, 'cancelled', userId);
  });
  return findBooking(db, bookingId, timeZone);
}

// ——— The administrators' change, and the client told ———

/** What a status change needs beyond the database: the place, and what the client's e-mail links to. */
export interface StatusChangeOptions {
  /** The business time zone (BUSINESS_TIMEZONE): the letter's times and the calendar event's zone. */
  timeZone: string;
  /** The public origin (APP_URL): the link to My Bookings and the host in the calendar event's UID. */
  appUrl: string;
  /** MAIL_FROM: the organizer of the calendar event. */
  mailFrom: string;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The client's e-mail about a change an administrator made, in the change's transaction: confirmed → the letter
 * with a calendar REQUEST; cancelled → the letter, with a calendar CANCEL of the same event when it had been
 * confirmed (an invitation was sent); completed → a thank-you; pending → nothing.
 */
async function enqueueStatusMail(
  tx: Transaction,
  bookingId: number,
  status: BookingStatus,
  options: StatusChangeOptions,
): Promise<void> {
  if (status === 'pending') return;
  const [row] = await selectBookings(tx).where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`Booking ${bookingId} vanished`);
  const booking = toBooking(row, options.timeZone);
  const myBookingsUrl = new URL(paths.myBookings, options.appUrl).toString();
  if (status === 'completed') {
    await enqueueMail(tx, bookingCompletedEmail(booking, myBookingsUrl));
    return;
  }
  // Every change is an event, so their count only grows: each revision of the calendar event outranks the last.
  const [history] = await tx
    .select({
      changes: sql<number>`count(*)::int`,
      everConfirmed: sql<boolean>`coalesce(bool_or(${bookingEvents.toStatus} = 'confirmed'), false)`,
    })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId));
  const changes = Number(history?.changes ?? 0);
  // A cancellation carries a calendar CANCEL only if an invitation went out (the booking was confirmed once).
  const invited = Boolean(history?.everConfirmed);
  const calendar = (method: 'REQUEST' | 'CANCEL') =>
    consultationCalendar({
      method,
      uid: consultationUid(booking.id, options.appUrl),
      sequence: Math.max(0, changes - 1),
      startsAt: row.booking.startsAt,
      endsAt: row.booking.endsAt,
      timeZone: options.timeZone,
      summary: `${booking.services.name} consultation`,
      description: [
        `Confirmation code: ${booking.confirmation_code}`,
        `Project: ${booking.project_description}`,
        `Manage your booking: ${myBookingsUrl}`,
      ].join('\n\n'),
      url: myBookingsUrl,
      organizer: mailbox(options.mailFrom, productName),
      attendee: {
        email: booking.user_profiles.email,
        name: [booking.user_profiles.first_name, booking.user_profiles.last_name].filter(Boolean).join(' '),
      },
      stamp: new Date(),
    });
  if (status === 'confirmed') {
    await enqueueMail(tx, {
      ...bookingConfirmedEmail(booking, myBookingsUrl),
      icalEvent: calendar('REQUEST'),
    });
    return;
  }
  await enqueueMail(tx, {
    ...bookingCancelledEmail(booking, myBookingsUrl, invited),
    ...(invited ? { icalEvent: calendar('CANCEL') } : {}),
  });
}

/**
 * Sets any status (the administrators' change, spec §4), recorded in the history, and tells the client by e-mail
 * in the same transaction (the change and its e-mail commit together or not at all). Reactivating a cancelled
 * booking whose time another active booking has taken since is a 409 'This time slot is no longer available'.
 * Setting the status it already has changes nothing, records nothing and sends nothing.
 */
export async function setBookingStatus(
  db: Database,
  input: { bookingId: number; status: BookingStatus; actorUserId: string },
  options: StatusChangeOptions,
): Promise<Booking> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: bookings.id, status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, input.bookingId))
        .for('update');
      if (!row) throw new NotFound(bookingMessages.bookingNotFound);
      if (row.status === input.status) return;
      await changeStatus(tx, row, input.status, input.actorUserId);
      await enqueueStatusMail(tx, row.id, input.status, options);
    });
  } catch (error) {
    if (isSlotTakenError(error)) throw new Conflict(bookingMessages.slotTaken);
    throw error;
  }
  return findBooking(db, input.bookingId, options.timeZone);
}
