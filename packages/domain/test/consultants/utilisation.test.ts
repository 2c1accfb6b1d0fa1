// A consultant's utilisation (docs/product.md#administration): booked hours ÷ open hours, open hours being their
// weekly hours within the firm's, less closed dates and time off.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockTime,
  consultantUtilisation,
  defaultSchedule,
  type OpeningRange,
  openMinutesOn,
  type WeeklyHours,
  weekdayNames,
} from '../../src/index.ts';

const firm = defaultSchedule.weeklyHours; // Monday-Friday 9 AM - 5 PM
/** Monday 7 January 2030 to Sunday 13 January. */
const week = { startDate: '2030-01-07', endDate: '2030-01-13' };

function everyDay(ranges: OpeningRange[]): WeeklyHours {
  return Object.fromEntries(weekdayNames.map((day) => [day, ranges])) as WeeklyHours;
}

describe('consultantUtilisation', () => {
  it("counts the firm's hours for a consultant without their own: 40 open hours in a week", () => {
    const result = consultantUtilisation({
      range: week,
      firmHours: firm,
      consultantHours: null,
      closures: [],
      timeOff: [],
      bookedMinutes: 10 * 60,
    });
    expect(result).toEqual({ booked_hours: 10, open_hours: 40, utilisation: 0.25 });
  });

  it("intersects their hours with the firm's, and leaves out closed dates and time off", () => {
    const own = everyDay([
      { start: '08:00', end: '12:00' },
      { start: '16:00', end: '18:00' },
    ]);
    const result = consultantUtilisation({
      range: week,
      firmHours: firm,
      consultantHours: own,
      // Mon 9-12 and 16-17 = 4 h a weekday; Tuesday closed, Wednesday-Thursday off: Monday and Friday = 8 h.
      closures: [{ startDate: '2030-01-08', endDate: '2030-01-08' }],
      timeOff: [{ startDate: '2030-01-09', endDate: '2030-01-10' }],
      bookedMinutes: 90,
    });
    expect(result).toEqual({ booked_hours: 1.5, open_hours: 8, utilisation: 0.1875 });
  });

  it('has no utilisation when there were no open hours (a weekend, all time off)', () => {
    const result = consultantUtilisation({
      range: { startDate: '2030-01-12', endDate: '2030-01-13' },
      firmHours: firm,
      consultantHours: null,
      closures: [],
      timeOff: [],
      bookedMinutes: 0,
    });
    expect(result).toEqual({ booked_hours: 0, open_hours: 0, utilisation: null });
  });

  const rangesArb: fc.Arbitrary<OpeningRange[]> = fc
    .uniqueArray(fc.integer({ min: 0, max: 48 }), { maxLength: 6 })
    .map((marks) => {
      const sorted = [...marks].sort((a, b) => a - b);
      const ranges: OpeningRange[] = [];
      for (let index = 0; index + 1 < sorted.length; index += 2) {
        ranges.push({
          start: clockTime(6 * 60 + (sorted[index] ?? 0) * 15),
          end: clockTime(6 * 60 + (sorted[index + 1] ?? 0) * 15),
        });
      }
      return ranges;
    });
  const hoursArb = fc
    .tuple(...weekdayNames.map(() => rangesArb))
    .map(
      (days) => Object.fromEntries(weekdayNames.map((day, index) => [day, days[index] ?? []])) as WeeklyHours,
    );
  const spanArb = fc
    .tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 5 }))
    .map(([offset, length]) => ({
      startDate: addDays(week.startDate, offset),
      endDate: addDays(week.startDate, offset + length),
    }));
  const inputArb = fc.record({
    days: fc.integer({ min: 1, max: 21 }),
    firmHours: hoursArb,
    consultantHours: fc.option(hoursArb, { nil: null }),
    closures: fc.array(spanArb, { maxLength: 3 }),
    timeOff: fc.array(spanArb, { maxLength: 3 }),
    bookedMinutes: fc.integer({ min: 0, max: 200 * 60 }),
  });

  it("never counts more open time than the firm's or their own hours, none on a closed or away day, and utilisation is booked ÷ open", () => {
    fc.assert(
      fc.property(inputArb, ({ days, ...input }) => {
        const range = { startDate: week.startDate, endDate: addDays(week.startDate, days - 1) };
        const result = consultantUtilisation({ ...input, range });
        let open = 0;
        for (let offset = 0; offset < days; offset += 1) {
          const date = addDays(week.startDate, offset);
          const minutes = openMinutesOn(date, input);
          const alone = (hours: WeeklyHours) =>
            openMinutesOn(date, { firmHours: hours, consultantHours: null, closures: [], timeOff: [] });
          expect(minutes).toBeGreaterThanOrEqual(0);
          expect(minutes).toBeLessThanOrEqual(alone(input.firmHours));
          expect(minutes).toBeLessThanOrEqual(alone(input.consultantHours ?? input.firmHours));
          const off = [...input.closures, ...input.timeOff].some(
            (span) => span.startDate <= date && date <= span.endDate,
          );
          if (off) expect(minutes).toBe(0);
          else if (input.consultantHours === null) expect(minutes).toBe(alone(input.firmHours));
          open += minutes;
        }
        expect(result.open_hours).toBeCloseTo(open / 60, 2);
        expect(result.booked_hours).toBeCloseTo(input.bookedMinutes / 60, 2);
        if (open === 0) expect(result.utilisation).toBeNull();
        else expect(result.utilisation).toBeCloseTo(input.bookedMinutes / open, 4);
      }),
    );
  });

  it('grows with booked time and shrinks with time off', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 600 }), ({ days, ...input }, more) => {
        const range = { startDate: week.startDate, endDate: addDays(week.startDate, days - 1) };
        const base = consultantUtilisation({ ...input, range });
        const busier = consultantUtilisation({ ...input, range, bookedMinutes: input.bookedMinutes + more });
        const away = consultantUtilisation({ ...input, range, timeOff: [...input.timeOff, range] });
        expect(busier.booked_hours).toBeGreaterThanOrEqual(base.booked_hours);
        if (base.utilisation !== null) expect(busier.utilisation ?? 0).toBeGreaterThan(base.utilisation);
        expect(away.open_hours).toBe(0);
        expect(away.utilisation).toBeNull();
      }),
    );
  });
});
