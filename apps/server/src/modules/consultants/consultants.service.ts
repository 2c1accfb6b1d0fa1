// The firm's consultants: the admin's records (each change recorded in admin_changes, as for services) and the
// public list. Nothing here changes bookings: each keeps its consultant whatever becomes of them (docs/decisions/046).
// Every change raises the consultants' cache version, which availability and booking read (roster.ts).
import {
  type AdminConsultant,
  activeBookingStatuses,
  type Booking,
  type ConsultantBody,
  consultantLimits,
  consultantMessages,
  hoursOutsideFirm,
  type IsoDate,
  maxConsultantBookingsListed,
  type NewConsultantBody,
  type PublicConsultant,
  type TimeOff,
  type TimeOffBody,
  todayIn,
  type WeeklyHours,
} from '@portal/domain';
import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { withinDays } from '../../db/date-ranges.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  adminChanges,
  bookings,
  type ConsultantRow,
  consultantServices,
  consultants,
  consultantTimeOff,
  services,
} from '../../db/schema.ts';
import { linkConsultantAccount } from '../../lib/accounts/consultant-accounts.ts';
import { Conflict, HttpError, invalidField, NotFound } from '../../lib/errors.ts';
import { ofConsultantAccount, selectBookings, toBooking } from '../bookings/booking-read-model.ts';
import { withUnreadMessages } from '../conversation/unread.ts';
import { loadScheduleWithClosures } from '../schedule/schedule.service.ts';
import { consultantsChanged, consultantsChanging } from './roster.ts';

/** Who makes a change: kept with it (the address too, in case the account goes). */
export interface Actor {
  id: string;
  email: string;
}

/** 409 naming the field: the form shows it beside the email. */
function emailTaken(): HttpError {
  return new HttpError(409, consultantMessages.emailTaken, {
    errors: [{ path: 'email', msg: consultantMessages.emailTaken }],
  });
}

/** The record as the history keeps it. */
interface Recorded {
  name: string;
  email: string;
  title: string;
  bio: string;
  serviceIds: number[];
  weeklyHours: WeeklyHours | null;
  active: boolean;
}

function recorded(consultant: AdminConsultant): Recorded {
  return {
    name: consultant.name,
    email: consultant.email,
    title: consultant.title,
    bio: consultant.bio,
    serviceIds: consultant.service_ids,
    weeklyHours: consultant.weekly_hours,
    active: consultant.active,
  };
}

async function record(
  tx: Transaction,
  actor: Actor,
  change: {
    subject: 'consultant' | 'time_off';
    subjectId: number;
    action: 'created' | 'updated' | 'deleted';
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await tx.insert(adminChanges).values({ actorUserId: actor.id, actorEmail: actor.email, ...change });
}

/** Every consultant with their services and time off not yet over, by id. */
async function loadConsultants(
  db: Database | Transaction,
  timeZone: string,
  only?: number,
): Promise<AdminConsultant[]> {
  const rows = await db
    .select()
    .from(consultants)
    .where(only === undefined ? undefined : eq(consultants.id, only))
    .orderBy(asc(consultants.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const links = await db
    .select()
    .from(consultantServices)
    .where(inArray(consultantServices.consultantId, ids))
    .orderBy(asc(consultantServices.serviceId));
  const today = todayIn(timeZone, new Date());
  const timeOff = await db
    .select()
    .from(consultantTimeOff)
    .where(and(inArray(consultantTimeOff.consultantId, ids), gte(consultantTimeOff.endDate, today)))
    .orderBy(asc(consultantTimeOff.startDate), asc(consultantTimeOff.id));
  return rows.map((row) => toAdmin(row, links, timeOff));
}

function toAdmin(
  row: ConsultantRow,
  links: readonly { consultantId: number; serviceId: number }[],
  timeOff: readonly (TimeOff & { consultantId: number })[],
): AdminConsultant {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    title: row.title,
    bio: row.bio,
    service_ids: links.filter((link) => link.consultantId === row.id).map((link) => link.serviceId),
    weekly_hours: row.weeklyHours ?? null,
    active: row.active,
    user_id: row.userId,
    time_off: timeOff
      .filter((entry) => entry.consultantId === row.id)
      .map(({ id, startDate, endDate, reason }) => ({ id, startDate, endDate, reason })),
  };
}

export function listConsultants(db: Database, timeZone: string): Promise<AdminConsultant[]> {
  return loadConsultants(db, timeZone);
}

async function loadOne(db: Database | Transaction, id: number, timeZone: string): Promise<AdminConsultant> {
  const [consultant] = await loadConsultants(db, timeZone, id);
  if (!consultant) throw new NotFound(consultantMessages.notFound);
  return consultant;
}

/** 400 naming `serviceIds` when one of them is no service (retired ones count: they may come back). */
async function checkServices(db: Database | Transaction, serviceIds: readonly number[]): Promise<void> {
  if (serviceIds.length === 0) return;
  const found = await db
    .select({ id: services.id })
    .from(services)
    .where(inArray(services.id, [...serviceIds]));
  const known = new Set(found.map((row) => row.id));
  const unknown = serviceIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw invalidField('serviceIds', consultantMessages.serviceUnknown(unknown));
}

/** 400 naming `weeklyHours` when a range lies outside the firm's current opening hours. */
async function checkHours(db: Database, hours: WeeklyHours | null | undefined): Promise<void> {
  if (!hours) return;
  const problem = hoursOutsideFirm(hours, (await loadScheduleWithClosures(db)).schedule.weeklyHours);
  if (problem) throw invalidField('weeklyHours', problem);
}

/** A unique violation on the email is two administrators saving the same address at once, or a retry. */
async function refusingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

async function setServices(
  tx: Transaction,
  consultantId: number,
  serviceIds: readonly number[],
): Promise<void> {
  await tx.delete(consultantServices).where(eq(consultantServices.consultantId, consultantId));
  if (serviceIds.length > 0) {
    await tx.insert(consultantServices).values(serviceIds.map((serviceId) => ({ consultantId, serviceId })));
  }
}

export async function createConsultant(
  db: Database,
  body: NewConsultantBody,
  actor: Actor,
  timeZone: string,
): Promise<AdminConsultant> {
  // Read before the transaction: the embedded database has one connection, which the transaction holds.
  await checkHours(db, body.weeklyHours);
  return refusingDuplicates(() =>
    db.transaction(async (tx) => {
      await consultantsChanging(tx);
      // One creation at a time, so the count holds: a table lock for a rare write.
      await tx.execute(sql`lock table ${consultants} in share row exclusive mode`);
      const [existing] = await tx.select({ count: count() }).from(consultants);
      if ((existing?.count ?? 0) >= consultantLimits.maxConsultants) {
        throw new Conflict(consultantMessages.tooManyConsultants);
      }
      await checkServices(tx, body.serviceIds);
      const [row] = await tx
        .insert(consultants)
        .values({
          name: body.name,
          email: body.email,
          title: body.title,
          bio: body.bio,
          weeklyHours: body.weeklyHours,
        })
        .returning({ id: consultants.id });
      if (!row) throw new Error('the insert returned no row');
      await setServices(tx, row.id, body.serviceIds);
      await linkConsultantAccount(tx, row.id);
      const created = await loadOne(tx, row.id, timeZone);
      await record(tx, actor, {
        subject: 'consultant',
        subjectId: row.id,
        action: 'created',
        before: null,
        after: recorded(created),
      });
      return created;
    }),
  ).finally(() => consultantsChanged(db));
}

/** Saves the record; a field left out keeps its value; an unchanged save records nothing. */
export async function updateConsultant(
  db: Database,
  id: number,
  body: ConsultantBody,
  actor: Actor,
  timeZone: string,
): Promise<AdminConsultant> {
  await checkHours(db, body.weeklyHours);
  return refusingDuplicates(() =>
    db.transaction(async (tx) => {
      await consultantsChanging(tx);
      const [locked] = await tx
        .select({ id: consultants.id })
        .from(consultants)
        .where(eq(consultants.id, id))
        .for('update');
      if (!locked) throw new NotFound(consultantMessages.notFound);
      const before = await loadOne(tx, id, timeZone);
      await checkServices(tx, body.serviceIds);
      const next: Recorded = {
        name: body.name,
        email: body.email,
        title: body.title ?? before.title,
        bio: body.bio ?? before.bio,
        serviceIds: [...body.serviceIds].sort((a, b) => a - b),
        weeklyHours: body.weeklyHours === undefined ? before.weekly_hours : body.weeklyHours,
        active: body.active ?? before.active,
      };
      if (JSON.stringify(next) === JSON.stringify(recorded(before))) {
        // Saving it again links an account made since (or unlinks one set back by hand): nothing to record.
        await linkConsultantAccount(tx, id);
        return loadOne(tx, id, timeZone);
      }
      await tx
        .update(consultants)
        .set({
          name: next.name,
          email: next.email,
          title: next.title,
          bio: next.bio,
          weeklyHours: next.weeklyHours,
          active: next.active,
          updatedAt: new Date(),
        })
        .where(eq(consultants.id, id));
      await setServices(tx, id, next.serviceIds);
      await linkConsultantAccount(tx, id);
      const after = await loadOne(tx, id, timeZone);
      await record(tx, actor, {
        subject: 'consultant',
        subjectId: id,
        action: 'updated',
        before: recorded(before),
        after: recorded(after),
      });
      return after;
    }),
  ).finally(() => consultantsChanged(db));
}

export async function addTimeOff(
  db: Database,
  consultantId: number,
  body: TimeOffBody,
  actor: Actor,
  timeZone: string,
): Promise<TimeOff> {
  return db
    .transaction(async (tx) => {
      await consultantsChanging(tx);
      const [consultant] = await tx
        .select({ id: consultants.id })
        .from(consultants)
        .where(eq(consultants.id, consultantId))
        .for('update');
      if (!consultant) throw new NotFound(consultantMessages.notFound);
      const [ahead] = await tx
        .select({ count: count() })
        .from(consultantTimeOff)
        .where(
          and(
            eq(consultantTimeOff.consultantId, consultantId),
            gte(consultantTimeOff.endDate, todayIn(timeZone, new Date())),
          ),
        );
      if ((ahead?.count ?? 0) >= consultantLimits.maxTimeOffAhead) {
        throw new Conflict(consultantMessages.tooMuchTimeOff);
      }
      const [row] = await tx
        .insert(consultantTimeOff)
        .values({ consultantId, startDate: body.startDate, endDate: body.endDate, reason: body.reason })
        .returning();
      if (!row) throw new Error('the insert returned no row');
      const timeOff = { id: row.id, startDate: row.startDate, endDate: row.endDate, reason: row.reason };
      await record(tx, actor, {
        subject: 'time_off',
        subjectId: row.id,
        action: 'created',
        before: null,
        after: { consultantId, ...timeOff },
      });
      return timeOff;
    })
    .finally(() => consultantsChanged(db));
}

/** The consultant's active bookings that start on the days of the time off (in the zone), earliest first. */
export async function bookingsDuringTimeOff(
  db: Database,
  consultantId: number,
  timeOff: Pick<TimeOff, 'startDate' | 'endDate'>,
  timeZone: string,
): Promise<Booking[]> {
  const day = sql`(${bookings.startsAt} at time zone ${timeZone})::date`;
  const rows = await selectBookings(db)
    .where(
      and(
        eq(bookings.consultantId, consultantId),
        inArray(bookings.status, [...activeBookingStatuses]),
        sql`${day} between ${timeOff.startDate}::date and ${timeOff.endDate}::date`,
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  return rows.map((row) => toBooking(row, timeZone));
}

export async function removeTimeOff(
  db: Database,
  consultantId: number,
  timeOffId: number,
  actor: Actor,
): Promise<void> {
  await db
    .transaction(async (tx) => {
      await consultantsChanging(tx);
      const [row] = await tx
        .delete(consultantTimeOff)
        .where(and(eq(consultantTimeOff.id, timeOffId), eq(consultantTimeOff.consultantId, consultantId)))
        .returning();
      if (!row) throw new NotFound(consultantMessages.timeOffNotFound);
      await record(tx, actor, {
        subject: 'time_off',
        subjectId: row.id,
        action: 'deleted',
        before: {
          consultantId,
          id: row.id,
          startDate: row.startDate,
          endDate: row.endDate,
          reason: row.reason,
        },
        after: null,
      });
    })
    .finally(() => consultantsChanged(db));
}

/** The active consultants, by name (then id), optionally only those who deliver `serviceId`. */
export async function listPublicConsultants(db: Database, serviceId?: number): Promise<PublicConsultant[]> {
  const rows = await db
    .select({ id: consultants.id, name: consultants.name, title: consultants.title, bio: consultants.bio })
    .from(consultants)
    .where(eq(consultants.active, true))
    .orderBy(asc(consultants.name), asc(consultants.id));
  if (rows.length === 0) return [];
  // Retired services are not the public's to see.
  const links = await db
    .select({ consultantId: consultantServices.consultantId, serviceId: consultantServices.serviceId })
    .from(consultantServices)
    .innerJoin(services, eq(services.id, consultantServices.serviceId))
    .where(
      and(
        inArray(
          consultantServices.consultantId,
          rows.map((row) => row.id),
        ),
        eq(services.active, true),
      ),
    )
    .orderBy(asc(consultantServices.serviceId));
  return rows
    .map((row) => ({
      ...row,
      service_ids: links.filter((link) => link.consultantId === row.id).map((link) => link.serviceId),
    }))
    .filter((consultant) => serviceId === undefined || consultant.service_ids.includes(serviceId));
}

/**
 * Makes `consultantIds` the consultants who deliver `serviceId` (all the active ones when undefined, for a new
 * service): 400 naming `consultantIds` when one is unknown; each consultant whose services change is recorded.
 * Runs in the service's transaction.
 */
export async function setServiceConsultants(
  tx: Transaction,
  serviceId: number,
  consultantIds: readonly number[] | undefined,
  actor: Actor,
): Promise<void> {
  let wanted: number[];
  if (consultantIds === undefined) {
    const active = await tx
      .select({ id: consultants.id })
      .from(consultants)
      .where(eq(consultants.active, true));
    wanted = active.map((row) => row.id);
  } else {
    const found =
      consultantIds.length === 0
        ? []
        : await tx
            .select({ id: consultants.id })
            .from(consultants)
            .where(inArray(consultants.id, [...consultantIds]));
    const known = new Set(found.map((row) => row.id));
    const unknown = consultantIds.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw invalidField('consultantIds', consultantMessages.consultantUnknown(unknown));
    wanted = [...consultantIds];
  }
  const current = (
    await tx
      .select({ consultantId: consultantServices.consultantId })
      .from(consultantServices)
      .where(eq(consultantServices.serviceId, serviceId))
  ).map((row) => row.consultantId);
  const added = wanted.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !wanted.includes(id));
  const changed = [...added, ...removed];
  if (changed.length === 0) return;
  // The caller forgets this process's copy after its transaction (consultantsChanged).
  await consultantsChanging(tx);
  const before = await tx
    .select()
    .from(consultantServices)
    .where(inArray(consultantServices.consultantId, changed))
    .orderBy(asc(consultantServices.serviceId));
  if (removed.length > 0) {
    await tx
      .delete(consultantServices)
      .where(
        and(eq(consultantServices.serviceId, serviceId), inArray(consultantServices.consultantId, removed)),
      );
  }
  if (added.length > 0) {
    await tx.insert(consultantServices).values(added.map((consultantId) => ({ consultantId, serviceId })));
  }
  for (const consultantId of changed.sort((a, b) => a - b)) {
    const serviceIds = before
      .filter((link) => link.consultantId === consultantId)
      .map((link) => link.serviceId);
    const next = added.includes(consultantId)
      ? [...serviceIds, serviceId].sort((a, b) => a - b)
      : serviceIds.filter((id) => id !== serviceId);
    await record(tx, actor, {
      subject: 'consultant',
      subjectId: consultantId,
      action: 'updated',
      before: { serviceIds },
      after: { serviceIds: next },
    });
  }
}

/**
 * The bookings of the consultant linked to this account, every status, starting on the days from `from` to `to`
 * (both included, in the business zone), earliest first: the consultant's own area (docs/decisions/048). An account
 * no consultant is linked to has none.
 */
export async function consultantOwnBookings(
  db: Database,
  userId: string,
  range: { from: IsoDate; to: IsoDate },
  timeZone: string,
): Promise<Booking[]> {
  const rows = await selectBookings(db)
    .where(
      and(
        ofConsultantAccount(userId),
        ...withinDays(bookings.startsAt, { startDate: range.from, endDate: range.to }, timeZone),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(maxConsultantBookingsListed);
  return withUnreadMessages(
    db,
    userId,
    rows.map((row) => toBooking(row, timeZone)),
  );
}
