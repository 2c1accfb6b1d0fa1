// The administrators' lists of bookings: every booking filtered and paged by cursor, its CSV export, and the
// upcoming schedule. Dates filter by the day a booking was made (created_at) in the business time zone.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type AdminBookingFilters,
  type AdminBookingsResponse,
  activeBookingStatuses,
  adminMessages,
  type Booking,
} from '@portal/domain';
import { stringify } from 'csv-stringify';
import { and, asc, count, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { withinDays } from '../../db/date-ranges.ts';
import { bookings } from '../../db/schema.ts';
import { invalidField } from '../../lib/errors.ts';
import { after, newestFirst, pageOf, readCursor } from '../bookings/booking-pages.ts';
import { selectBookings, toBooking } from '../bookings/booking-read-model.ts';
import { loadCatalogue } from '../catalogue/catalogue.service.ts';

/** The filters as SQL conditions; an unknown service is a 400 (not an empty list that hides a typo). */
async function filterConditions(
  db: Database,
  filters: AdminBookingFilters,
  timeZone: string,
): Promise<SQL[]> {
  const conditions = withinDays(bookings.createdAt, filters, timeZone);
  if (filters.status !== 'all') conditions.push(eq(bookings.status, filters.status));
  if (filters.serviceId !== undefined) {
    // The catalogue is cached (it changes only with migrations and the seed): no query per request.
    if (!(await loadCatalogue(db)).byId.has(filters.serviceId)) {
      throw invalidField('serviceId', adminMessages.serviceUnknown);
    }
    conditions.push(eq(bookings.serviceId, filters.serviceId));
  }
  // One booking (the firm's e-mails link to it); an id that matches nothing is an empty list, like any filter.
  if (filters.bookingId !== undefined) conditions.push(eq(bookings.id, filters.bookingId));
  return conditions;
}

/**
 * A page of the filtered list, newest first, with how many match in all. Only the first page counts (a count
 * reads every matching row); the next pages' cursors carry that figure. Keyset pages never show a booking made
 * after the first page was read, so the figure stays the one the pages add up to.
 */
export async function listAdminBookings(
  db: Database,
  query: AdminBookingFilters & { limit: number; cursor?: string | undefined },
  timeZone: string,
): Promise<AdminBookingsResponse> {
  const cursor = query.cursor === undefined ? undefined : readCursor(query.cursor);
  const conditions = await filterConditions(db, query, timeZone);
  const pageConditions = cursor === undefined ? conditions : [...conditions, after(cursor.id)];
  const countMatching = async () => {
    const [matching] = await db
      .select({ total: count() })
      .from(bookings)
      .where(and(...conditions));
    return Number(matching?.total ?? 0);
  };
  const [rows, total] = await Promise.all([
    selectBookings(db)
      .where(and(...pageConditions))
      .orderBy(...newestFirst)
      .limit(query.limit + 1),
    // A cursor without a count (My Bookings' kind) is still read: the page counts then.
    cursor?.total ?? countMatching(),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit, total);
  return { bookings: page.map((row) => toBooking(row, timeZone)), total, nextCursor };
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

function exportRecord(booking: Booking): ExportRecord {
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

/**
 * The CSV writer of the export: every field quoted (so that a spreadsheet splitting on `;` or a tab finds no cell
 * boundary inside one, and no cell there starting with a formula), a BOM so that spreadsheets read UTF-8, and cells
 * that a spreadsheet would run as a formula (= + - @ tab CR first) neutralised with a leading apostrophe.
 */
export function csvWriter() {
  return stringify({
    header: true,
    columns: [...exportColumns],
    bom: true,
    escape_formulas: true,
    quoted: true,
    quoted_empty: true,
  });
}

const exportBatchSize = 1000;

/**
 * Every booking matching the filters, newest first, read in keyset batches (memory stays flat however many).
 * The first batch is read before this resolves, so a failure (or a bad filter) still answers an error status.
 */
async function exportBookings(
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

/**
 * The export as CSV text, streamed. A failure while streaming (after the first batch) ends the stream with that
 * error, which cuts the download short, and is reported to `onError`.
 */
export async function exportBookingsCsv(
  db: Database,
  filters: AdminBookingFilters,
  timeZone: string,
  onError: (error: unknown) => void,
): Promise<Readable> {
  const csv = csvWriter();
  pipeline(await exportBookings(db, filters, timeZone), csv).catch(onError);
  return csv;
}
