// Status changes: each recorded in the booking's history; an administrator's change also tells the client by
// e-mail in the same transaction, so the change and its letter commit together or not at all.
import {
  type Booking,
  type BookingStatus,
  bookingMessages,
  isActiveBookingStatus,
  isPendingBookingDue,
  pendingExpiryBounds,
} from '@portal/domain';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { type Database, type Transaction, transactionRetryingDeadlocks } from '../../db/client.ts';
import { isExclusionViolation } from '../../db/errors.ts';
import { bookingEvents, bookings } from '../../db/schema.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { BookingMailOptions, CalendarHistory } from '../../lib/mail/booking-calendar.ts';
import { statusChangeEmail } from '../../lib/mail/booking-emails.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { creditInvoice, type InvoiceIssuing, issueInvoice } from '../billing/invoice-issuing.ts';
import { type PaidBooking, recordCardPaymentOf, settleCardPayment } from '../payments/card-settlement.ts';
import type { CardPayments } from '../payments/stripe-gateway.ts';
import { withdrawReminders } from '../reminders/reminder-records.ts';
import { findBooking, ofConsultantAccount, type Reader } from './booking-read-model.ts';
import { applyBuffer, bufferInForce } from './buffer.ts';
import { bookingsChanged, lockConsultantDays } from './held-times.ts';

/** Who makes a change: a signed-in user acting as the booking's client or as an administrator, or the system. */
export type EventActor = { kind: 'client' | 'admin'; userId: string } | { kind: 'system' };

/** The history columns naming the actor. */
export function actorColumns(actor: EventActor) {
  return { actor: actor.kind, actorUserId: actor.kind === 'system' ? null : actor.userId };
}

/** The invoice or credit note a status change issued, for its letter to carry. */
export interface IssuedWithChange {
  invoiceId?: number;
}

/** What a status change needs to move the booking's money: invoicing, and the card payments when they are on. */
export interface StatusChangeBilling extends InvoiceIssuing {
  /** Null when bookings are paid by invoice (PAYMENTS=invoice). */
  cardPayments: CardPayments | null;
}

/**
 * Records a status change and its history event in the caller's transaction; a booking leaving confirmed has its
 * reminders not yet sent withdrawn. Confirmed, it is invoiced; cancelled with an invoice, it is credited, in the
 * same transaction (docs/decisions/049). A card booking's money moves first (docs/decisions/050): captured when
 * confirmed, its invoice then issued paid; voided or refunded when cancelled.
 */
export async function recordStatusChange(
  tx: Transaction,
  booking: PaidBooking & { status: BookingStatus },
  to: BookingStatus,
  actor: EventActor,
  billing: StatusChangeBilling,
): Promise<IssuedWithChange> {
  const settlement = await settleCardPayment(tx, billing.cardPayments, booking, to);
  await tx.update(bookings).set({ status: to, updatedAt: sql`now()` }).where(eq(bookings.id, booking.id));
  if (booking.status === 'confirmed') await withdrawReminders(tx, booking.id);
  await tx.insert(bookingEvents).values({
    bookingId: booking.id,
    ...actorColumns(actor),
    type: 'status_changed',
    fromStatus: booking.status,
    toStatus: to,
  });
  if (to === 'confirmed') {
    const invoiceId = await issueInvoice(tx, booking.id, billing);
    if (settlement) await recordCardPaymentOf(tx, invoiceId, settlement, billing.timeZone);
    return { invoiceId };
  }
  if (to === 'cancelled') {
    const creditNoteId = await creditInvoice(tx, booking.id, billing);
    return creditNoteId === undefined ? {} : { invoiceId: creditNoteId };
  }
  return {};
}

/**
 * The calendar event's revision and whether a calendar part went out, from the booking's history. Every change,
 * a reschedule included, is an event, so their count only grows: each revision outranks the last.
 */
export async function calendarHistory(tx: Reader, bookingId: number): Promise<CalendarHistory> {
  return (await calendarHistories(tx, [bookingId])).get(bookingId) ?? noCalendarHistory;
}

/** A booking without history (never so: its creation is recorded with it). */
export const noCalendarHistory: CalendarHistory = { sequence: 0, invited: false };

/** calendarHistory of several bookings in one query (a calendar feed). */
export async function calendarHistories(
  tx: Reader,
  bookingIds: number[],
): Promise<Map<number, CalendarHistory>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await tx
    .select({
      bookingId: bookingEvents.bookingId,
      changes: sql<number>`count(*)::int`,
      // A confirmation sends an invitation and so does a reschedule (of a pending booking too): a later
      // cancellation must withdraw it.
      invited: sql<boolean>`coalesce(bool_or(${bookingEvents.toStatus} = 'confirmed' or ${bookingEvents.type} = 'rescheduled'), false)`,
    })
    .from(bookingEvents)
    .where(inArray(bookingEvents.bookingId, bookingIds))
    .groupBy(bookingEvents.bookingId);
  return new Map(
    rows.map((row) => [
      row.bookingId,
      { sequence: Math.max(0, Number(row.changes) - 1), invited: Boolean(row.invited) },
    ]),
  );
}

/** What an administrator's change needs beyond the database: the zone, the client's e-mail's links, invoicing. */
export interface StatusChangeOptions extends BookingMailOptions, StatusChangeBilling {
  /** The business time zone (BUSINESS_TIMEZONE): the letter's times and the calendar event's zone. */
  timeZone: string;
}

/**
 * Sets any status (the administrators' change), recorded in the history, and tells the client by e-mail in the
 * same transaction. Reactivating a cancelled booking whose time another active booking has taken since is a 409
 * 'This time slot is no longer available'. Setting the status it already has changes, records and sends nothing.
 */
export async function setBookingStatus(
  db: Database,
  input: {
    bookingId: number;
    status: BookingStatus;
    actorUserId: string;
    /** A consultant's change: only a booking of the consultant linked to this account (else 404). */
    consultantAccount?: boolean;
  },
  options: StatusChangeOptions & {
    /** Called when the booking is now confirmed: confirmed after its reminder time, the reminder goes at once. */
    confirmed?: () => void;
  },
): Promise<Booking> {
  try {
    await transactionRetryingDeadlocks(db, async (tx) => {
      const activating = isActiveBookingStatus(input.status);
      const bufferMinutes = activating ? await bufferInForce(tx) : undefined;
      const [row] = await tx
        .select({
          id: bookings.id,
          status: bookings.status,
          consultantId: bookings.consultantId,
          startsAt: bookings.startsAt,
          createdAt: bookings.createdAt,
        })
        .from(bookings)
        .where(
          and(
            eq(bookings.id, input.bookingId),
            input.consultantAccount ? ofConsultantAccount(input.actorUserId) : undefined,
          ),
        )
        .for('update');
      if (!row) throw new NotFound(bookingMessages.bookingNotFound);
      if (row.status === input.status) return;
      // An active booking's row is checked against the others' times again: in turn with their writers. One made
      // active again holds the buffer in force, as do those before it where they can (as for a new booking); an
      // active one keeps its hold.
      if (bufferMinutes !== undefined) {
        // Its consultant's day: the consultant may have taken another booking at that time since.
        await lockConsultantDays(tx, [row.consultantId], row.startsAt, options.timeZone);
        if (!isActiveBookingStatus(row.status)) {
          await applyBuffer(tx, bufferMinutes, { consultantIds: [row.consultantId], startsAt: row.startsAt });
        }
      }
      const issued = await recordStatusChange(
        tx,
        row,
        input.status,
        { kind: 'admin', userId: input.actorUserId },
        options,
      );
      const changed = await findBooking(tx, row.id, options.timeZone);
      const letter = statusChangeEmail(changed, await calendarHistory(tx, row.id), options);
      if (letter) await enqueueMail(tx, { ...letter, ...issued });
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw new Conflict(bookingMessages.slotTaken);
    throw error;
  } finally {
    bookingsChanged(db);
  }
  const booking = await findBooking(db, input.bookingId, options.timeZone);
  if (booking.status === 'confirmed') options.confirmed?.();
  return booking;
}

// ——— Pending bookings nobody confirmed in time ———

/** The pending bookings due to expire at `now` (docs/product.md#statuses), oldest first, at most `limit`. */
export async function duePendingBookings(
  db: Database,
  now: Date,
  hours: number,
  limit = 500,
): Promise<number[]> {
  const bounds = pendingExpiryBounds(now, hours);
  if (!bounds) return [];
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'pending'),
        or(lte(bookings.createdAt, bounds.madeBy), lte(bookings.startsAt, bounds.startsBy)),
      ),
    )
    .orderBy(asc(bookings.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Cancels one pending booking that nobody confirmed in time, as the system, and tells the client by e-mail in the
 * same transaction. The row is locked and judged again, so an administrator's confirmation a moment earlier wins.
 * False when it was no longer due.
 */
export async function expirePendingBooking(
  db: Database,
  bookingId: number,
  rule: { now: Date; hours: number },
  options: StatusChangeOptions,
): Promise<boolean> {
  return transactionRetryingDeadlocks(db, async (tx) => {
    const [row] = await tx
      .select({
        id: bookings.id,
        status: bookings.status,
        createdAt: bookings.createdAt,
        startsAt: bookings.startsAt,
      })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
    if (!row || !isPendingBookingDue(row, rule.now, rule.hours)) return false;
    await recordStatusChange(tx, row, 'cancelled', { kind: 'system' }, options);
    const changed = await findBooking(tx, row.id, options.timeZone);
    const letter = statusChangeEmail(
      changed,
      await calendarHistory(tx, row.id),
      options,
      'notConfirmedInTime',
    );
    if (letter) await enqueueMail(tx, letter);
    return true;
  }).finally(() => bookingsChanged(db));
}
