import { describe, expect, it } from 'vitest';
import {
  adminMessages,
  confirmedCount,
  isRangeOrdered,
  maxStatsRangeDays,
  percentChange,
  periodRange,
  previousRange,
  rangeDays,
  rangeInstants,
} from '../../src/admin/figures.ts';
import {
  adminBookingsQuerySchema,
  adminDateRangeQuerySchema,
  adminStatusBodySchema,
} from '../../src/admin/schemas.ts';
import { apiPaths } from '../../src/api/paths.ts';

const phoenix = 'America/Phoenix';
const denver = 'America/Denver';

describe('periodRange', () => {
  // 2026-05-20 03:00 UTC is still 2026-05-19 in Phoenix (UTC−7).
  const now = new Date('2026-05-20T03:00:00Z');

  it('week is the last 7 days up to today in the business zone', () => {
    expect(periodRange('week', now, phoenix)).toEqual({ startDate: '2026-05-13', endDate: '2026-05-19' });
  });

  it('month, quarter and year run from the first day of the current one', () => {
    expect(periodRange('month', now, phoenix)).toEqual({ startDate: '2026-05-01', endDate: '2026-05-19' });
    expect(periodRange('quarter', now, phoenix)).toEqual({ startDate: '2026-04-01', endDate: '2026-05-19' });
    expect(periodRange('year', now, phoenix)).toEqual({ startDate: '2026-01-01', endDate: '2026-05-19' });
  });

  it('finds the quarter of every month, and reckons today in the zone, not in UTC', () => {
    const starts = ['01', '01', '01', '04', '04', '04', '07', '07', '07', '10', '10', '10'];
    for (let month = 1; month <= 12; month += 1) {
      const day = new Date(Date.UTC(2026, month - 1, 15, 19));
      expect(periodRange('quarter', day, phoenix).startDate).toBe(`2026-${starts[month - 1]}-01`);
    }
    // New Year's Eve evening in Phoenix is already 1 January in UTC.
    expect(periodRange('year', new Date('2027-01-01T05:00:00Z'), phoenix)).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
  });
});

describe('rangeDays and previousRange', () => {
  it('count both ends, and the previous range has the same length and ends the day before', () => {
    expect(rangeDays({ startDate: '2026-05-19', endDate: '2026-05-19' })).toBe(1);
    expect(rangeDays({ startDate: '2026-05-01', endDate: '2026-05-19' })).toBe(19);
    expect(previousRange({ startDate: '2026-05-01', endDate: '2026-05-19' })).toEqual({
      startDate: '2026-04-12',
      endDate: '2026-04-30',
    });
    // Across a leap day and a year end.
    expect(previousRange({ startDate: '2024-03-01', endDate: '2024-03-31' })).toEqual({
      startDate: '2024-01-30',
      endDate: '2024-02-29',
    });
    expect(previousRange({ startDate: '2026-01-01', endDate: '2026-01-07' })).toEqual({
      startDate: '2025-12-25',
      endDate: '2025-12-31',
    });
  });
});

describe('isRangeOrdered', () => {
  it('refuses only an end before the start; open ends are in order', () => {
    expect(isRangeOrdered({ startDate: '2030-01-08', endDate: '2030-01-07' })).toBe(false);
    expect(isRangeOrdered({ startDate: '2030-01-07', endDate: '2030-01-07' })).toBe(true);
    expect(isRangeOrdered({ startDate: '2030-01-07' })).toBe(true);
    expect(isRangeOrdered({ endDate: '2030-01-07' })).toBe(true);
  });
});

describe('rangeInstants', () => {
  it('runs from the first midnight to the midnight after the last day, in the zone', () => {
    expect(rangeInstants({ startDate: '2026-05-01', endDate: '2026-05-19' }, phoenix)).toEqual({
      from: new Date('2026-05-01T07:00:00Z'),
      until: new Date('2026-05-20T07:00:00Z'),
    });
  });

  it('follows daylight saving: the day of the jump is 23 hours long', () => {
    const { from, until } = rangeInstants({ startDate: '2021-03-14', endDate: '2021-03-14' }, denver);
    expect(from).toEqual(new Date('2021-03-14T07:00:00Z'));
    expect(until).toEqual(new Date('2021-03-15T06:00:00Z'));
  });

  it('leaves open ends open', () => {
    expect(rangeInstants({}, phoenix)).toEqual({ from: undefined, until: undefined });
    expect(rangeInstants({ endDate: '2026-05-19' }, phoenix)).toEqual({
      from: undefined,
      until: new Date('2026-05-20T07:00:00Z'),
    });
  });
});

describe('revenue, confirmed and the change', () => {
  it('confirmed = total − completed − cancelled − pending', () => {
    expect(confirmedCount({ total: 10, completed: 3, cancelled: 2, pending: 1 })).toBe(4);
    expect(confirmedCount({ total: 0, completed: 0, cancelled: 0, pending: 0 })).toBe(0);
  });

  it('percentChange: one decimal, negative when down, 0 from nothing to nothing, undefined from nothing', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(5, 3)).toBe(66.7);
    expect(percentChange(10, 10)).toBe(0);
    expect(percentChange(0, 4)).toBe(-100);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(7, 0)).toBeUndefined();
  });
});

describe('the admin schemas', () => {
  it('accept open or closed ranges, refuse a bad date and an end before the start', () => {
    expect(adminDateRangeQuerySchema.safeParse({}).success).toBe(true);
    expect(
      adminDateRangeQuerySchema.safeParse({ startDate: '2026-05-01', endDate: '2026-05-01' }).success,
    ).toBe(true);
    expect(adminDateRangeQuerySchema.safeParse({ startDate: '2026-02-30' }).success).toBe(false);
    const backwards = adminDateRangeQuerySchema.safeParse({ startDate: '2026-05-02', endDate: '2026-05-01' });
    expect(backwards.error?.issues[0]).toMatchObject({
      message: adminMessages.endBeforeStart,
      path: ['endDate'],
    });
  });

  it('give the list its defaults and bounds', () => {
    expect(adminBookingsQuerySchema.parse({})).toEqual({ status: 'all', limit: 50 });
    expect(adminBookingsQuerySchema.parse({ limit: '100', serviceId: '2' })).toMatchObject({
      limit: 100,
      serviceId: 2,
    });
    expect(adminBookingsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(adminBookingsQuerySchema.safeParse({ status: 'done' }).error?.issues[0]?.message).toBe(
      adminMessages.statusInvalid,
    );
    expect(adminBookingsQuerySchema.safeParse({ serviceId: '0' }).error?.issues[0]?.message).toBe(
      adminMessages.serviceUnknown,
    );
    expect(adminStatusBodySchema.safeParse({ status: 'all' }).error?.issues[0]?.message).toBe(
      adminMessages.bookingStatusInvalid,
    );
  });

  it('name the paths, and bound the statistics to about ten years', () => {
    expect(apiPaths.admin.status(7)).toBe('/api/bookings/admin/7/status');
    expect(maxStatsRangeDays).toBeGreaterThanOrEqual(3653);
  });
});
