// Bookings: creating (idempotent, never overlapping) and the caller's list.
import { createHash, randomBytes } from 'node:crypto';
import {
  amountCents,
  type Booking,
  bookingErrorCodes,
  bookingMessages,
  type CreateBookingRequest,
  changeNoticeHoursFor,
  checkAnswers,
  checkSlotStart,
  type MyBookingsQuery,
  type MyBookingsResponse,
  meetingUrl,
  normalizeText,
  type Role,
  serviceMessages,
  totalCost,
} from '@portal/domain';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { type Database, type Transaction, transactionRetryingDeadlocks } from '../../db/client.ts';
import { isExclusionViolation, isUniqueViolation } from '../../db/errors.ts';
import { bookingEvents, bookings, services, userProfiles } from '../../db/schema.ts';
import { lockLiveAccount } from '../../lib/accounts/live-account.ts';
import { Conflict, Forbidden, invalidField, Unprocessable, ValidationFailed } from '../../lib/errors.ts';
import type { BookingMailOptions } from '../../lib/mail/booking-calendar.ts';
import { bookingReceivedEmail } from '../../lib/mail/booking-emails.ts';
import { type FirmNoticeOptions, notifyFirm } from '../../lib/mail/firm-emails.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { withUnreadMessages } from '../conversation/unread.ts';
import { openCheckout } from '../payments/card-settlement.ts';
import { loadScheduleWithClosures } from '../schedule/schedule.service.ts';
import { assignConsultant, candidatesFor } from './assignment.ts';
import { clockNow } from './availability.service.ts';
import { afterMine, encodeMyCursor, myBookingsOrder, readMyCursor } from './booking-pages.ts';
import { findBooking, type Reader, selectBookings, toBooking } from './booking-read-model.ts';
import { actorColumns, type StatusChangeBilling } from './booking-status.service.ts';
import { applyBuffer, bufferInForce, heldUntil } from './buffer.ts';
import { bookingsChanged, lockConsultantDays } from './held-times.ts';

// ——— Creating ———

/** The answers as understood: by question id in one order, texts as the check reads them. */
function canonicalAnswers(answers: Record<string, unknown>): [string, unknown][] {
  return Object.keys(answers)
    .sort()
    .map((id) => {
      const value = answers[id];
      return [id, typeof value === 'string' ? normalizeText(value) : value];
    });
}

/** A hash of the request as understood (after trimming and defaults), so that only meaning counts. */
export function requestHash(serviceId: number, request: CreateBookingRequest, startsAt: Date): string {
  const canonical = JSON.stringify([
    serviceId,
    request.projectDescription,
    startsAt.toISOString(),
    request.urgency,
    request.preferredContact,
    request.additionalNotes,
    // Only when chosen: a request without one hashes as it did before consultants.
    ...(request.consultantId === undefined ? [] : [request.consultantId]),
    // Only when given: a request without answers hashes as it did before intake questions.
    ...(Object.keys(request.answers).length === 0 ? [] : [{ answers: canonicalAnswers(request.answers) }]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export interface CreatedBooking {
  booking: Booking;
  /** False when an earlier request with the same Idempotency-Key made it (a replay). */
  created: boolean;
}

async function replay(
  db: Reader,
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

/** What the e-mails of a client's action need: the client's letter (links, calendar organizer) and the firm's. */
export type ClientActionMail = BookingMailOptions & FirmNoticeOptions;

/** The configuration the booking services follow, given once to the bookings routes. */
export interface BookingSettings extends ClientActionMail, StatusChangeBilling {
  /** The business time zone (BUSINESS_TIMEZONE). */
  timeZone: string;
  /**
   * MAX_PENDING_BOOKINGS_PER_CLIENT: pending bookings not yet started one client may hold at a time
   * (docs/product.md#limits).
   */
  maxPendingBookings: number;
  /**
   * MAX_PENDING_BOOKINGS_PER_ADDRESS: pending bookings not yet started that may be held from one client address,
   * whoever's accounts they are (docs/product.md#limits).
   */
  maxPendingBookingsPerAddress: number;
  /** CLIENT_CHANGE_NOTICE_HOURS: a client's cancelling and rescheduling close this long before the start. */
  changeNoticeHours: number;
  /** PENDING_EXPIRY_HOURS: the received letter says when an unconfirmed request lapses (0: never). */
  pendingExpiryHours: number;
  /** MEETING_URL_TEMPLATE: each new booking's video room. */
  meetingUrlTemplate: string;
}

/** Who asks: the signed-in caller. */
export interface BookingCaller {
  id: string;
  role: Role;
}

/**
 * Books a slot as `pending` with its price snapshot and its first history event, in one transaction, with the
 * client's letter (received, what happens next) and the firm's notice. Re-checks every rule; assigns the chosen
 * consultant or the first free one by the assignment rule (400 when the chosen one does not deliver the service);
 * 409 when they are busy or nobody is free (the database's exclusion constraint decides), or when the client
 * already holds `maxPendingBookings` pending bookings that have not started. A replay sends nothing again.
 */
export async function createBooking(
  db: Database,
  userId: string,
  request: CreateBookingRequest,
  idempotencyKey: string | undefined,
  settings: BookingSettings,
  /** The sender's client address as limits count it (clientAddressKey of the request's address). */
  clientAddress: string,
): Promise<CreatedBooking> {
  const clock = clockNow(settings.timeZone);
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
    .select({
      id: services.id,
      name: services.name,
      hourlyRate: services.hourlyRate,
      durationMinutes: services.durationMinutes,
      active: services.active,
      questions: services.questions,
    })
    .from(services)
    .where(eq(services.id, request.serviceId));
  if (!service) {
    throw invalidField('serviceId', bookingMessages.serviceNotFound);
  }
  // A retired service keeps its bookings but takes no new ones (docs/decisions/017).
  if (!service.active) throw invalidField('serviceId', serviceMessages.retired);
  // The answers against the service's questions as they are now; the booking keeps this copy of them with its
  // answers, which no later edit of the questions reaches (docs/product.md#intake-questions).
  const answers = checkAnswers(service.questions, request.answers);
  if (!answers.ok) throw new ValidationFailed(answers.errors);
  const scheduleWithClosures = await loadScheduleWithClosures(db);
  const check = checkSlotStart(startsAt, {
    durationMinutes: service.durationMinutes,
    ...clock,
    scheduleWithClosures,
  });
  if (!check.ok) throw invalidField('startsAt', check.message);
  const endsAt = new Date(check.slot.ends_at);
  // Who could take it by their hours and time off; who is free is judged under the locks of their days.
  const candidates = await candidatesFor(db, service.id, request.consultantId, check.date, check.slot);
  const candidateIds = candidates.map((consultant) => consultant.id);

  let made: CreatedBooking;
  try {
    made = await transactionRetryingDeadlocks(db, async (tx) => {
      // The buffer in force goes with the booking: the exclusion constraint compares these holds.
      const bufferMinutes = await bufferInForce(tx);
      const blockedUntil = heldUntil(endsAt, bufferMinutes);
      // The client's row, locked until commit, makes their bookings one at a time, so the count below holds
      // however many arrive at once (NO KEY UPDATE: foreign-key checks on the row are not blocked).
      const client = await lockLiveAccount(tx, userId, 'no key update');
      // Under the lock, a retry with the key finds the booking its first attempt made: never counted twice.
      if (idempotencyKey !== undefined) {
        const earlier = await replay(tx, userId, idempotencyKey, hash, clock.timeZone);
        if (earlier) return earlier;
      }
      const [pending] = await tx
        .select({ count: count() })
        .from(bookings)
        .where(
          and(eq(bookings.userId, userId), eq(bookings.status, 'pending'), gt(bookings.startsAt, clock.now)),
        );
      if (Number(pending?.count ?? 0) >= settings.maxPendingBookings) {
        throw new Conflict(
          bookingMessages.pendingLimitReached(settings.maxPendingBookings),
          bookingErrorCodes.pendingLimit,
        );
      }
      await lockConsultantDays(tx, candidateIds, startsAt, clock.timeZone);
      await applyBuffer(tx, bufferMinutes, { consultantIds: candidateIds, startsAt });
      const consultantId = await assignConsultant(
        tx,
        candidateIds,
        { startsAt, blockedUntil },
        check.date,
        clock.timeZone,
      );
      // Last before the insert: a booking waiting for its day does not hold up its address's other days.
      await checkAddressPendingLimit(tx, clientAddress, clock.now, settings.maxPendingBookingsPerAddress);
      const [row] = await tx
        .insert(bookings)
        .values({
          userId,
          serviceId: service.id,
          consultantId,
          status: 'pending',
          projectDescription: request.projectDescription,
          urgency: request.urgency,
          preferredContact: request.preferredContact,
          additionalNotes: request.additionalNotes,
          startsAt,
          endsAt,
          blockedUntil,
          hourlyRate: service.hourlyRate,
          durationMinutes: service.durationMinutes,
          totalCost: totalCost(service.hourlyRate, service.durationMinutes),
          amountCents: amountCents(service.hourlyRate, service.durationMinutes),
          currency: settings.invoicing.currency,
          idempotencyKey: idempotencyKey ?? null,
          requestHash: hash,
          clientAddress,
          brief: answers.brief,
          // 128 random bits: a room nobody can guess.
          meetingUrl: meetingUrl(settings.meetingUrlTemplate, randomBytes(16).toString('hex')),
        })
        .returning({ id: bookings.id, createdAt: bookings.createdAt, amountCents: bookings.amountCents });
      if (!row) throw new Error('The booking insert returned no row');
      await tx.insert(bookingEvents).values({
        bookingId: row.id,
        ...actorColumns({ kind: 'client', userId }),
        type: 'created',
        toStatus: 'pending',
      });
      // Last: the checkout is opened for a booking that will commit unless Stripe fails, which rolls it back.
      if (settings.cardPayments) {
        await openCheckout(tx, settings.cardPayments, {
          booking: row,
          serviceName: service.name,
          amountCents: row.amountCents,
          currency: settings.invoicing.currency,
          taxRate: settings.invoicing.taxRate,
          email: client.email,
        });
      }
      const booking = await findBooking(tx, row.id, clock.timeZone);
      await enqueueMail(tx, bookingReceivedEmail(booking, { ...settings, now: clock.now }));
      await notifyFirm(tx, booking, settings);
      return { booking, created: true };
    });
  } catch (error) {
    bookingsChanged(db);
    // The same key sent twice at once: the loser finds the winner's booking (or its slot taken by it).
    if (idempotencyKey !== undefined && (isUniqueViolation(error) || isExclusionViolation(error))) {
      const earlier = await replay(db, userId, idempotencyKey, hash, clock.timeZone);
      if (earlier) return earlier;
    }
    if (isExclusionViolation(error)) throw new Conflict(bookingMessages.slotTaken);
    throw error;
  }
  bookingsChanged(db);
  return made;
}

/**
 * Refuses a booking when the pending bookings not yet started made from this client address, by any account,
 * already reach the limit: throwaway accounts from one place cannot take every slot of a day. A lock on the
 * address, held until commit, makes the bookings from one address count one after another, so the limit holds
 * however many arrive at once (the client's row lock alone would let different accounts race).
 */
async function checkAddressPendingLimit(
  tx: Transaction,
  clientAddress: string,
  now: Date,
  max: number,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`booking-address|${clientAddress}`}, 0))`,
  );
  const [pending] = await tx
    .select({ count: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientAddress, clientAddress),
        eq(bookings.status, 'pending'),
        gt(bookings.startsAt, now),
      ),
    );
  if (Number(pending?.count ?? 0) >= max) {
    throw new Conflict(bookingMessages.addressPendingLimitReached(max), bookingErrorCodes.pendingLimit);
  }
}

// ——— Listing ———

/**
 * A page of the caller's bookings — upcoming ones (pending or confirmed, not started) first, soonest first, then the
 * rest, most recent first — the cursor of the next, and the change notice the caller is held to.
 */
export async function listUserBookings(
  db: Database,
  caller: BookingCaller,
  query: MyBookingsQuery,
  settings: BookingSettings,
): Promise<MyBookingsResponse> {
  const mine = eq(bookings.userId, caller.id);
  const cursor = query.cursor === undefined ? undefined : readMyCursor(query.cursor);
  // Upcoming and past are split at the first page's moment on every page.
  const asOf = cursor?.asOf ?? new Date();
  const rows = await selectBookings(db)
    .where(cursor === undefined ? mine : and(mine, afterMine(cursor, caller.id)))
    .orderBy(...myBookingsOrder(asOf))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeMyCursor(asOf, last.booking.id) : null;
  return {
    bookings: await withUnreadMessages(
      db,
      caller.id,
      page.map((row) => toBooking(row, settings.timeZone)),
    ),
    nextCursor,
    change_notice_hours: changeNoticeHoursFor(caller.role, settings.changeNoticeHours),
  };
}
