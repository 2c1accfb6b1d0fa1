// The firm's notices of clients' actions (a new booking, a cancellation, a move), written in the caller's
// transaction so that they are sent only if the action commits. The notices about one booking are one letter per
// window (docs/decisions/042): a client moving a booking back and forth cannot flood the firm.
import {
  type Booking,
  bookingReassignedMessages,
  contactLabels,
  type FirmNoticeKind,
  firmNoticeMessages,
  firmNoticeSummaryMessages,
  hoursIn,
  longDate,
  paths,
  shortDate,
  statusLabels,
  timeIn,
  urgencyLabels,
  zonedDate,
  zoneName,
} from '@portal/domain';
import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { bookingEvents } from '../../db/schema.ts';
import { bookingDetails, bookingTimeRange } from './booking-emails.ts';
import { firmNoticeRecipients } from './firm-recipients.ts';
import { type GatheringTimes, gatherLetters } from './gathered-letters.ts';
import { compose, type MailMessage } from './letter.ts';

/** One client action the notice tells of. */
export interface FirmNoticeHappening {
  kind: FirmNoticeKind;
  at: Date;
  /** A move's old start. */
  from?: Date | undefined;
  /** The start it was booked for, or moved to. */
  to?: Date | undefined;
}

export interface FirmNotice {
  /** The booking as the latest action left it. */
  booking: Booking;
  /** The actions since the firm was last written to about it, oldest first (at least one). */
  happenings: FirmNoticeHappening[];
}

export interface FirmNoticeOptions extends GatheringTimes {
  /** APP_URL: the link to the booking in All Bookings. */
  appUrl: string;
  /** FIRM_EMAIL; empty: every administrator. */
  firmEmails: readonly string[];
}

/** The most actions one letter lists (the latest); the booking's history has the rest. */
const maxHappeningsListed = 30;

/** 'Ada Lovelace', or the address when the profile has no name. */
function clientName(booking: Booking): string {
  const { first_name, last_name, email } = booking.user_profiles;
  return [first_name, last_name].filter(Boolean).join(' ').trim() || email;
}

/** 'Ada Lovelace <ada@example.com>', the address alone when the profile has no name, the name alone without an address (an erased client). */
function clientMailbox(booking: Booking): string {
  const name = clientName(booking);
  const { email } = booking.user_profiles;
  return name === email || email === '' ? name : `${name} <${email}>`;
}

/** 'Monday, January 14, 2030, 10 AM - 11 AM Mountain Standard Time (America/Phoenix)': the booking at a start. */
function slotAt(booking: Booking, start: Date): string {
  const zone = booking.time_zone;
  const end = new Date(start.getTime() + booking.services.duration * 60_000);
  return `${longDate(zonedDate(start, zone))}, ${hoursIn(start, end, zone)} ${zoneName(zone, start)}`;
}

/** 'Fri, Dec 18, 2026, 10 AM - 11 AM': a start in a list that names the zone once. */
function shortSlotAt(booking: Booking, start: Date): string {
  const zone = booking.time_zone;
  const end = new Date(start.getTime() + booking.services.duration * 60_000);
  return `${shortDate(zonedDate(start, zone))}, ${hoursIn(start, end, zone)}`;
}

function happeningLine(booking: Booking, happening: FirmNoticeHappening): string {
  const words = firmNoticeSummaryMessages;
  const what =
    happening.kind === 'newBooking'
      ? words.created(shortSlotAt(booking, happening.to ?? new Date(booking.starts_at)))
      : happening.kind === 'rescheduledByClient' && happening.from && happening.to
        ? words.rescheduled(shortSlotAt(booking, happening.from), shortSlotAt(booking, happening.to))
        : words.cancelled;
  return words.line(timeIn(happening.at, booking.time_zone), what);
}

/** The facts of the booking as it is now, for the firm. */
function firmDetails(booking: Booking, previously: [string, string][] = []): [string, string][] {
  return [
    ['Client', clientMailbox(booking)],
    ...bookingDetails(booking),
    ...previously,
    ['Status', statusLabels[booking.status]],
    ['Urgency', urgencyLabels[booking.urgency]],
    ['Preferred contact', contactLabels[booking.preferred_contact]],
    ['Project', booking.project_description],
    ['Notes', booking.additional_notes ?? 'None'],
  ];
}

/**
 * The notice's letter to one of the firm's addresses: one action is told as it always was (a move with where the
 * booking was); several are listed in order under a subject that counts them. Replying to it writes to the client.
 */
export function firmNoticeEmail(
  notice: FirmNotice,
  to: string,
  appUrl: string,
  /** The booking's consultant's copy: its link opens the booking's page, which they may open, not All Bookings. */
  reader: 'firm' | 'consultant' = 'firm',
): MailMessage {
  const { booking, happenings } = notice;
  const action = {
    label: firmNoticeMessages.action,
    url: new URL(
      reader === 'consultant' ? paths.booking(booking.id) : paths.adminBooking(booking.id),
      appUrl,
    ).toString(),
  };
  const [only] = happenings;
  if (happenings.length <= 1) {
    const kind = only?.kind ?? 'newBooking';
    const previously: [string, string][] = only?.from ? [['Previously', slotAt(booking, only.from)]] : [];
    return compose({
      to,
      replyTo: booking.user_profiles.email || undefined,
      subject: firmNoticeMessages.subject[kind](booking.confirmation_code),
      intro: [firmNoticeMessages.intro[kind](clientName(booking), booking.services.name)],
      details: firmDetails(booking, previously),
      action,
      outro: [firmNoticeMessages.outro[kind]],
    });
  }
  const words = firmNoticeSummaryMessages;
  const listed = happenings.slice(-maxHappeningsListed);
  const unlisted = happenings.length - listed.length;
  return compose({
    to,
    replyTo: booking.user_profiles.email || undefined,
    subject: words.subject(booking.confirmation_code, happenings.length),
    intro: [
      words.intro(clientName(booking), booking.services.name, happenings.length),
      words.happened(zoneName(booking.time_zone, new Date(booking.starts_at))),
      ...(unlisted > 0 ? [words.earlier(unlisted)] : []),
      ...listed.map((happening) => happeningLine(booking, happening)),
    ],
    details: firmDetails(booking),
    action,
    outro: [words.outro],
  });
}

/**
 * The client's actions on the booking from `since` on, oldest first, as the notice tells them. Read from the
 * booking's history, which the action wrote in this same transaction.
 */
async function happeningsSince(
  tx: Transaction,
  booking: Booking,
  since: SQL,
): Promise<FirmNoticeHappening[]> {
  const events = await tx
    .select({
      type: bookingEvents.type,
      toStatus: bookingEvents.toStatus,
      fromStartsAt: bookingEvents.fromStartsAt,
      toStartsAt: bookingEvents.toStartsAt,
      at: bookingEvents.at,
    })
    .from(bookingEvents)
    .where(
      and(
        eq(bookingEvents.bookingId, booking.id),
        eq(bookingEvents.actor, 'client'),
        gte(bookingEvents.at, since),
      ),
    )
    .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
  const happenings: FirmNoticeHappening[] = [];
  for (const [index, event] of events.entries()) {
    if (event.type === 'created') {
      // Booked for where its first move took it from, or where it still is.
      const firstMove = events.slice(index + 1).find((later) => later.type === 'rescheduled');
      happenings.push({
        kind: 'newBooking',
        at: event.at,
        to: firstMove?.fromStartsAt ?? new Date(booking.starts_at),
      });
    } else if (event.type === 'rescheduled') {
      happenings.push({
        kind: 'rescheduledByClient',
        at: event.at,
        from: event.fromStartsAt ?? undefined,
        to: event.toStartsAt ?? undefined,
      });
    } else if (event.type === 'status_changed' && event.toStatus === 'cancelled') {
      happenings.push({ kind: 'cancelledByClient', at: event.at });
    }
  }
  return happenings;
}

/**
 * Tells the firm of the client's latest action on a booking, in the caller's transaction (which decides whether
 * it is sent), to each of the firm's addresses read now (none yet: no notice). A notice about the booking still
 * waiting unsent takes the action in: its letter is written again with every action since it began. Otherwise a
 * new one waits `firmNoticeDelayMs` for the actions that follow, and at least `firmNoticeWindowMs` after the
 * previous notice's delivery. The database's clock decides, so every process keeps one window.
 */
export async function notifyFirm(
  tx: Transaction,
  booking: Booking,
  options: FirmNoticeOptions,
): Promise<void> {
  const recipients = await firmNoticeRecipients(tx, booking.consultant.id, options.firmEmails);
  // This transaction's actions: their history entries and a new letter share its start time, now().
  await gatherLetters(
    tx,
    `firm-notice|${booking.id}`,
    recipients.map(({ to, reader }) => ({
      to,
      letter: async (since) =>
        firmNoticeEmail(
          { booking, happenings: await happeningsSince(tx, booking, since) },
          to,
          options.appUrl,
          reader,
        ),
    })),
    options,
  );
}

/**
 * A consultant's letter when the firm moves a booking from them ('left') or to them ('joined'); an answer goes to
 * the client, as the firm's notices' do.
 */
export function consultantReassignmentEmail(
  booking: Booking,
  role: 'left' | 'joined',
  consultant: { name: string; email: string },
  otherName: string,
): MailMessage {
  const words = bookingReassignedMessages;
  const when = `${longDate(booking.booking_date)}, ${bookingTimeRange(booking)}`;
  const service = booking.services.name;
  return compose({
    to: consultant.email,
    replyTo: booking.user_profiles.email || undefined,
    name: consultant.name,
    subject:
      role === 'left'
        ? words.leftSubject(booking.confirmation_code)
        : words.joinedSubject(booking.confirmation_code),
    intro: [
      role === 'left'
        ? words.leftIntro(service, when, otherName)
        : words.joinedIntro(service, when, otherName),
    ],
    details: bookingDetails(booking),
    outro: [],
  });
}
