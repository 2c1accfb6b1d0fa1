// The administrators' reading of the bookings: statistics, the filtered list and its CSV export, the upcoming
// schedule. Every figure counts bookings by the day they were made (created_at) in the business time zone.
import {
  type AdminBookingFilters,
  type AdminBookingsResponse,
  type AdminDateRangeQuery,
  type AdminStatsResponse,
  activeBookingStatuses,
  addDays,
  adminMessages,
  type Booking,
  type BookingStats,
  type DateRange,
  previousRange,
  rangeInstants,
  revenueStatuses,
} from '@portal/domain';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { selectBookings, toBooking } from '../bookings/bookings.service.ts';
import { ValidationFailed } from '../errors.ts';
import { loadCatalogue } from '../services/services.service.ts';

/** Conditions on created_at for a range of days in the business zone: `from <= created_at < until`. */
export function createdWithin(range: Partial<DateRange>, timeZone: string): SQL[] {
  const { from, until } = rangeInstants(range, timeZone);
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(bookings.createdAt, from));
  if (until) conditions.push(lt(bookings.createdAt, until));
  return conditions;
}

/** Both ends given: the range the daily series and the previous period need. */
export function closedRange(range: Partial<DateRange>): DateRange | undefined {
  return range.startDate && range.endDate
    ? { startDate: range.startDate, endDate: range.endDate }
    : undefined;
}

// ——— Statistics ———

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

/**
 * The dashboard's figures for a range (revenueDefinition, in the domain), from few rows: the range grouped by
 * service and (when both ends are given) by day, the previous range as one row, and the small catalogue. The
 * queries run side by side; each is an index-only scan of a range of created_at (bookings_created_idx).
 */
export async function bookingStatistics(
  db: Database,
  range: AdminDateRangeQuery,
  timeZone: string,
): Promise<AdminStatsResponse> {
  const closed = closedRange(range);
  const before = closed ? previousRange(closed) : undefined;
  // Grouping by position: the zone is a parameter, and a repeated parameter is not "the same expression".
  const day = closed
    ? sql<string>`to_char(${bookings.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`
    : sql<string>`''`;
  const [rows, previousRows, catalogue] = await Promise.all([
    db
      .select({ day, serviceId: bookings.serviceId, ...tallyColumns() })
      .from(bookings)
      .where(and(...createdWithin(range, timeZone)))
      .groupBy(sql`1`, sql`2`),
    before
      ? db
          .select(tallyColumns())
          .from(bookings)
          .where(and(...createdWithin(before, timeZone)))
      : Promise.resolve([]),
    loadCatalogue(db),
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
  };
}

// ——— The list: filters, keyset paging ———

/** The filters as SQL conditions; an unknown service is a 400 (not an empty list that hides a typo). */
async function filterConditions(
  db: Database,
  filters: AdminBookingFilters,
  timeZone: string,
): Promise<SQL[]> {
  const conditions = createdWithin(filters, timeZone);
  if (filters.status !== 'all') conditions.push(eq(bookings.status, filters.status));
  if (filters.serviceId !== undefined) {
    // The catalogue is cached (it changes only with migrations and the seed): no query per request.
    if (!(await loadCatalogue(db)).byId.has(filters.serviceId)) {
      throw new ValidationFailed(
        [{ path: 'serviceId', msg: adminMessages.serviceUnknown }],
        adminMessages.serviceUnknown,
      );
    }
    conditions.push(eq(bookings.serviceId, filters.serviceId));
  }
  return conditions;
}

const cursorPrefix = 'b1:';
const cursorPattern = /^b1:([1-9]\d{0,9})$/;

/** The cursor after a booking: opaque to clients; the id of the last booking of the page. */
export function encodeCursor(bookingId: number): string {
  return Buffer.from(`${cursorPrefix}${bookingId}`).toString('base64url');
}

/** The booking id a cursor names; a 400 for anything this list did not give. */
export function decodeCursor(cursor: string): number {
  const match = /^[\w-]+$/.test(cursor)
    ? cursorPattern.exec(Buffer.from(cursor, 'base64url').toString())
    : null;
  const id = match ? Number(match[1]) : Number.NaN;
  if (!(id <= 2_147_483_647)) {
    throw new ValidationFailed(
      [{ path: 'cursor', msg: adminMessages.cursorInvalid }],
      adminMessages.cursorInvalid,
    );
  }
  return id;
}

/**
 * Bookings after the cursor's one in the list's order (created_at desc, id desc). Its created_at is read in the
 * same query (at full precision, which a JavaScript Date would truncate), so the comparison uses the index.
 */
function after(bookingId: number): SQL {
  return sql`(${bookings.createdAt}, ${bookings.id}) < ((select b.created_at from bookings b where b.id = ${bookingId}), ${bookingId})`;
}

const newestFirst = [desc(bookings.createdAt), desc(bookings.id)];

/** A page of the filtered list, newest first, with how many match in all: one query each. */
export async function listAdminBookings(
  db: Database,
  query: AdminBookingFilters & { limit: number; cursor?: string | undefined },
  timeZone: string,
): Promise<AdminBookingsResponse> {
  const cursorId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const conditions = await filterConditions(db, query, timeZone);
  const pageConditions = cursorId === undefined ? conditions : [...conditions, after(cursorId)];
  const [rows, [matching]] = await Promise.all([
    selectBookings(db)
      .where(and(...pageConditions))
      .orderBy(...newestFirst)
      .limit(query.limit + 1),
    db
      .select({ total: count() })
      .from(bookings)
      .where(and(...conditions)),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    bookings: page.map((row) => toBooking(row, timeZone)),
    total: Number(matching?.total ?? 0),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.booking.id) : null,
  };
}

/** Pending and confirmed bookings that have not started yet, soonest first. */
export async function upcomingBookings(
  db: Database,
  limit: number,
  now: Date,
  timeZone: string,
): Promise<Booking[]> {
  const rows = await selectBookings(db)
    .where(and(inArray(bookings.status, [...activeBookingStatuses]), gte(bookings.startsAt, now)))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(limit);
  return rows.map((row) => toBooking(row, timeZone));
}

// ——— CSV export ———

/** The export's columns, in order (the header row). */
export const exportColumns = [
  'confirmation_code',
  'status',
  'service',
  'client_first_name',
  'client_last_name',
  'client_email',
  'date',
  'start_time',
  'end_time',
  'time_zone',
  'urgency',
  'preferred_contact',
  'total_cost',
  'booked_at',
  'project_description',
  'additional_notes',
] as const;
export type ExportRecord = Record<(typeof exportColumns)[number], string | number>;

export function exportRecord(booking: Booking): ExportRecord {
  const slot = booking.time_slots[0];
  return {
    confirmation_code: booking.confirmation_code,
    status: booking.status,
    service: booking.services.name,
    client_first_name: booking.user_profiles.first_name ?? '',
    client_last_name: booking.user_profiles.last_name ?? '',
    client_email: booking.user_profiles.email,
    date: booking.booking_date,
    start_time: slot?.start_time ?? '',
    end_time: slot?.end_time ?? '',
    time_zone: booking.time_zone,
    urgency: booking.urgency,
    preferred_contact: booking.preferred_contact,
    total_cost: booking.total_cost,
    booked_at: booking.created_at,
    project_description: booking.project_description,
    additional_notes: booking.additional_notes ?? '',
  };
}

const exportBatchSize = 1000;

/**
 * Every booking matching the filters, newest first, read in keyset batches (memory stays flat however many).
 * The first batch is read before this resolves, so a failure (or a bad filter) still answers an error status.
 */
export async function exportBookings(
  db: Database,
  filters: AdminBookingFilters,
  timeZone: string,
): Promise<AsyncIterable<ExportRecord>> {
  const conditions = await filterConditions(db, filters, timeZone);
  const batch = (afterId: number | undefined) =>
    selectBookings(db)
      .where(and(...conditions, ...(afterId === undefined ? [] : [after(afterId)])))
      .orderBy(...newestFirst)
      .limit(exportBatchSize);
  const first = await batch(undefined);
  return (async function* records() {
    let rows = first;
    for (;;) {
      for (const row of rows) yield exportRecord(toBooking(row, timeZone));
      const last = rows.at(-1);
      if (rows.length < exportBatchSize || !last) return;
      rows = await batch(last.booking.id);
    }
  })();
}
