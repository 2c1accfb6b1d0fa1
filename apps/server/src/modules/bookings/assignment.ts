// Who takes a booking (docs/product.md#consultants, docs/decisions/046): the consultants who could, by their hours
// and time off, and among them, under the locks of their days, the first free one by the domain's assignment rule.
import {
  activeBookingStatuses,
  assignmentOrder,
  bookingMessages,
  type IsoDate,
  isAway,
  isWithinHours,
  type TimeSlot,
  weekOf,
} from '@portal/domain';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { bookings, consultantServices, consultants, consultantTimeOff } from '../../db/schema.ts';
import { Conflict, invalidField } from '../../lib/errors.ts';
import { consultantsOfService, type RosterConsultant } from '../consultants/roster.ts';
import { consultantOfService } from './availability.service.ts';
import type { Reader } from './booking-read-model.ts';
import { activeBookingsInWeek } from './held-times.ts';

/**
 * The consultants who could take the slot of the service by their hours and time off: the chosen one (400 naming
 * `consultantId` when they do not deliver it; 409 when away or out of their hours then), or every active one who
 * delivers it (409 when none).
 */
export async function candidatesFor(
  db: Database,
  serviceId: number,
  chosen: number | undefined,
  date: IsoDate,
  slot: TimeSlot,
): Promise<RosterConsultant[]> {
  const pool =
    chosen === undefined
      ? await consultantsOfService(db, serviceId)
      : [await consultantOfService(db, serviceId, chosen)];
  const able = pool.filter(
    (consultant) => !isAway(consultant, date) && isWithinHours(consultant, date, slot),
  );
  if (able.length === 0) throw new Conflict(bookingMessages.slotTaken);
  return able;
}

/**
 * In a move's transaction (read there: the embedded database's one connection is the transaction's): the consultant
 * who takes the moved booking, if they deliver the service, are active, and are there at the slot's time.
 * `chosen`: asked for by the caller (400 naming `consultantId` when they do not deliver it); otherwise the booking
 * keeps its consultant, and one retired or taken off the service since has no time to offer (409).
 */
export async function consultantForMove(
  tx: Reader,
  serviceId: number,
  consultantId: number,
  chosen: boolean,
  date: IsoDate,
  slot: TimeSlot,
): Promise<number> {
  const [row] = await tx
    .select({ id: consultants.id, weeklyHours: consultants.weeklyHours })
    .from(consultants)
    .innerJoin(
      consultantServices,
      and(eq(consultantServices.consultantId, consultants.id), eq(consultantServices.serviceId, serviceId)),
    )
    .where(and(eq(consultants.id, consultantId), eq(consultants.active, true)));
  if (!row) {
    if (chosen) throw invalidField('consultantId', bookingMessages.consultantNotDelivering);
    throw new Conflict(bookingMessages.slotTaken);
  }
  const timeOff = await tx
    .select({ startDate: consultantTimeOff.startDate, endDate: consultantTimeOff.endDate })
    .from(consultantTimeOff)
    .where(
      and(
        eq(consultantTimeOff.consultantId, consultantId),
        lte(consultantTimeOff.startDate, date),
        gte(consultantTimeOff.endDate, date),
      ),
    );
  const consultant = { weeklyHours: row.weeklyHours ?? null, timeOff };
  if (isAway(consultant, date) || !isWithinHours(consultant, date, slot)) {
    throw new Conflict(bookingMessages.slotTaken);
  }
  return row.id;
}

/**
 * In the booking's transaction, after `lockConsultantDays` of the candidates: the first of them free for the
 * hold [startsAt, blockedUntil) as the exclusion constraint sees it, by the assignment rule (fewest active bookings
 * that week, then lowest id). 409 when none is free.
 */
export async function assignConsultant(
  tx: Transaction,
  candidateIds: readonly number[],
  hold: { startsAt: Date; blockedUntil: Date },
  date: IsoDate,
  timeZone: string,
): Promise<number> {
  const busy = await tx
    .selectDistinct({ id: bookings.consultantId })
    .from(bookings)
    .where(
      and(
        inArray(bookings.consultantId, [...candidateIds]),
        inArray(bookings.status, [...activeBookingStatuses]),
        sql`tstzrange(${bookings.startsAt}, ${bookings.blockedUntil}) && tstzrange(${hold.startsAt.toISOString()}::timestamptz, ${hold.blockedUntil.toISOString()}::timestamptz)`,
      ),
    );
  const taken = new Set(busy.map((row) => row.id));
  const free = candidateIds.filter((id) => !taken.has(id));
  if (free.length === 0) throw new Conflict(bookingMessages.slotTaken);
  if (free.length === 1) return free[0] as number;
  const loads = await activeBookingsInWeek(tx, free, weekOf(date).first, timeZone);
  const [first] = assignmentOrder(free.map((id) => ({ id, weekLoad: loads.get(id) ?? 0 })));
  if (!first) throw new Conflict(bookingMessages.slotTaken);
  return first.id;
}
