// The administrators' lists of bookings: every booking filtered and paged by cursor, its CSV export, and the
// upcoming schedule. Dates filter by the day a booking was made (created_at) in the business time zone.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type AdminBooking,
  type AdminBookingFilters,
  type AdminBookingsResponse,
  activeBookingStatuses,
  adminMessages,
  type Booking,
  type CancelPendingBody,
  timeIn,
  timeOfDay,
  zonedDate,
} from '@portal/domain';
import { stringify } from 'csv-stringify';
import { and, asc, count, eq, gte, inArray, type SQL } from 'drizzle-orm';
import { type Database, transactionRetryingDeadlocks } from '../../db/client.ts';
import { withinDays } from '../../db/date-ranges.ts';
import { bookings, consultants } from '../../db/schema.ts';
import { BadRequest, invalidField } from '../../lib/errors.ts';
import { clientAddressKey } from '../../lib/limit-keys.ts';
import { statusChangeEmail } from '../../lib/mail/booking-emails.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { after, newestFirst, pageOf, readCursor } from '../bookings/booking-pages.ts';
import {
  type BookingJoinRow,
  findBooking,
  selectBookings,
  toBooking,
} from '../bookings/booking-read-model.ts';
import {
  calendarHistory,
  recordStatusChange,
  type StatusChangeOptions,
} from '../bookings/booking-status.service.ts';
import { bookingsChanged } from '../bookings/held-times.ts';
import { loadCatalogue } from '../catalogue/catalogue.service.ts';
import { withUnreadMessages } from '../conversation/unread.ts';

/** The filters as SQL conditions; an unknown service is a 400 (not an empty list that hides a typo). */
async function filterConditions(
  db: Database,
  filters: AdminBookingFilters,
  timeZone: string,
): Promise<SQL[]> {
  const conditions = [
    ...withinDays(bookings.createdAt, filters, timeZone),
    // from/to: the consultations' own days (the admin calendar's week), by when they start.
    ...withinDays(bookings.startsAt, { startDate: filters.from, endDate: filters.to }, timeZone),
  ];
  if (filters.status !== 'all') conditions.push(eq(bookings.status, filters.status));
  if (filters.serviceId !== undefined) {
    // The catalogue is cached (it changes only with migrations and the seed): no query per request.
    if (!(await loadCatalogue(db)).byId.has(filters.serviceId)) {
      throw invalidField('serviceId', adminMessages.serviceUnknown);
    }
    conditions.push(eq(bookings.serviceId, filters.serviceId));
  }
  if (filters.consultantId !== undefined) {
    // As for a service: an unknown consultant is a typo to name, not an empty list.
    const [known] = await db
      .select({ id: consultants.id })
      .from(consultants)
      .where(eq(consultants.id, filters.consultantId));
    if (!known) throw invalidField('consultantId', adminMessages.consultantUnknown);
    conditions.push(eq(bookings.consultantId, filters.consultantId));
  }
  // One booking (the firm's e-mails link to it); an id that matches nothing is an empty list, like any filter.
  if (filters.bookingId !== undefined) conditions.push(eq(bookings.id, filters.bookingId));
  if (filters.clientId !== undefined) conditions.push(eq(bookings.userId, filters.clientId));
  if (filters.address !== undefined) conditions.push(addressIs(filters.address));
  return conditions;
}

/**
 * The bookings made from a client address, read as the pending limit counts it: any IPv6 address of a /64 finds
 * the /64's. Only bookings that still keep their address match (housekeeping clears it once they stop counting).
 */
export function addressIs(address: string): SQL {
  return eq(
    bookings.clientAddress,
    clientAddressKey(address.endsWith('::/64') ? address.slice(0, -3) : address),
  );
}

/** A booking as administrators see it: whose it is, and where a pending one was made from. */
function toAdminBooking(row: BookingJoinRow, timeZone: string): AdminBooking {
  const { booking } = row;
  return {
    ...toBooking(row, timeZone),
    user_id: booking.userId,
    client_address: booking.status === 'pending' ? booking.clientAddress : null,
  };
}

/**
 * A page of the filtered list, newest first, with how many match in all and, for the administrator reading it, each
 * booking's unread messages. Only the first page counts (a count reads every matching row); the next pages'
 * cursors carry that figure. Keyset pages never show a booking made after the first page was read, so the figure
 * stays the one the pages add up to.
 */
export async function listAdminBookings(
  db: Database,
  query: AdminBookingFilters & { limit: number; cursor?: string | undefined },
  timeZone: string,
  callerId: string,
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
  return {
    bookings: await withUnreadMessages(
      db,
      callerId,
      page.map((row) => toAdminBooking(row, timeZone)),
    ),
    total,
    nextCursor,
  };
}

/** Pending and confirmed bookings that have not started yet, soonest first, with the caller's unread messages. */
export async function upcomingBookings(
  db: Database,
  limit: number,
  now: Date,
  timeZone: string,
  callerId: string,
): Promise<Booking[]> {
  const rows = await selectBookings(db)
    .where(and(inArray(bookings.status, [...activeBookingStatuses]), gte(bookings.startsAt, now)))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(limit);
  return withUnreadMessages(
    db,
    callerId,
    rows.map((row) => toBooking(row, timeZone)),
  );
}

// ——— Cancelling pending holds in one action ———

/**
 * Cancels every pending booking of one client or one client address in one transaction, as the administrator:
 * each recorded in its history and its client e-mailed, as a cancellation from All Bookings is (docs/product.md#
 * administration). The rows are locked first and judged again, so a booking confirmed a moment earlier stays.
 * How many were cancelled.
 */
export async function cancelPendingBookings(
  db: Database,
  holder: CancelPendingBody,
  actorUserId: string,
  options: StatusChangeOptions,
): Promise<number> {
  const whose =
    holder.clientId !== undefined
      ? eq(bookings.userId, holder.clientId)
      : holder.address !== undefined
        ? addressIs(holder.address)
        : undefined;
  // The schema lets only one of the two through; never "every pending booking" for want of one.
  if (whose === undefined) throw new BadRequest(adminMessages.cancelPendingTarget);
  try {
    return await transactionRetryingDeadlocks(db, async (tx) => {
      // In id order, so that two such actions at once lock in the same order.
      const rows = await tx
        .select({ id: bookings.id, status: bookings.status, createdAt: bookings.createdAt })
        .from(bookings)
        .where(and(eq(bookings.status, 'pending'), whose))
        .orderBy(asc(bookings.id))
        .for('update');
      for (const row of rows) {
        await recordStatusChange(tx, row, 'cancelled', { kind: 'admin', userId: actorUserId }, options);
        const changed = await findBooking(tx, row.id, options.timeZone);
        const letter = statusChangeEmail(changed, await calendarHistory(tx, row.id), options);
        if (letter) await enqueueMail(tx, letter);
      }
      return rows.length;
    });
  } finally {
    bookingsChanged(db);
  }
}

// ——— CSV export ———

/** The export's columns, in order (the header row). */
export const exportColumns = [
  'confirmation_code',
  'status',
  'service',
  'consultant',
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

/**
 * The wall-clock date and time of an instant in the business time zone, `YYYY-MM-DD 9:05 AM`: the sortable date a
 * spreadsheet reads (the one exception to the portal's written dates) and the portal's one time format, in the zone
 * of the row's `time_zone` column like its date and times (an ISO instant in UTC would read as text, or hours off).
 */
function localDateTime(instant: string, timeZone: string): string {
  const at = new Date(instant);
  return `${zonedDate(at, timeZone)} ${timeIn(at, timeZone)}`;
}

function exportRecord(booking: Booking): ExportRecord {
  const slot = booking.time_slots[0];
  return {
    confirmation_code: booking.confirmation_code,
    status: booking.status,
    service: booking.services.name,
    consultant: booking.consultant.name,
    client_first_name: booking.user_profiles.first_name ?? '',
    client_last_name: booking.user_profiles.last_name ?? '',
    client_email: booking.user_profiles.email,
    date: booking.booking_date,
    start_time: slot ? timeOfDay(slot.start_time) : '',
    end_time: slot ? timeOfDay(slot.end_time) : '',
    time_zone: booking.time_zone,
    urgency: booking.urgency,
    preferred_contact: booking.preferred_contact,
    total_cost: booking.total_cost,
    booked_at: localDateTime(booking.created_at, booking.time_zone),
    project_description: booking.project_description,
    additional_notes: booking.additional_notes ?? '',
  };
}

/**
 * The CSV writer of the export, RFC 4180: records end with CRLF, every field quoted (so that a spreadsheet splitting
 * on `;` or a tab finds no cell boundary inside one, and no cell there starting with a formula), a BOM so that
 * spreadsheets read UTF-8, and cells that a spreadsheet would run as a formula (= + - @ tab CR first) neutralised
 * with a leading apostrophe.
 */
export function csvWriter(columns: readonly string[] = exportColumns) {
  return stringify({
    header: true,
    columns: [...columns],
    bom: true,
    escape_formulas: true,
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
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
