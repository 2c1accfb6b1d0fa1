// "Download my data" (docs/product.md#your-data, docs/decisions/054): everything the portal holds about the caller,
// read in one transaction with one query per kind of record (never one per booking), and the booking documents'
// bytes streamed into a zip one at a time, so a client with many documents never holds them all in memory.
import { Readable } from 'node:stream';
import {
  archivePath,
  type BookingEventActor,
  type BookingEventType,
  type BookingStatus,
  confirmationCode,
  type DataExport,
  dataExportFormatVersion,
  dataExportJsonName,
  type ExportedBooking,
  type FirmBilling,
  type InvoiceBuyer,
  type InvoiceLine,
} from '@portal/domain';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Database, Transaction } from '../../db/client.ts';
import {
  bookingEvents,
  bookingFiles,
  bookingMessages,
  bookings,
  calendarFeeds,
  cardPayments,
  consents,
  consultants,
  contactMessages,
  dataRequests,
  invoicePayments,
  invoices,
  outbox,
  reviews,
  services,
  sessions,
  userProfiles,
  users,
} from '../../db/schema.ts';
import { recordDataRequest } from './data-requests.ts';

/** Who exports: the signed-in caller. */
export interface Exporter {
  id: string;
  email: string;
}

/** A booking document to put in the zip: where, and which row holds its bytes. */
export interface ExportedFile {
  id: number;
  path: string;
  createdAt: Date;
}

export interface ExportedData {
  document: DataExport;
  files: ExportedFile[];
}

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());

/** The caller's bookings, as a subquery every kind of record around a booking is read by. */
function ownBookingIds(tx: Transaction, userId: string) {
  return tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId));
}

/** Groups rows by their booking. */
function byBooking<Row extends { bookingId: number }>(rows: Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.bookingId);
    if (group) group.push(row);
    else groups.set(row.bookingId, [row]);
  }
  return groups;
}

function sellerOf(seller: FirmBilling) {
  return {
    legal_name: seller.legalName,
    address: seller.address,
    tax_id: seller.taxId,
    bank_details: seller.bankDetails,
    footer: seller.footer,
  };
}

function buyerOf(buyer: InvoiceBuyer) {
  return {
    name: buyer.name,
    email: buyer.email,
    company: buyer.company,
    address: buyer.address,
    tax_id: buyer.taxId,
  };
}

function lineOf(line: InvoiceLine) {
  return {
    service_name: line.serviceName,
    starts_at: line.startsAt,
    ends_at: line.endsAt,
    time_zone: line.timeZone,
    duration_minutes: line.durationMinutes,
    hourly_rate: line.hourlyRate,
  };
}

/** Reads the bookings and everything around them: one query per kind of record. */
async function readBookings(tx: Transaction, caller: Exporter, timeZone: string) {
  const own = ownBookingIds(tx, caller.id);
  const bookingRows = await tx
    .select({
      booking: bookings,
      serviceName: services.name,
      consultantName: consultants.name,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
    .where(eq(bookings.userId, caller.id))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  if (bookingRows.length === 0) return { bookings: [], files: [] };

  const history = await tx
    .select()
    .from(bookingEvents)
    .where(inArray(bookingEvents.bookingId, own))
    .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
  const messages = await tx
    .select()
    .from(bookingMessages)
    .where(inArray(bookingMessages.bookingId, own))
    .orderBy(asc(bookingMessages.id));
  const files = await tx
    .select({
      id: bookingFiles.id,
      bookingId: bookingFiles.bookingId,
      uploadedBy: bookingFiles.uploadedBy,
      name: bookingFiles.name,
      contentType: bookingFiles.contentType,
      size: bookingFiles.size,
      createdAt: bookingFiles.createdAt,
    })
    .from(bookingFiles)
    .where(inArray(bookingFiles.bookingId, own))
    .orderBy(asc(bookingFiles.id));
  const reviewRows = await tx.select().from(reviews).where(inArray(reviews.bookingId, own));
  const credited = alias(invoices, 'credited');
  const invoiceRows = await tx
    .select({ invoice: invoices, creditsNumber: credited.number })
    .from(invoices)
    .leftJoin(credited, eq(credited.id, invoices.creditsInvoiceId))
    .where(inArray(invoices.bookingId, own))
    .orderBy(asc(invoices.id));
  const paymentRows = await tx
    .select({
      invoiceId: invoicePayments.invoiceId,
      amountCents: invoicePayments.amountCents,
      paidOn: invoicePayments.paidOn,
      reference: invoicePayments.reference,
      createdAt: invoicePayments.createdAt,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(inArray(invoices.bookingId, own))
    .orderBy(asc(invoicePayments.id));
  const cardRows = await tx
    .select({
      bookingId: cardPayments.bookingId,
      status: cardPayments.status,
      updatedAt: cardPayments.updatedAt,
    })
    .from(cardPayments)
    .where(inArray(cardPayments.bookingId, own));

  const historyOf = byBooking(history);
  const messagesOf = byBooking(messages);
  const filesOf = byBooking(files);
  const reviewOf = new Map(reviewRows.map((row) => [row.bookingId, row]));
  const invoicesOf = byBooking(invoiceRows.map((row) => ({ ...row, bookingId: row.invoice.bookingId })));
  const paymentsOf = new Map<number, typeof paymentRows>();
  for (const payment of paymentRows) {
    paymentsOf.set(payment.invoiceId, [...(paymentsOf.get(payment.invoiceId) ?? []), payment]);
  }
  const cardOf = new Map(cardRows.map((row) => [row.bookingId, row]));

  const exported = bookingRows.map(({ booking, serviceName, consultantName }): ExportedBooking => {
    const review = reviewOf.get(booking.id);
    const card = cardOf.get(booking.id);
    return {
      id: booking.id,
      confirmation_code: confirmationCode(booking.id, booking.createdAt, timeZone),
      service: { id: booking.serviceId, name: serviceName },
      consultant: { name: consultantName },
      status: booking.status,
      starts_at: iso(booking.startsAt),
      ends_at: iso(booking.endsAt),
      duration_minutes: booking.durationMinutes,
      hourly_rate: booking.hourlyRate,
      total_cost: booking.totalCost,
      amount_cents: booking.amountCents,
      currency: booking.currency,
      project_description: booking.projectDescription,
      urgency: booking.urgency,
      preferred_contact: booking.preferredContact,
      additional_notes: booking.additionalNotes,
      brief: booking.brief.map((entry) => ({
        question: { id: entry.question.id, label: entry.question.label, type: entry.question.type },
        answer: entry.answer,
      })),
      meeting_url: booking.meetingUrl,
      location: booking.location,
      summary: booking.summary,
      booked_from_address: booking.clientAddress,
      created_at: iso(booking.createdAt),
      updated_at: iso(booking.updatedAt),
      history: (historyOf.get(booking.id) ?? []).map((event) => ({
        type: event.type as BookingEventType,
        actor: event.actor as BookingEventActor,
        by_you: event.actorUserId === caller.id,
        from_status: event.fromStatus as BookingStatus | null,
        to_status: event.toStatus as BookingStatus,
        from_starts_at: isoOrNull(event.fromStartsAt),
        to_starts_at: isoOrNull(event.toStartsAt),
        from_consultant_name: event.fromConsultantName,
        to_consultant_name: event.toConsultantName,
        at: iso(event.at),
      })),
      messages: (messagesOf.get(booking.id) ?? []).map((message) => ({
        id: message.id,
        side: message.side,
        by_you: message.authorId === caller.id,
        body: message.body,
        created_at: iso(message.createdAt),
      })),
      files: (filesOf.get(booking.id) ?? []).map((file) => ({
        id: file.id,
        name: file.name,
        content_type: file.contentType,
        size: file.size,
        uploaded_by: file.uploadedBy === caller.id ? 'you' : 'firm',
        created_at: iso(file.createdAt),
        archive_path: archivePath(booking.id, file.id, file.name),
      })),
      review: review
        ? {
            rating: review.rating,
            comment: review.comment,
            hidden: review.hidden,
            created_at: iso(review.createdAt),
            updated_at: iso(review.updatedAt),
          }
        : null,
      invoices: (invoicesOf.get(booking.id) ?? []).map(({ invoice, creditsNumber }) => ({
        id: invoice.id,
        kind: invoice.kind,
        number: invoice.number,
        credits_number: creditsNumber,
        issued_on: invoice.issuedOn,
        due_on: invoice.dueOn,
        currency: invoice.currency,
        seller: sellerOf(invoice.seller),
        buyer: buyerOf(invoice.buyer),
        line: lineOf(invoice.line),
        subtotal_cents: invoice.subtotalCents,
        tax_rate: invoice.taxRate,
        tax_cents: invoice.taxCents,
        total_cents: invoice.totalCents,
        reference: invoice.reference,
        payments: (paymentsOf.get(invoice.id) ?? []).map((payment) => ({
          amount_cents: payment.amountCents,
          paid_on: payment.paidOn,
          reference: payment.reference,
          recorded_at: iso(payment.createdAt),
        })),
      })),
      card_payment: card ? { status: card.status, updated_at: iso(card.updatedAt) } : null,
    };
  });
  const zipped = files.map((file) => ({
    id: file.id,
    path: archivePath(file.bookingId, file.id, file.name),
    createdAt: file.createdAt,
  }));
  return { bookings: exported, files: zipped };
}

/** Reads everything about the account, in the transaction that records the export (so it lists itself). */
async function readAll(tx: Transaction, caller: Exporter, timeZone: string): Promise<ExportedData> {
  const [user] = await tx.select().from(users).where(eq(users.id, caller.id));
  if (!user) throw new Error('The exporting account has no row');
  const [profile] = await tx.select().from(userProfiles).where(eq(userProfiles.userId, caller.id));
  const [consultant] = await tx.select().from(consultants).where(eq(consultants.userId, caller.id));
  const own = await readBookings(tx, caller, timeZone);
  const sessionRows = await tx
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, caller.id))
    .orderBy(desc(sessions.createdAt));
  const consentRows = await tx
    .select()
    .from(consents)
    .where(eq(consents.userId, caller.id))
    .orderBy(asc(consents.acceptedAt), asc(consents.document));
  const requestRows = await tx
    .select()
    .from(dataRequests)
    .where(eq(dataRequests.subjectUserId, caller.id))
    .orderBy(asc(dataRequests.at), asc(dataRequests.id));
  const [feed] = await tx
    .select({ createdAt: calendarFeeds.createdAt, generation: calendarFeeds.generation })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, caller.id));
  // By address, whatever its case: what a visitor typed into the contact form, and where the portal wrote.
  const address = caller.email.toLowerCase();
  const contactRows = await tx
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = ${address}`)
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
  const mailRows = await tx
    .select({
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      oneTimeLink: outbox.oneTimeLink,
      status: outbox.status,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(sql`lower(${outbox.to}) = ${address}`)
    .orderBy(asc(outbox.createdAt));

  const document: DataExport = {
    format_version: dataExportFormatVersion,
    exported_at: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      email_verified: user.emailVerified,
      two_factor_enabled: user.twoFactorEnabled,
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    profile: profile
      ? {
          first_name: profile.firstName,
          last_name: profile.lastName,
          phone: profile.phone,
          company: profile.company,
          billing_address: profile.billingAddress,
          tax_id: profile.taxId,
          created_at: iso(profile.createdAt),
          updated_at: iso(profile.updatedAt),
        }
      : null,
    consultant: consultant
      ? {
          name: consultant.name,
          email: consultant.email,
          title: consultant.title,
          bio: consultant.bio,
          active: consultant.active,
          created_at: iso(consultant.createdAt),
        }
      : null,
    bookings: own.bookings,
    sessions: sessionRows.map((session) => ({
      id: session.id,
      user_agent: session.userAgent,
      ip_address: session.ipAddress,
      created_at: iso(session.createdAt),
      last_seen_at: iso(session.lastSeenAt),
      expires_at: iso(session.expiresAt),
    })),
    consents: consentRows.map((consent) => ({
      document: consent.document,
      version: consent.version,
      accepted_at: iso(consent.acceptedAt),
    })),
    data_requests: requestRows.map((request) => ({
      kind: request.kind,
      actor: request.actor,
      at: iso(request.at),
    })),
    calendar_feed: feed ? { created_at: iso(feed.createdAt), resets: feed.generation } : null,
    contact_messages: contactRows.map((message) => ({
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      answered_at: isoOrNull(message.answeredAt),
      created_at: iso(message.createdAt),
    })),
    // A letter with a one-time link keeps its words out (the link may still work), and so do the firm's letters
    // to its staff: they quote clients (their messages, the contact form).
    emails: mailRows.map((mail) => ({
      to: mail.to,
      subject: mail.subject,
      text: mail.oneTimeLink || user.role !== 'client' ? null : mail.text,
      status: mail.status,
      created_at: iso(mail.createdAt),
      sent_at: isoOrNull(mail.sentAt),
    })),
  };
  return { document, files: own.files };
}

/**
 * Records the export and reads everything the portal holds about the caller, in one transaction: the record lists
 * itself in the document, and a failure leaves neither. The password was confirmed before.
 */
export async function exportAccountData(
  db: Database,
  caller: Exporter,
  timeZone: string,
): Promise<ExportedData> {
  return db.transaction(async (tx) => {
    await recordDataRequest(tx, {
      kind: 'export',
      subjectUserId: caller.id,
      actorUserId: caller.id,
      actor: 'self',
    });
    return readAll(tx, caller, timeZone);
  });
}

/** The document as the JSON file holds it: indented, for a person to read. */
export function exportJson(document: DataExport): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * The zip: data.json (deflated), then each document's bytes as they are (stored: most are compressed already), read
 * one at a time as the stream is read. A document deleted since the list was read is left out.
 */
export function exportZip(db: Database, exported: ExportedData): Readable {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const ready: Uint8Array[] = [];
    const failures: Error[] = [];
    const zip = new Zip((error, chunk) => {
      if (error) failures.push(error);
      else ready.push(chunk);
    });
    function* take(): Generator<Uint8Array> {
      if (failures[0]) throw failures[0];
      yield* ready.splice(0);
    }
    const json = new ZipDeflate(dataExportJsonName, { level: 6 });
    json.mtime = new Date(exported.document.exported_at);
    zip.add(json);
    json.push(new TextEncoder().encode(exportJson(exported.document)), true);
    yield* take();
    for (const file of exported.files) {
      const [row] = await db
        .select({ content: bookingFiles.content })
        .from(bookingFiles)
        .where(eq(bookingFiles.id, file.id));
      if (!row) continue;
      const entry = new ZipPassThrough(file.path);
      entry.mtime = file.createdAt;
      zip.add(entry);
      entry.push(new Uint8Array(row.content), true);
      yield* take();
    }
    zip.end();
    yield* take();
  }
  return Readable.from(chunks(), { objectMode: false });
}
