import { describe, expect, it } from 'vitest';
import {
  clockRange,
  count,
  dollars,
  duration,
  hoursIn,
  longDate,
  longMoment,
  moment,
  range,
  rangeDash,
  shortDate,
  shortDateIn,
  timeIn,
  timeOfDay,
  timeRange,
  withIndefiniteArticle,
} from '../../src/text/format.ts';

const phoenix = 'America/Phoenix';

describe('longMoment', () => {
  it('writes an instant in the zone, the zone named as it is at that instant', () => {
    expect(longMoment(new Date('2030-01-10T21:05:00Z'), phoenix)).toBe(
      'Thursday, January 10, 2030, 2:05 PM Mountain Standard Time (America/Phoenix)',
    );
    // Daylight saving: the same zone's summer name and offset.
    expect(longMoment(new Date('2030-07-10T21:05:00Z'), 'America/Denver')).toBe(
      'Wednesday, July 10, 2030, 3:05 PM Mountain Daylight Time (America/Denver)',
    );
  });
});

describe('timeOfDay', () => {
  it("writes a wall-clock time in 12 hours, minutes only when not on the hour, as the spec's '9 AM - 5 PM'", () => {
    expect(timeOfDay('09:00')).toBe('9 AM');
    expect(timeOfDay('09:30')).toBe('9:30 AM');
    expect(timeOfDay('12:00')).toBe('12 PM');
    expect(timeOfDay('12:05')).toBe('12:05 PM');
    expect(timeOfDay('16:30')).toBe('4:30 PM');
    expect(timeOfDay('00:00')).toBe('12 AM');
    expect(timeOfDay('24:00')).toBe('12 AM');
    expect(timeOfDay('23:55')).toBe('11:55 PM');
  });

  it('leaves what is not a clock time as it is (a half-typed draft)', () => {
    expect(timeOfDay('')).toBe('');
    expect(timeOfDay('9:0')).toBe('9:0');
  });
});

describe('ranges', () => {
  it("join their ends with ' - ', never an en dash", () => {
    expect(rangeDash).toBe(' - ');
    expect(range('1', '20')).toBe('1 - 20');
    expect(range(shortDate('2030-12-24'), shortDate('2030-12-26'))).toBe(
      'Tue, Dec 24, 2030 - Thu, Dec 26, 2030',
    );
    expect(clockRange('09:00', '17:00')).toBe('9 AM - 5 PM');
    expect(clockRange('13:00', '16:30')).toBe('1 PM - 4:30 PM');
  });
});

describe('timeIn and timeRange', () => {
  it('write instants as the wall clock of the zone reads them, the range with the zone named', () => {
    expect(timeIn('2030-01-07T16:05:00.000Z', phoenix)).toBe('9:05 AM');
    expect(hoursIn('2030-01-07T16:00:00.000Z', '2030-01-07T17:30:00.000Z', phoenix)).toBe('9 AM - 10:30 AM');
    expect(timeRange('2030-01-07T16:00:00.000Z', '2030-01-07T17:30:00.000Z', phoenix)).toBe(
      '9 AM - 10:30 AM MST',
    );
    // New York in summer: the zone named as it is on that day.
    expect(
      timeRange(new Date('2030-07-08T15:00:00Z'), new Date('2030-07-08T16:00:00Z'), 'America/New_York'),
    ).toBe('11 AM - 12 PM EDT');
  });

  it('return what is not an instant as it is', () => {
    expect(timeIn('soon', phoenix)).toBe('soon');
    expect(timeRange('soon', 'later', phoenix)).toBe('soon');
  });
});

describe('dates and moments', () => {
  it('write a calendar date short in lists and long in sentences', () => {
    expect(shortDate('2030-01-07')).toBe('Mon, Jan 7, 2030');
    expect(longDate('2030-01-07')).toBe('Monday, January 7, 2030');
  });

  it('write the day an instant falls on in the zone', () => {
    // 11:30 PM on the 6th in Phoenix is already the 7th in UTC.
    expect(shortDateIn('2030-01-07T06:30:00.000Z', phoenix)).toBe('Sun, Jan 6, 2030');
    expect(shortDateIn('2030-01-07T06:30:00.000Z', 'UTC')).toBe('Mon, Jan 7, 2030');
  });

  it('write a moment with its date, time and zone', () => {
    expect(moment('2030-01-07T16:05:00.000Z', phoenix)).toBe('Mon, Jan 7, 2030, 9:05 AM MST');
    expect(moment(new Date('2030-01-07T19:00:00.000Z'), phoenix)).toBe('Mon, Jan 7, 2030, 12 PM MST');
    expect(moment('2030-01-07T23:30:00.000Z', 'UTC')).toBe('Mon, Jan 7, 2030, 11:30 PM UTC');
    expect(moment('not a date', phoenix)).toBe('not a date');
  });
});

describe('numbers', () => {
  it('write durations in minutes, counts and dollars with thousands separated', () => {
    expect(duration(60)).toBe('60 min');
    expect(count(1250)).toBe('1,250');
    expect(dollars(1250)).toBe('$1,250');
  });
});

describe('withIndefiniteArticle', () => {
  it('chooses the article by the sound the name starts with', () => {
    for (const [phrase, expected] of [
      ['Web Development consultation', 'a Web Development consultation'],
      ['Database Architecture consultation', 'a Database Architecture consultation'],
      ['IT Consulting consultation', 'an IT Consulting consultation'],
      ['OT Consulting account', 'an OT Consulting account'],
      ['API Development consultation', 'an API Development consultation'],
      ['Infrastructure Review', 'an Infrastructure Review'],
      ['UX Review', 'a UX Review'],
      ['User Research session', 'a User Research session'],
      ['hour-long session', 'an hour-long session'],
      ['SEO Audit', 'an SEO Audit'],
      ['Cloud Migration consultation', 'a Cloud Migration consultation'],
    ] as const) {
      expect(withIndefiniteArticle(phrase)).toBe(expected);
    }
  });
});
