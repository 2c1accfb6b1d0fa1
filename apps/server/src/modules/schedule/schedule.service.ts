// The firm's schedule: its settings row and the closed dates, cached per process and kept in step across processes
// by the 'schedule' cache version; every change recorded in admin_changes in the same transaction.
import {
  activeBookingStatuses,
  type Booking,
  type BookingsTooClose,
  bytesPerMegabyte,
  type ClosureRecord,
  type ClosureWithBookings,
  changeNoticeHoursFor,
  defaultSchedule,
  type PaymentTerms,
  type PublicSchedule,
  type Schedule,
  type ScheduleChange,
  type ScheduleWithClosures,
  scheduleLimits,
  scheduleMessages,
  todayIn,
} from '@portal/domain';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { InvoicingSettings, PaymentSettings } from '../../config.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { adminChanges, bookings, closures, firmSchedule, services, users } from '../../db/schema.ts';
import { bumpCacheVersion, versionedCache } from '../../db/versioned-cache.ts';
import { Conflict, invalidField, NotFound } from '../../lib/errors.ts';
import { closureNoticeEmail } from '../../lib/mail/booking-emails.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import type { Caller } from '../../plugins/accounts.ts';
import { selectBookings, toBooking } from '../bookings/booking-read-model.ts';
import { applyBuffer, bookingsTooClose, lockBufferForChange } from '../bookings/buffer.ts';
import { bookingsChanged } from '../bookings/held-times.ts';

/** The schedule with its closures' ids (the admin screen deletes by id). */
export interface StoredSchedule extends ScheduleWithClosures {
  closures: readonly ClosureRecord[];
}

const closureColumns = {
  id: closures.id,
  startDate: closures.startDate,
  endDate: closures.endDate,
  reason: closures.reason,
};

/** Closures not over by yesterday (UTC): every zone's today is still covered; older ones no longer shape slots. */
const notOver = sql`${closures.endDate} >= current_date - 1`;

async function buildSchedule(db: Database): Promise<StoredSchedule> {
  const [row] = await db.select({ schedule: firmSchedule.schedule }).from(firmSchedule);
  const closed = await db
    .select(closureColumns)
    .from(closures)
    .where(notOver)
    .orderBy(asc(closures.startDate), asc(closures.id));
  return { schedule: row?.schedule ?? defaultSchedule, closures: closed };
}

const scheduleCache = versionedCache('schedule', buildSchedule);

/** For the admin screen: the closures ahead, then the latest past ones, each with the active bookings on it. */
export async function listClosures(db: Database, timeZone: string): Promise<ClosureWithBookings[]> {
  const today = todayIn(timeZone, new Date());
  const ahead = (await loadScheduleWithClosures(db)).closures.filter((closure) => closure.endDate >= today);
  const past = await db
    .select(closureColumns)
    .from(closures)
    .where(lt(closures.endDate, today))
    .orderBy(desc(closures.endDate), desc(closures.id))
    .limit(scheduleLimits.pastClosuresShown);
  return withAffectedBookings(db, [...ahead, ...past], timeZone);
}

/**
 * Each closure with the active bookings that start on its dates (both included) in the business zone, earliest
 * first: one query for them all.
 */
async function withAffectedBookings(
  db: Database,
  list: readonly ClosureRecord[],
  timeZone: string,
): Promise<ClosureWithBookings[]> {
  if (list.length === 0) return [];
  const day = sql`(${bookings.startsAt} at time zone ${timeZone})::date`;
  const rows = await selectBookings(db)
    .where(
      and(
        inArray(bookings.status, [...activeBookingStatuses]),
        sql`exists (select 1 from ${closures} where ${inArray(
          closures.id,
          list.map((closure) => closure.id),
        )} and ${day} between ${closures.startDate} and ${closures.endDate})`,
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  const affected = rows.map((row) => toBooking(row, timeZone));
  return list.map((closure) => ({
    ...closure,
    affectedBookings: affected.filter(
      (booking) => closure.startDate <= booking.booking_date && booking.booking_date <= closure.endDate,
    ),
  }));
}

/** The current schedule and closures (cached; at most a fraction of a second behind a change made by another process). */
export function loadScheduleWithClosures(db: Database): Promise<StoredSchedule> {
  return scheduleCache.load(db);
}

/** What the public schedule states beside the schedule itself: the server's settings the clients are held to. */
export interface PublicSettings {
  /** BUSINESS_TIMEZONE. */
  timeZone: string;
  /** CLIENT_CHANGE_NOTICE_HOURS. */
  clientChangeNoticeHours: number;
  /** PENDING_EXPIRY_HOURS. */
  pendingExpiryHours: number;
  /** CURRENCY, TAX_RATE_PERCENT, INVOICE_DUE_DAYS. */
  invoicing: InvoicingSettings;
  /** PAYMENTS and CHECKOUT_EXPIRY_MINUTES (never the Stripe secrets). */
  payments: PaymentSettings;
  /** MAX_UPLOAD_MB, in bytes: the wizard and the booking's page check a document's size before sending it. */
  maxUploadBytes: number;
}

/** How bookings are paid, as the Terms of Service state it: the payment settings without anything secret. */
export function paymentTerms(invoicing: InvoicingSettings, payments: PaymentSettings): PaymentTerms {
  return {
    mode: payments.mode,
    currency: invoicing.currency,
    tax_rate_percent: invoicing.taxRate / 1000,
    invoice_due_days: invoicing.dueDays,
    checkout_expiry_minutes: payments.mode === 'stripe' ? payments.checkoutExpiryMinutes : null,
  };
}

/**
 * The schedule as the booking wizard and the Terms of Service read it: the schedule and the closures from today
 * on, in the zone, the client's change notice the wizard states before a booking is made, and the pending expiry
 * and payment rules the Terms state (termsOfService, in the domain).
 */
export async function publicSchedule(db: Database, settings: PublicSettings): Promise<PublicSchedule> {
  const current = await loadScheduleWithClosures(db);
  const today = todayIn(settings.timeZone, new Date());
  return {
    schedule: current.schedule,
    closures: current.closures
      .filter((closure) => closure.endDate >= today)
      .map(({ startDate, endDate, reason }) => ({ startDate, endDate, reason })),
    timeZone: settings.timeZone,
    client_change_notice_hours: settings.clientChangeNoticeHours,
    pending_expiry_hours: settings.pendingExpiryHours,
    payments: paymentTerms(settings.invoicing, settings.payments),
    max_upload_mb: Math.floor(settings.maxUploadBytes / bytesPerMegabyte),
  };
}

function record(
  tx: Transaction,
  actor: Caller,
  change: Pick<typeof adminChanges.$inferInsert, 'subject' | 'subjectId' | 'action' | 'before' | 'after'>,
) {
  return tx.insert(adminChanges).values({ actorUserId: actor.id, actorEmail: actor.email, ...change });
}

/** Runs a change of the schedule or the closures: in one transaction with its version raised, then this process's copy dropped. */
async function changeSchedule<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const outcome = await work(tx);
    await bumpCacheVersion(tx, 'schedule');
    return outcome;
  });
  scheduleCache.forget(db);
  return result;
}

/**
 * Saves the schedule. Every active service's session length must stay a multiple of the slot step (else its
 * slots would not fall on the grid): 400 on `schedule.slotStepMinutes` naming them. Every booking not yet over is
 * held with the buffer saved, in the same transaction (docs/decisions/016); those it would bring too close together
 * keep their hold and are listed by `tooCloseBookings`.
 */
export async function saveSchedule(db: Database, actor: Caller, schedule: Schedule): Promise<Schedule> {
  const offGrid = await db
    .select({ name: services.name, duration: services.durationMinutes })
    .from(services)
    .where(eq(services.active, true));
  const misfits = offGrid.filter((service) => service.duration % schedule.slotStepMinutes !== 0);
  if (misfits.length > 0) {
    throw invalidField(
      'schedule.slotStepMinutes',
      scheduleMessages.stepDoesNotFit(
        misfits.map((service) => `${service.name} (${service.duration} min)`).join(', '),
      ),
    );
  }
  try {
    return await changeSchedule(db, async (tx) => {
      await lockBufferForChange(tx);
      const [before] = await tx.select({ schedule: firmSchedule.schedule }).from(firmSchedule).for('update');
      await tx
        .insert(firmSchedule)
        .values({ id: 1, schedule })
        .onConflictDoUpdate({ target: firmSchedule.id, set: { schedule, updatedAt: new Date() } });
      await record(tx, actor, {
        subject: 'schedule',
        subjectId: null,
        action: 'updated',
        before: before?.schedule ?? defaultSchedule,
        after: schedule,
      });
      await applyBuffer(tx, schedule.bufferMinutes, 'all');
      return schedule;
    });
  } finally {
    bookingsChanged(db);
  }
}

/** Active bookings closer together than the buffer in force (it was raised after they were made). */
export async function tooCloseBookings(db: Database, timeZone: string): Promise<BookingsTooClose[]> {
  const { schedule } = await loadScheduleWithClosures(db);
  return bookingsTooClose(db, schedule.bufferMinutes, timeZone);
}

/** What a closure's letters need: the zone, the client's change notice, the links' origin. */
export interface ClosureLetterOptions {
  /** The business time zone (BUSINESS_TIMEZONE). */
  timeZone: string;
  /** CLIENT_CHANGE_NOTICE_HOURS: whether a letter may offer the client's own move or cancellation. */
  clientChangeNoticeHours: number;
  /** APP_URL: the link to the booking's page. */
  appUrl: string;
}

/**
 * Tells the client of each active booking not yet started on the new closure's dates, one letter a booking (each
 * names its consultation and links its page), in the closure's transaction (docs/product.md#e-mail). A booking whose
 * date another closure already covered was told when that one was made: a retried or repeated request (serialised
 * by the closures' table lock) tells no one again. Answers how many clients were told.
 */
async function tellClientsOfClosure(
  tx: Transaction,
  closure: ClosureRecord,
  options: ClosureLetterOptions,
): Promise<number> {
  const { timeZone } = options;
  const day = sql`(${bookings.startsAt} at time zone ${timeZone})::date`;
  const rows = await selectBookings(tx)
    .where(
      and(
        inArray(bookings.status, [...activeBookingStatuses]),
        sql`${bookings.startsAt} > now()`,
        sql`${day} between ${closure.startDate} and ${closure.endDate}`,
        sql`not exists (select 1 from ${closures} where ${closures.id} <> ${closure.id} and ${day} between ${closures.startDate} and ${closures.endDate})`,
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  if (rows.length === 0) return 0;
  const owners = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.booking.userId))]));
  const admins = new Set(owners.filter((owner) => owner.role === 'admin').map((owner) => owner.id));
  const now = new Date();
  for (const row of rows) {
    const notice = changeNoticeHoursFor(
      admins.has(row.booking.userId) ? 'admin' : 'client',
      options.clientChangeNoticeHours,
    );
    await enqueueMail(
      tx,
      closureNoticeEmail(toBooking(row, timeZone), {
        appUrl: options.appUrl,
        now,
        changeNoticeHours: notice,
      }),
    );
  }
  // One letter a booking; a client with two bookings on the dates is one client told.
  return new Set(rows.map((row) => row.booking.userId)).size;
}

/**
 * Closes a date or a range: the closure, its record and the letters to the clients of the active bookings on it
 * commit together. Answers the closure with every active booking on its dates, and how many clients were told.
 */
export async function addClosure(
  db: Database,
  actor: Caller,
  closure: Omit<ClosureRecord, 'id'>,
  options: ClosureLetterOptions,
): Promise<{ closure: ClosureRecord; affectedBookings: Booking[]; clientsTold: number }> {
  const { timeZone } = options;
  const { added, clientsTold } = await changeSchedule(db, async (tx) => {
    // One at a time (the schedule row, or its absence, is not enough to lock on): a table lock for a rare write.
    await tx.execute(sql`lock table ${closures} in share row exclusive mode`);
    const [ahead] = await tx
      .select({ count: count() })
      .from(closures)
      .where(gte(closures.endDate, todayIn(timeZone, new Date())));
    if ((ahead?.count ?? 0) >= scheduleLimits.maxUpcomingClosures) {
      throw new Conflict(scheduleMessages.tooManyClosures);
    }
    const [row] = await tx.insert(closures).values(closure).returning(closureColumns);
    if (!row) throw new Error('The closure insert returned no row');
    await record(tx, actor, {
      subject: 'closure',
      subjectId: row.id,
      action: 'created',
      before: null,
      after: row,
    });
    return { added: row, clientsTold: await tellClientsOfClosure(tx, row, options) };
  });
  const [withBookings] = await withAffectedBookings(db, [added], timeZone);
  return { closure: added, affectedBookings: withBookings?.affectedBookings ?? [], clientsTold };
}

export async function removeClosure(db: Database, actor: Caller, id: number): Promise<void> {
  await changeSchedule(db, async (tx) => {
    const [row] = await tx.delete(closures).where(eq(closures.id, id)).returning(closureColumns);
    if (!row) throw new NotFound(scheduleMessages.closureNotFound);
    await record(tx, actor, {
      subject: 'closure',
      subjectId: row.id,
      action: 'deleted',
      before: row,
      after: null,
    });
  });
}

/** The latest recorded changes of the schedule and the closures, newest first. */
export async function scheduleChanges(db: Database, limit: number): Promise<ScheduleChange[]> {
  const rows = await db
    .select()
    .from(adminChanges)
    .where(inArray(adminChanges.subject, ['schedule', 'closure']))
    .orderBy(desc(adminChanges.at), desc(adminChanges.id))
    .limit(limit);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    by: row.actorEmail,
    subject: row.subject === 'closure' ? 'closure' : 'schedule',
    action: row.action,
    before: row.before,
    after: row.after,
  }));
}
