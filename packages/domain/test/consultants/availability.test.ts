// Availability per consultant and the assignment rule (docs/decisions/046): whatever the hours, time off, buffer and
// bookings, no consultant is offered for a slot outside their hours, on time off, or within the buffer of their own
// booking of any service; the order is the assignment rule's, whatever order they come in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  assignmentOrder,
  type ConsultantDay,
  clockMinutes,
  clockTime,
  consultantSlots,
  daySlots,
  defaultSchedule,
  type HeldTime,
  type OpeningRange,
  type WeeklyHours,
  weekdayNames,
  weekdayOf,
  weekOf,
  zonedInstant,
} from '../../src/index.ts';

const zone = 'America/Phoenix';
/** Monday 7 January 2030 and the days after: always inside the horizon of `now`. */
const firstDate = '2030-01-07';
const now = new Date('2030-01-01T00:00:00Z');
const minuteMs = 60_000;

/** Ranges on five-minute marks inside 09:00-17:00, in order, not overlapping. */
const rangesArb: fc.Arbitrary<OpeningRange[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 6 })
  .map((marks) => {
    const sorted = [...marks].sort((a, b) => a - b);
    const ranges: OpeningRange[] = [];
    for (let index = 0; index + 1 < sorted.length; index += 2) {
      const start = 9 * 60 + (sorted[index] ?? 0) * 5;
      const end = 9 * 60 + (sorted[index + 1] ?? 0) * 5;
      ranges.push({ start: clockTime(start), end: clockTime(end) });
    }
    return ranges;
  });

const hoursArb: fc.Arbitrary<WeeklyHours | null> = fc.option(
  fc
    .tuple(...weekdayNames.map(() => rangesArb))
    .map(
      (days) => Object.fromEntries(weekdayNames.map((day, index) => [day, days[index] ?? []])) as WeeklyHours,
    ),
  { nil: null },
);

const dateArb = fc.integer({ min: 0, max: 13 }).map((offset) => addDays(firstDate, offset));

function consultantArb(id: number, date: string, bufferMinutes: number): fc.Arbitrary<ConsultantDay> {
  const holdArb: fc.Arbitrary<HeldTime> = fc
    .record({ start: fc.integer({ min: 7 * 12, max: 18 * 12 }), length: fc.integer({ min: 1, max: 36 }) })
    .map(({ start, length }) => {
      const startsAt = zonedInstant(date, start * 5, zone) ?? new Date(0);
      // A booking of any service holds its end plus the buffer it was booked with.
      return {
        startsAt,
        blockedUntil: new Date(startsAt.getTime() + (length * 5 + bufferMinutes) * minuteMs),
      };
    });
  const timeOffArb = fc
    .record({ from: fc.integer({ min: -3, max: 3 }), days: fc.integer({ min: 0, max: 3 }) })
    .map(({ from, days }) => ({ startDate: addDays(date, from), endDate: addDays(date, from + days) }));
  return fc.record({
    id: fc.constant(id),
    weeklyHours: hoursArb,
    timeOff: fc.array(timeOffArb, { maxLength: 2 }),
    held: fc.array(holdArb, { maxLength: 5 }),
    weekLoad: fc.integer({ min: 0, max: 4 }),
  });
}

const caseArb = fc
  .record({
    date: dateArb,
    bufferMinutes: fc.constantFrom(0, 10, 15, 30, 60),
    duration: fc.constantFrom(30, 45, 60, 90),
    count: fc.integer({ min: 0, max: 5 }),
  })
  .chain(({ date, bufferMinutes, duration, count }) =>
    fc.record({
      date: fc.constant(date),
      bufferMinutes: fc.constant(bufferMinutes),
      duration: fc.constant(duration),
      consultants: fc.tuple(
        ...Array.from({ length: count }, (_, index) => consultantArb(index + 1, date, bufferMinutes)),
      ),
    }),
  );

function minuteOf(instant: string, date: string): number {
  const midnight = zonedInstant(date, 0, zone) ?? new Date(0);
  return (Date.parse(instant) - midnight.getTime()) / minuteMs;
}

describe('consultantSlots', () => {
  it('offers a consultant only within their hours, off time off, and clear of their holds plus the buffer', () => {
    fc.assert(
      fc.property(caseArb, ({ date, bufferMinutes, duration, consultants }) => {
        const slots = daySlots(date, { durationMinutes: duration, timeZone: zone, now });
        const judged = consultantSlots(slots, date, consultants, bufferMinutes);
        expect(judged.map(({ available: _a, consultant_ids: _c, ...slot }) => slot)).toEqual(slots);
        for (const slot of judged) {
          expect(slot.available).toBe(slot.consultant_ids.length > 0);
          const start = minuteOf(slot.starts_at, date);
          const end = minuteOf(slot.ends_at, date);
          const startsAt = Date.parse(slot.starts_at);
          const blockedUntil = Date.parse(slot.ends_at) + bufferMinutes * minuteMs;
          for (const id of slot.consultant_ids) {
            const consultant = consultants.find((candidate) => candidate.id === id);
            if (!consultant) throw new Error(`offered an unknown consultant ${id}`);
            const hours = (consultant.weeklyHours ?? defaultSchedule.weeklyHours)[weekdayOf(date)];
            // Inside one of their ranges (and so inside the firm's, where every slot lies).
            expect(
              hours.some((range) => clockMinutes(range.start) <= start && end <= clockMinutes(range.end)),
            ).toBe(true);
            expect(consultant.timeOff.some((off) => off.startDate <= date && date <= off.endDate)).toBe(
              false,
            );
            for (const hold of consultant.held) {
              const meets = startsAt < hold.blockedUntil.getTime() && hold.startsAt.getTime() < blockedUntil;
              expect(meets).toBe(false);
            }
          }
          // Everyone else present, within hours and clear is offered too: nobody free is left out.
          for (const consultant of consultants) {
            if (slot.consultant_ids.includes(consultant.id)) continue;
            const hours = (consultant.weeklyHours ?? defaultSchedule.weeklyHours)[weekdayOf(date)];
            const within = hours.some(
              (range) => clockMinutes(range.start) <= start && end <= clockMinutes(range.end),
            );
            const away = consultant.timeOff.some((off) => off.startDate <= date && date <= off.endDate);
            const clear = consultant.held.every(
              (hold) => !(startsAt < hold.blockedUntil.getTime() && hold.startsAt.getTime() < blockedUntil),
            );
            expect(within && !away && clear).toBe(false);
          }
          // In assignment order.
          const order = assignmentOrder(
            consultants.filter((consultant) => slot.consultant_ids.includes(consultant.id)),
          ).map((consultant) => consultant.id);
          expect(slot.consultant_ids).toEqual(order);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('offers no slot of a service nobody delivers', () => {
    const slots = daySlots(firstDate, { durationMinutes: 60, timeZone: zone, now });
    expect(slots.length).toBeGreaterThan(0);
    expect(consultantSlots(slots, firstDate, [], 0).every((slot) => !slot.available)).toBe(true);
  });

  it('keeps one booking of a consultant from holding another consultant of the service', () => {
    const slots = daySlots(firstDate, { durationMinutes: 60, timeZone: zone, now });
    const ten = zonedInstant(firstDate, 10 * 60, zone) ?? new Date(0);
    const busy: ConsultantDay = {
      id: 1,
      weeklyHours: null,
      timeOff: [],
      held: [{ startsAt: ten, blockedUntil: new Date(ten.getTime() + 60 * minuteMs) }],
      weekLoad: 0,
    };
    const free: ConsultantDay = { id: 2, weeklyHours: null, timeOff: [], held: [], weekLoad: 3 };
    const atTen = consultantSlots(slots, firstDate, [busy, free], 0).find(
      (slot) => slot.start_time === '10:00',
    );
    expect(atTen).toMatchObject({ available: true, consultant_ids: [2] });
    const atNine = consultantSlots(slots, firstDate, [free, busy], 0).find(
      (slot) => slot.start_time === '09:00',
    );
    // Fewest bookings that week first.
    expect(atNine?.consultant_ids).toEqual([1, 2]);
  });
});

describe('assignmentOrder', () => {
  it('is deterministic: fewest bookings that week, then lowest id, whatever order they come in', () => {
    const candidatesArb = fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 1000 }), weekLoad: fc.integer({ min: 0, max: 20 }) }),
      { selector: (candidate) => candidate.id, maxLength: 12 },
    );
    const withShuffleArb = candidatesArb.chain((candidates) =>
      fc.tuple(
        fc.constant(candidates),
        fc.shuffledSubarray(candidates, { minLength: candidates.length, maxLength: candidates.length }),
      ),
    );
    fc.assert(
      fc.property(withShuffleArb, ([candidates, reordered]) => {
        const ordered = assignmentOrder(candidates);
        const shuffled = assignmentOrder(reordered);
        expect(shuffled).toEqual(ordered);
        expect(ordered).toHaveLength(candidates.length);
        for (let index = 1; index < ordered.length; index += 1) {
          const before = ordered[index - 1];
          const after = ordered[index];
          if (!before || !after) continue;
          expect(
            before.weekLoad < after.weekLoad || (before.weekLoad === after.weekLoad && before.id < after.id),
          ).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts the week from Monday to Sunday', () => {
    expect(weekOf('2030-01-07')).toEqual({ first: '2030-01-07', last: '2030-01-13' });
    expect(weekOf('2030-01-13')).toEqual({ first: '2030-01-07', last: '2030-01-13' });
    expect(weekOf('2030-01-10')).toEqual({ first: '2030-01-07', last: '2030-01-13' });
  });
});
