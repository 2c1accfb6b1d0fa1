// A booking as the API shows it: one query joins its service, its consultant, its owner and the owner's profile (no N+1), and
// `toBooking` maps the row to the shared contract. Used by every module that answers bookings.
import {
  type Booking,
  type CardPaymentStatus,
  confirmationCode,
  type IsoDate,
  invoiceStatus,
  showsMeetingPlace,
  todayIn,
  zonedDate,
  zonedTime,
} from '@portal/domain';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type BookingRow,
  bookings,
  cardPayments,
  consultants,
  reviews,
  services,
  userProfiles,
  users,
} from '../../db/schema.ts';

/** A transaction or the database: reads inside a transaction see its own writes. */
export type Reader = Pick<Database, 'select'>;

export interface BookingJoinRow {
  booking: BookingRow;
  serviceName: string;
  consultantName: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** The client's review (at most one a booking: a unique key), null before one is written. */
  reviewRating: number | null;
  reviewComment: string | null;
  /** Its latest invoice and where it stands, null before the firm confirms it. */
  invoice: InvoiceStandingRow | null;
  /** Its card payment, null when it is paid by invoice. */
  card: { status: CardPaymentStatus; checkoutUrl: string } | null;
}

/** A booking's latest invoice as the read model selects it. */
export interface InvoiceStandingRow {
  id: number;
  number: string;
  total_cents: number;
  currency: string;
  due_on: IsoDate;
  paid_cents: number;
  credited: boolean;
}

/**
 * The booking's latest invoice, its payments added up and whether a credit note cancels it: one subquery, so a
 * page of bookings stays one query (the invoices index by booking).
 */
const latestInvoice = sql<InvoiceStandingRow | null>`(
  select json_build_object(
    'id', i.id, 'number', i.number, 'total_cents', i.total_cents, 'currency', i.currency, 'due_on', i.due_on,
    'paid_cents', coalesce((select sum(p.amount_cents) from invoice_payments p where p.invoice_id = i.id), 0),
    'credited', exists (select 1 from invoices c where c.credits_invoice_id = i.id))
  from invoices i where i.booking_id = ${bookings.id} and i.kind = 'invoice'
  order by i.id desc limit 1)`;

/** An erased client's account (docs/decisions/052). */
const erased = sql`${users.erasedAt} is not null`;

/**
 * The client's address and profile names, for a query joining `users` and (left) `userProfiles`. An erased client
 * reads as their account's name, 'Deleted client', with no address.
 */
export const clientColumns = {
  email: sql<string>`case when ${erased} then '' else ${users.email} end`,
  firstName: sql<string | null>`case when ${erased} then ${users.name} else ${userProfiles.firstName} end`,
  lastName: userProfiles.lastName,
};

export function selectBookings(db: Reader) {
  return db
    .select({
      booking: bookings,
      serviceName: services.name,
      consultantName: consultants.name,
      ...clientColumns,
      reviewRating: reviews.rating,
      reviewComment: reviews.comment,
      invoice: latestInvoice,
      card: { status: cardPayments.status, checkoutUrl: cardPayments.checkoutUrl },
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, bookings.userId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .leftJoin(cardPayments, eq(cardPayments.bookingId, bookings.id));
}

export function toBooking(row: BookingJoinRow, timeZone: string): Booking {
  const { booking } = row;
  const date = zonedDate(booking.startsAt, timeZone);
  const startTime = zonedTime(booking.startsAt, timeZone);
  const endTime = zonedTime(booking.endsAt, timeZone);
  return {
    id: booking.id,
    service_id: booking.serviceId,
    consultant: { id: booking.consultantId, name: row.consultantName },
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
    review: row.reviewRating === null ? null : { rating: row.reviewRating, comment: row.reviewComment },
    ...billingOf(row, timeZone),
    brief: booking.brief.map((entry) => ({ question: entry.question.label, answer: entry.answer })),
    ...meetingPlaceOf(booking),
    summary: booking.summary,
  };
}

/**
 * Where the consultation happens, told only while the domain's rule shows it (confirmed): the location the firm
 * set, or else its own room (docs/product.md#where-the-meeting-happens).
 */
function meetingPlaceOf(booking: BookingRow): Pick<Booking, 'meeting_url' | 'location'> {
  if (!showsMeetingPlace(booking.status)) return { meeting_url: null, location: null };
  return booking.location === null
    ? { meeting_url: booking.meetingUrl, location: null }
    : { meeting_url: null, location: booking.location };
}

/**
 * The booking's invoice and payment as its answer shows them; an invoice's status is read as of today. A card
 * payment's status is its own, and its checkout's URL is shown while the client has yet to use it.
 */
function billingOf(
  row: BookingJoinRow,
  timeZone: string,
): Pick<Booking, 'invoice' | 'payment' | 'checkout_url'> {
  const { booking, invoice, card } = row;
  const status = invoice
    ? invoiceStatus(
        {
          kind: 'invoice',
          totalCents: invoice.total_cents,
          paidCents: Number(invoice.paid_cents),
          credited: invoice.credited,
          dueOn: invoice.due_on,
        },
        todayIn(timeZone, new Date()),
      )
    : undefined;
  return {
    invoice:
      invoice && status
        ? {
            id: invoice.id,
            number: invoice.number,
            status,
            total_cents: invoice.total_cents,
            currency: invoice.currency,
          }
        : null,
    payment: {
      method: card ? 'card' : 'invoice',
      status: card ? card.status : (status ?? 'not_invoiced'),
      amount_cents: booking.amountCents,
      currency: booking.currency,
    },
    ...(card?.status === 'awaiting' && { checkout_url: card.checkoutUrl }),
  };
}

/** The booking's row among its owner's: another user's booking is not found (its existence is not revealed). */
export function ownedBy(bookingId: number, ownerId: string): SQL | undefined {
  return and(eq(bookings.id, bookingId), eq(bookings.userId, ownerId));
}

/**
 * The booking's row as the caller may see and move it: their own, or any for an administrator (another client's
 * booking is not found, as with `ownedBy`).
 */
export function visibleTo(bookingId: number, caller: { id: string; role: string }): SQL | undefined {
  return caller.role === 'admin' ? eq(bookings.id, bookingId) : ownedBy(bookingId, caller.id);
}

/** The bookings of the consultant linked to this account (none for an account no consultant is linked to). */
export function ofConsultantAccount(userId: string): SQL {
  return inArray(
    bookings.consultantId,
    // A subquery: the caller's consultant is read in the same statement as their bookings.
    sql`(select ${consultants.id} from ${consultants} where ${consultants.userId} = ${userId})`,
  );
}

/**
 * The booking's row as the caller may read it: as `visibleTo`, and for a consultant's account also the bookings
 * of its consultant (docs/decisions/048). Someone else's booking is not found.
 */
export function readableBy(bookingId: number, caller: { id: string; role: string }): SQL | undefined {
  if (caller.role !== 'consultant') return visibleTo(bookingId, caller);
  return and(eq(bookings.id, bookingId), or(eq(bookings.userId, caller.id), ofConsultantAccount(caller.id)));
}

/** The booking with this id, joined; for an id the caller has just written or locked. */
async function findBookingRow(db: Reader, id: number): Promise<BookingJoinRow> {
  const [row] = await selectBookings(db).where(eq(bookings.id, id));
  if (!row) throw new Error(`Booking ${id} vanished`);
  return row;
}

export async function findBooking(db: Reader, id: number, timeZone: string): Promise<Booking> {
  return toBooking(await findBookingRow(db, id), timeZone);
}
