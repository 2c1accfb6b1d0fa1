import { describe, expect, it } from 'vitest';
import { longMoment } from '../../src/text/format.ts';

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
