// The calendar object on its own, in zones with daylight saving time, read back by an independent parser.
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { calendarOrganizer } from '../../src/lib/mail/booking-calendar.ts';
import {
  type ConsultationEvent,
  consultationCalendar,
  consultationFeed,
  consultationUid,
  mailbox,
  parameterName,
} from '../../src/lib/mail/calendar.ts';

function event(overrides: Partial<ConsultationEvent>): ConsultationEvent {
  return {
    method: 'REQUEST',
    uid: 'booking-7@portal.example.com',
    sequence: 1,
    startsAt: new Date('2026-07-01T07:00:00Z'),
    endsAt: new Date('2026-07-01T08:30:00Z'),
    timeZone: 'Europe/Berlin',
    summary: 'Cloud Migration consultation',
    description: 'Confirmation code: OT-2026-007\n\nProject: a, b; c',
    url: 'https://portal.example.com/my-bookings',
    organizer: { name: 'OT Consulting', email: 'bookings@portal.example.com' },
    attendee: { name: 'Ada Lovelace', email: 'ada@example.com' },
    stamp: new Date('2026-06-01T12:00:00Z'),
    ...overrides,
  };
}

function published(overrides: Partial<ConsultationEvent>): ConsultationEvent<'PUBLISH'> {
  return { ...event(overrides), method: 'PUBLISH' };
}

function parse(content: string): VEvent {
  const found = Object.values(ical.sync.parseICS(content)).find(
    (component): component is VEvent =>
      typeof component === 'object' &&
      component !== null &&
      'type' in component &&
      component.type === 'VEVENT',
  );
  if (!found) throw new Error('no VEVENT');
  return found;
}

describe('consultationCalendar', () => {
  it('writes wall-clock times in the zone, with its VTIMEZONE, in summer and in winter', () => {
    for (const [startsAt, endsAt, local] of [
      ['2026-07-01T07:00:00Z', '2026-07-01T08:30:00Z', '20260701T090000'], // CEST, UTC+2
      ['2026-12-01T08:00:00Z', '2026-12-01T09:30:00Z', '20261201T090000'], // CET, UTC+1
    ] as const) {
      const { method, content } = consultationCalendar(
        event({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) }),
      );
      expect(method).toBe('REQUEST');
      expect(content).toContain('METHOD:REQUEST');
      expect(content).toContain(`DTSTART;TZID=Europe/Berlin:${local}`);
      expect(content).toMatch(
        /BEGIN:VTIMEZONE\r\nTZID:Europe\/Berlin[\s\S]*BEGIN:DAYLIGHT[\s\S]*BEGIN:STANDARD/,
      );
      expect(content).toContain('DTSTAMP:20260601T120000Z');
      const parsed = parse(content);
      expect(parsed.start.getTime()).toBe(Date.parse(startsAt));
      expect(parsed.end?.getTime()).toBe(Date.parse(endsAt));
      expect(parsed.start.tz).toBe('Europe/Berlin');
      expect(parsed.description).toBe('Confirmation code: OT-2026-007\n\nProject: a, b; c');
    }
  });

  it('cancels the same event: METHOD:CANCEL, STATUS:CANCELLED, the UID and SEQUENCE given', () => {
    const { method, content } = consultationCalendar(event({ method: 'CANCEL', sequence: 3 }));
    expect(method).toBe('CANCEL');
    expect(content).toContain('METHOD:CANCEL');
    const parsed = parse(content);
    expect(parsed.status).toBe('CANCELLED');
    expect(parsed.uid).toBe('booking-7@portal.example.com');
    expect(parsed.sequence).toBe(3);
  });

  it('falls back to UTC times for a zone without a known VTIMEZONE', () => {
    const { content } = consultationCalendar(event({ timeZone: 'Etc/Unknown' }));
    expect(content).toContain('DTSTART:20260701T070000Z');
    expect(content).not.toContain('TZID=');
    expect(parse(content).start.getTime()).toBe(Date.parse('2026-07-01T07:00:00Z'));
  });
});

describe('consultationUid and mailbox', () => {
  it('name the event by booking and host, and split MAIL_FROM into name and address', () => {
    expect(consultationUid(12, 'https://portal.example.com:8443')).toBe('booking-12@portal.example.com');
    expect(mailbox('OT Consulting <no-reply@example.com>', 'x')).toEqual({
      name: 'OT Consulting',
      email: 'no-reply@example.com',
    });
    expect(mailbox('"OT, Inc." <a@example.com>', 'x')).toEqual({ name: 'OT, Inc.', email: 'a@example.com' });
    expect(mailbox('bare@example.com', 'OT Consulting')).toEqual({
      name: 'OT Consulting',
      email: 'bare@example.com',
    });
  });
});

describe('who an event names', () => {
  it('a file or feed (PUBLISH) names no attendee; an e-mail names the client, tentative while pending, no RSVP', () => {
    const file = consultationCalendar(published({ eventStatus: 'TENTATIVE' })).content;
    expect(file).not.toContain('ATTENDEE');
    expect(file).toContain('STATUS:TENTATIVE');
    const pending = consultationCalendar(event({ eventStatus: 'TENTATIVE' })).content;
    expect(pending).toMatch(/ATTENDEE;[^\r]*PARTSTAT=TENTATIVE;RSVP=FALSE/);
    const confirmed = consultationCalendar(event({ eventStatus: 'CONFIRMED' })).content;
    expect(confirmed).toMatch(/ATTENDEE;[^\r]*PARTSTAT=ACCEPTED;RSVP=FALSE/);
  });

  it('writes names without RFC 6868 escapes, which Outlook and Google show literally', () => {
    expect(parameterName('Ada "The Countess" Lovelace; King')).toBe("Ada 'The Countess' Lovelace; King");
    expect(parameterName('A^b\nc\u0007d')).toBe('A b c d');
    expect(parameterName('  ')).toBeUndefined();
    const { content } = consultationCalendar(
      event({ attendee: { name: 'Ada "The; Countess"', email: 'ada@example.com' } }),
    );
    expect(content).not.toMatch(/\^['n^]/);
    expect(content.replace(/\r\n /g, '')).toContain(`CN="Ada 'The; Countess'":MAILTO:ada@example.com`);
  });

  it("organizes with the firm's reply address, else MAIL_FROM's", () => {
    const mailFrom = 'OT Consulting <no-reply@example.com>';
    expect(calendarOrganizer({ mailFrom, replyTo: 'office@firm.test' })).toEqual({
      name: 'OT Consulting',
      email: 'office@firm.test',
    });
    expect(calendarOrganizer({ mailFrom, replyTo: undefined }).email).toBe('no-reply@example.com');
  });
});

describe('the text of a calendar', () => {
  it('ends with CRLF and has the calendar properties before any component, empty or not', () => {
    for (const events of [[], [published({})]]) {
      const content = consultationFeed(events, { name: 'Consultations', refreshMinutes: 60 });
      expect(content.endsWith('END:VCALENDAR\r\n')).toBe(true);
      const firstComponent = content.search(/\r\nBEGIN:(?!VCALENDAR)/);
      const head = firstComponent === -1 ? content : content.slice(0, firstComponent);
      for (const property of [
        'VERSION:2.0',
        'PRODID:',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'X-WR-CALNAME:',
      ]) {
        expect(head).toContain(property);
      }
      expect(head).toContain('REFRESH-INTERVAL');
      expect(content.slice(head.length)).not.toMatch(/\r\n(REFRESH-INTERVAL|X-PUBLISHED-TTL|X-WR-)/);
    }
  });
});
