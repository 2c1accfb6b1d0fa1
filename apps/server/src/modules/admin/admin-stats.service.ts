// The administrators' figures: booking counts, booked revenue and per-service figures, the money collected,
// outstanding and credited, and active and new users, each for a range and for the range of equal length before
// it. Every booking figure counts bookings by the day they were made (created_at) in the business time zone; the
// money figures count payments and invoices by their own dates (paid_on, issued_on), already days of that zone.
import {
  type AdminCountsResponse,
  type AdminDateRangeQuery,
  type AdminStatsResponse,
  addDays,
  type Booking,
  type BookingStats,
  closedRange,
  consultantUtilisation,
  type DateRange,
  type MoneyStats,
  previousRange,
  revenueStatuses,
  type UserStatsResponse,
} from '@portal/domain';
import { and, count, countDistinct, eq, gte, inArray, isNull, lte, not, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { withinDays } from '../../db/date-ranges.ts';
import {
  bookings,
  closures,
  consultantTimeOff,
  contactMessages,
  invoicePayments,
  invoices,
  users,
} from '../../db/schema.ts';
import { creditedBy, paidCentsBy } from '../billing/admin-invoices.service.ts';
import { loadCatalogue } from '../catalogue/catalogue.service.ts';
import { consultantRoster } from '../consultants/roster.ts';
import { loadScheduleWithClosures } from '../schedule/schedule.service.ts';

function emptyStats(): BookingStats {
  return { total: 0, pending: 0, confirmed: 0, completed: 0, cancelled: 0, totalRevenue: 0 };
}

interface Tally {
  pending: number;
  confirmed: number;
  completed: number;
  cancelled: number;
  revenue: number;
}

function addTally(stats: BookingStats, tally: Tally): void {
  stats.pending += tally.pending;
  stats.confirmed += tally.confirmed;
  stats.completed += tally.completed;
  stats.cancelled += tally.cancelled;
  stats.total += tally.pending + tally.confirmed + tally.completed + tally.cancelled;
  stats.totalRevenue += tally.revenue;
}

const countWhere = (status: Booking['status']) =>
  sql<number>`count(*) filter (where ${bookings.status} = ${status})`.mapWith(Number);

function tallyColumns() {
  return {
    pending: countWhere('pending'),
    confirmed: countWhere('confirmed'),
    completed: countWhere('completed'),
    cancelled: countWhere('cancelled'),
    revenue:
      sql<number>`coalesce(sum(${bookings.totalCost}) filter (where ${inArray(bookings.status, [...revenueStatuses])}), 0)`.mapWith(
        Number,
      ),
  };
}

/** A sum of cents as a number: PostgreSQL sums integers as bigint, which the drivers hand over as text. */
const centsSum = (amount: SQL) => sql<number>`coalesce(sum(${amount}), 0)`.mapWith(Number);

/**
 * The money of a range (moneyDefinition, in the domain), in one currency: three aggregates over the invoices and
 * their payments, which are few beside the bookings (a row per invoice, transfer or capture). Collected reads the
 * payments paid in the range; credited the credit notes issued in it (invoices_issued_idx); outstanding every
 * invoice issued by the range's end (today's standing when the end is open), its payments and credit note found
 * through their indexes on the invoice (invoice_payments_invoice_idx, invoices_credits_invoice_idx).
 */
async function moneyFigures(
  db: Database,
  range: Partial<DateRange>,
  currency: string,
): Promise<Omit<MoneyStats, 'currency' | 'previous'>> {
  const [[collected], [outstanding], [credited]] = await Promise.all([
    db
      .select({ cents: centsSum(sql`${invoicePayments.amountCents}`) })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(
        and(
          eq(invoices.currency, currency),
          range.startDate ? gte(invoicePayments.paidOn, range.startDate) : undefined,
          range.endDate ? lte(invoicePayments.paidOn, range.endDate) : undefined,
        ),
      ),
    db
      .select({ cents: centsSum(sql`${invoices.totalCents} - ${paidCentsBy(range.endDate)}`) })
      .from(invoices)
      .where(
        and(
          eq(invoices.kind, 'invoice'),
          eq(invoices.currency, currency),
          range.endDate ? lte(invoices.issuedOn, range.endDate) : undefined,
          not(creditedBy(range.endDate)),
        ),
      ),
    // A credit note's total is negative: what it gives back is its opposite.
    db
      .select({ cents: centsSum(sql`-${invoices.totalCents}`) })
      .from(invoices)
      .where(
        and(
          eq(invoices.kind, 'credit_note'),
          eq(invoices.currency, currency),
          range.startDate ? gte(invoices.issuedOn, range.startDate) : undefined,
          range.endDate ? lte(invoices.issuedOn, range.endDate) : undefined,
        ),
      ),
  ]);
  return {
    collected_cents: collected?.cents ?? 0,
    outstanding_cents: outstanding?.cents ?? 0,
    credited_cents: credited?.cents ?? 0,
  };
}

/**
 * The dashboard's figures for a range (revenueDefinition and moneyDefinition, in the domain), from few rows: the
 * range grouped by service and (when both ends are given) by day, the previous range as one row, the small
 * catalogue, and the money of both ranges in `currency` (CURRENCY). The queries run side by side; each booking
 * query is an index-only scan of a range of created_at (bookings_created_idx).
 */
export async function bookingStatistics(
  db: Database,
  range: AdminDateRangeQuery,
  timeZone: string,
  currency: string,
): Promise<AdminStatsResponse> {
  const closed = closedRange(range);
  const before = closed ? previousRange(closed) : undefined;
  // Grouping by position: the zone is a parameter, and a repeated parameter is not "the same expression".
  const day = closed
    ? sql<string>`to_char(${bookings.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`
    : sql<string>`''`;
  const [rows, previousRows, catalogue, utilisation, money, previousMoney] = await Promise.all([
    db
      .select({ day, serviceId: bookings.serviceId, ...tallyColumns() })
      .from(bookings)
      .where(and(...withinDays(bookings.createdAt, range, timeZone)))
      .groupBy(sql`1`, sql`2`),
    before
      ? db
          .select(tallyColumns())
          .from(bookings)
          .where(and(...withinDays(bookings.createdAt, before, timeZone)))
      : Promise.resolve([]),
    loadCatalogue(db),
    closed ? consultantFigures(db, closed, timeZone) : Promise.resolve([]),
    moneyFigures(db, range, currency),
    before ? moneyFigures(db, before, currency) : null,
  ]);

  const stats = emptyStats();
  const daily = new Map<string, { bookings: number; revenue: number }>();
  const byService = new Map<number, BookingStats>();
  for (const row of rows) {
    addTally(stats, row);
    const service = byService.get(row.serviceId) ?? emptyStats();
    addTally(service, row);
    byService.set(row.serviceId, service);
    const entry = daily.get(row.day) ?? { bookings: 0, revenue: 0 };
    entry.bookings += row.pending + row.confirmed + row.completed + row.cancelled;
    entry.revenue += row.revenue;
    daily.set(row.day, entry);
  }
  let previous: BookingStats | null = null;
  if (before) {
    previous = emptyStats();
    for (const row of previousRows) addTally(previous, row);
  }

  const days: AdminStatsResponse['daily'] = [];
  if (closed) {
    for (let date = closed.startDate; date <= closed.endDate; date = addDays(date, 1)) {
      days.push({ date, bookings: 0, revenue: 0, ...daily.get(date) });
    }
  }
  return {
    timeZone,
    stats,
    previous,
    previousRange: before ?? null,
    money: { currency, ...money, previous: previousMoney },
    daily: days,
    services: catalogue.services.map((service) => {
      const figures = byService.get(service.id) ?? emptyStats();
      return {
        serviceId: service.id,
        name: service.name,
        bookings: figures.total,
        completed: figures.completed,
        cancelled: figures.cancelled,
        revenue: figures.totalRevenue,
      };
    }),
    consultants: utilisation,
  };
}

/** The statuses whose consultations count as booked time: every one but cancelled. */
const bookedStatuses = ['pending', 'confirmed', 'completed'] as const satisfies readonly Booking['status'][];

/**
 * Each consultant's booked hours, open hours and utilisation for a closed range (utilisationDefinition, in the
 * domain): their consultations starting in the range, their own hours, the
 * firm's current hours, and the closures and time off meeting the range.
 */
async function consultantFigures(
  db: Database,
  range: DateRange,
  timeZone: string,
): Promise<AdminStatsResponse['consultants']> {
  const meets = <T extends typeof closures | typeof consultantTimeOff>(table: T) =>
    and(lte(table.startDate, range.endDate), gte(table.endDate, range.startDate));
  const [people, booked, closed, away, { schedule }] = await Promise.all([
    consultantRoster(db),
    db
      .select({
        consultantId: bookings.consultantId,
        minutes: sql<number>`coalesce(sum(${bookings.durationMinutes}), 0)`.mapWith(Number),
      })
      .from(bookings)
      .where(
        and(inArray(bookings.status, [...bookedStatuses]), ...withinDays(bookings.startsAt, range, timeZone)),
      )
      .groupBy(bookings.consultantId),
    db
      .select({ startDate: closures.startDate, endDate: closures.endDate })
      .from(closures)
      .where(meets(closures)),
    db
      .select({
        consultantId: consultantTimeOff.consultantId,
        startDate: consultantTimeOff.startDate,
        endDate: consultantTimeOff.endDate,
      })
      .from(consultantTimeOff)
      .where(meets(consultantTimeOff)),
    loadScheduleWithClosures(db),
  ]);
  const minutesOf = new Map(booked.map((row) => [row.consultantId, row.minutes]));
  return people
    .filter((person) => person.active || (minutesOf.get(person.id) ?? 0) > 0)
    .map((person) => ({
      id: person.id,
      name: person.name,
      ...consultantUtilisation({
        range,
        firmHours: schedule.weeklyHours,
        consultantHours: person.weeklyHours ?? null,
        closures: closed,
        timeOff: away.filter((entry) => entry.consultantId === person.id),
        bookedMinutes: minutesOf.get(person.id) ?? 0,
      }),
    }));
}

// ——— Users (activeUserDefinition, in the domain) ———

async function userFigures(db: Database, range: Partial<DateRange>, timeZone: string) {
  const [[active], [created]] = await Promise.all([
    db
      .select({ count: countDistinct(bookings.userId) })
      .from(bookings)
      .where(and(...withinDays(bookings.createdAt, range, timeZone))),
    db
      .select({ count: count() })
      .from(users)
      .where(and(eq(users.emailVerified, true), ...withinDays(users.createdAt, range, timeZone))),
  ]);
  return { activeUsers: Number(active?.count ?? 0), newUsers: Number(created?.count ?? 0) };
}

/**
 * Active users (distinct accounts with a booking made in the range) and new users (verified accounts created
 * in it); for a closed range also the range of equal length before it.
 */
export async function userStatistics(
  db: Database,
  range: Partial<DateRange>,
  timeZone: string,
): Promise<UserStatsResponse> {
  const closed = closedRange(range);
  const [stats, previous] = await Promise.all([
    userFigures(db, range, timeZone),
    closed ? userFigures(db, previousRange(closed), timeZone) : null,
  ]);
  return { stats, previous };
}

/**
 * What waits for the firm (docs/product.md#administration): every pending booking, whenever it starts, and every
 * contact-form message not marked answered. Each count is one index scan or a small table's.
 */
export async function adminCounts(db: Database): Promise<AdminCountsResponse> {
  const [[pending], [unanswered]] = await Promise.all([
    db.select({ count: count() }).from(bookings).where(eq(bookings.status, 'pending')),
    db.select({ count: count() }).from(contactMessages).where(isNull(contactMessages.answeredAt)),
  ]);
  return { pendingBookings: pending?.count ?? 0, unansweredMessages: unanswered?.count ?? 0 };
}
