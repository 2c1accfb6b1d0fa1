// Calendar invitations (RFC 5545 / iTIP) for booked consultations: a REQUEST when confirmed, a CANCEL of the same
// event (same UID, higher SEQUENCE) when cancelled. ical-generator writes the iCalendar text; times are given as
// TZDate values so they are written as wall-clock times in the business zone (DTSTART;TZID=…), and
// timezones-ical-library supplies that zone's VTIMEZONE from current tz data.
import { TZDate } from '@date-fns/tz';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import type { OutboxCalendarEvent } from '../../db/schema.ts';

/**
 * PUBLISH: the file a client downloads or the feed they subscribe to (no reply expected); REQUEST and CANCEL travel
 * with e-mails.
 */
export type CalendarMethod = OutboxCalendarEvent['method'] | 'PUBLISH';

export interface ConsultationEvent<Method extends CalendarMethod = OutboxCalendarEvent['method']> {
  method: Method;
  /** Stable per booking: every update and the cancellation must name the same event. */
  uid: string;
  /** Grows with every revision; a client ignores an update whose SEQUENCE is not higher than what it has. */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  /** The business zone (IANA); the times are written in it, with its VTIMEZONE. */
  timeZone: string;
  summary: string;
  description: string;
  /** The booking's room (or its page, before it has a place); the room as URL too, so calendar apps offer Join. */
  url: string;
  /** LOCATION: the place the firm set, else the room's URL; none before it is confirmed. */
  location?: string | undefined;
  /** The firm's real address (calendarOrganizer): where a calendar app would send a reply. */
  organizer: { name: string; email: string };
  /** The client; named only in e-mails' REQUEST and CANCEL, never in a PUBLISH file or feed. */
  attendee: { name?: string | undefined; email: string };
  /** DTSTAMP: when this iCalendar object was made. */
  stamp: Date;
  /** A booking not yet confirmed is TENTATIVE; a cancelled one (or a CANCEL) CANCELLED; else CONFIRMED. */
  eventStatus?: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
}

/** The event's UID: `booking-<id>@<host of the app>`. */
export function consultationUid(bookingId: number, appUrl: string): string {
  return `booking-${bookingId}@${new URL(appUrl).hostname}`;
}

let knownZones: Set<string> | undefined;

/** The VTIMEZONE of a zone, or null when the library does not know it (the times are then written in UTC). */
function vtimezone(timeZone: string): string | null {
  if (!knownZones) {
    const zones = tzlib_get_timezones(false);
    knownZones = new Set(Array.isArray(zones) ? zones : []);
  }
  if (!knownZones.has(timeZone)) return null;
  const block = tzlib_get_ical_block(timeZone, false);
  return Array.isArray(block) ? (block[0] ?? null) : null;
}

/** Splits 'OT Consulting <no-reply@example.com>' (MAIL_FROM) into a name and an address. */
export function mailbox(address: string, fallbackName: string): { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/.exec(address);
  if (match?.[2]) return { name: match[1]?.trim() || fallbackName, email: match[2].trim() };
  return { name: fallbackName, email: address.trim() };
}

const icalMethods = {
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
  PUBLISH: ICalCalendarMethod.PUBLISH,
} as const;

type Calendar = ReturnType<typeof ical>;

/**
 * A name as a quoted parameter value (CN) that Outlook and Google show as written: they do not decode RFC 6868's
 * `^'`, `^^` and `^n`, so a double quote becomes a single one and carets and control characters go (the generator
 * would escape them); a name left empty is dropped.
 */
export function parameterName(name: string | undefined): string | undefined {
  const safe = (name ?? '')
    .replace(/"/g, "'")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f^]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return safe || undefined;
}

function newCalendar(method: CalendarMethod, feed?: CalendarFeedOptions): Calendar {
  return ical({
    prodId: { company: 'OT Consulting', product: 'Client Portal', language: 'EN' },
    method: icalMethods[method],
    scale: 'gregorian',
    // No calendar-wide zone (it would also shift DTSTAMP out of UTC): the event names its own, and the
    // generator adds the VTIMEZONE of every zone an event uses.
    timezone: { name: null, generator: vtimezone },
    ...(feed ? { name: feed.name, ttl: feed.refreshMinutes * 60 } : {}),
  });
}

function addConsultation(calendar: Calendar, event: ConsultationEvent<CalendarMethod>): void {
  const zone = vtimezone(event.timeZone) === null ? null : event.timeZone;
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: event.stamp,
    start: zone ? new TZDate(event.startsAt.getTime(), zone) : event.startsAt,
    end: zone ? new TZDate(event.endsAt.getTime(), zone) : event.endsAt,
    timezone: zone,
    summary: event.summary,
    description: event.description,
    url: event.url,
    location: event.location ?? null,
    organizer: {
      name: parameterName(event.organizer.name) ?? event.organizer.email,
      email: event.organizer.email,
    },
    // A file or feed (PUBLISH) names no attendee: it is not an invitation, and a calendar would show the client
    // as having answered one.
    attendees:
      event.method === 'PUBLISH'
        ? []
        : [
            {
              email: event.attendee.email,
              ...(parameterName(event.attendee.name) ? { name: parameterName(event.attendee.name) } : {}),
              role: ICalAttendeeRole.REQ,
              // The client asked for this time: accepted once the firm confirms it, tentative while it is pending.
              // No answer is asked for (RSVP=FALSE): nothing the firm receives is read, so a decline cancels nothing.
              status:
                event.eventStatus === 'TENTATIVE'
                  ? ICalAttendeeStatus.TENTATIVE
                  : ICalAttendeeStatus.ACCEPTED,
              rsvp: false,
            },
          ],
    status: ICalEventStatus[event.method === 'CANCEL' ? 'CANCELLED' : (event.eventStatus ?? 'CONFIRMED')],
  });
}

/**
 * The iCalendar text: the calendar's own properties before its components (the generator writes REFRESH-INTERVAL
 * and X-PUBLISHED-TTL after the VTIMEZONE, which some clients then ignore or refuse), and every line ending with
 * CRLF, the last one too (RFC 5545 §3.1; the generator leaves it off).
 */
function text(calendar: Calendar): string {
  const lines = calendar.toString().split('\r\n');
  const properties: string[] = [];
  const components: string[] = [];
  let depth = 0;
  let target = properties;
  for (const line of lines) {
    if (line === '') continue;
    // A folded line's continuation stays with the line it continues.
    if (line.startsWith(' ') || line.startsWith('\t')) {
      target.push(line);
      continue;
    }
    if (line.startsWith('BEGIN:')) depth += 1;
    target = depth >= 2 ? components : properties;
    target.push(line);
    if (line.startsWith('END:')) depth -= 1;
  }
  // BEGIN:VCALENDAR opens the properties and END:VCALENDAR closes them: the components go in between.
  const end = properties.pop();
  return `${[...properties, ...components, end].join('\r\n')}\r\n`;
}

/** The iCalendar object of one consultation, as the outbox stores it. */
export function consultationCalendar<Method extends CalendarMethod>(
  event: ConsultationEvent<Method>,
): { method: Method; content: string } {
  const calendar = newCalendar(event.method);
  addConsultation(calendar, event);
  return { method: event.method, content: text(calendar) };
}

/** What a subscribed calendar shows of the feed itself: its name, and how often to fetch it again. */
export interface CalendarFeedOptions {
  /** X-WR-CALNAME. */
  name: string;
  /** REFRESH-INTERVAL and X-PUBLISHED-TTL. */
  refreshMinutes: number;
}

/** A subscription feed (METHOD:PUBLISH): many consultations in one calendar, each the same event as its e-mails'. */
export function consultationFeed(events: ConsultationEvent<'PUBLISH'>[], feed: CalendarFeedOptions): string {
  const calendar = newCalendar('PUBLISH', feed);
  for (const event of events) addConsultation(calendar, event);
  return text(calendar);
}
