import { describe, expect, it } from 'vitest';
import { longMoment, withIndefiniteArticle } from '../../src/text/format.ts';

describe('longMoment', () => {
  it('writes an instant in the zone, the zone named as it is at that instant', () => {
    expect(longMoment(new Date('2030-01-10T21:05:00Z'), 'America/Phoenix')).toBe(
      'Thursday, January 10, 2030, 14:05 Mountain Standard Time (America/Phoenix)',
    );
    // Daylight saving: the same zone's summer name and offset.
    expect(longMoment(new Date('2030-07-10T21:05:00Z'), 'America/Denver')).toBe(
      'Wednesday, July 10, 2030, 15:05 Mountain Daylight Time (America/Denver)',
    );
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
