// Slots cut from any schedule the firm may set: weekly hours, step, buffer, notice, horizon and closures, in
// Phoenix (no daylight saving) and across Denver's daylight-saving changes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingMessages,
  type Closure,
  checkSlotStart,
  clockMinutes,
  clockTime,
  closureOn,
  daySlots,
  defaultSchedule,
  defaultScheduleWithClosures,
  type HeldTime,
  isClearOf,
  lastBookableDate,
  type OpeningRange,
  openingHoursNote,
  openingMinutes,
  type Schedule,
  type ScheduleWithClosures,
  todayIn,
  weekdayNames,
  zonedDate,
  zonedInstant,
  zonedParts,
  zonedTime,
} from '../../src/index.ts';

const phoenix = 'America/Phoenix';
const denver = 'America/Denver';

/** Ordered, non-overlapping opening ranges on five-minute marks. */
const openingRanges: fc.Arbitrary<OpeningRange[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: (24 * 60) / 5 }), { minLength: 0, maxLength: 6 })
  .map((marks) => {
    const sorted = [...marks].sort((a, b) => a - b);
    const ranges: OpeningRange[] = [];
    for (let index = 0; index + 1 < sorted.length; index += 2) {
      ranges.push({
        start: clockTime((sorted[index] ?? 0) * 5),
        end: clockTime((sorted[index + 1] ?? 0) * 5),
      });
    }
    return ranges;
  });

const schedules: fc.Arbitrary<Schedule> = fc.record({
  weeklyHours: fc.record(
    Object.fromEntries(weekdayNames.map((day) => [day, openingRanges])) as Record<
      (typeof weekdayNames)[number],
      fc.Arbitrary<OpeningRange[]>
    >,
  ),
  slotStepMinutes: fc.constantFrom(5, 10, 15, 20, 30, 60),
  bufferMinutes: fc.integer({ min: 0, max: 48 }).map((fives) => fives * 5),
  minNoticeHours: fc.integer({ min: 0, max: 72 }),
  horizonDays: fc.integer({ min: 1, max: 60 }),
});

/** Moments around Denver's 2030 changes (March 10 and November 3) and ordinary days. */
const moments = fc
  .constantFrom('2030-03-05', '2030-03-09', '2030-10-29', '2030-11-02', '2030-06-10')
  .chain((day) =>
    fc
      .integer({ min: 0, max: 24 * 60 - 1 })
      .map((minute) => new Date(Date.parse(`${day}T00:00:00Z`) + minute * 60_000)),
  );

function closuresFrom(today: string): fc.Arbitrary<Closure[]> {
  return fc.array(
    fc.tuple(fc.integer({ min: -3, max: 20 }), fc.integer({ min: 0, max: 4 })).map(([from, length]) => ({
      startDate: addDays(today, from),
      endDate: addDays(today, from + length),
      reason: 'Holiday',
    })),
    { maxLength: 4 },
  );
}

/**
 * Every rule a day's slots must keep, under the schedule: in one opening range of the weekday and on its grid, off
 * the closures, after the notice, within the horizon, accepted by the server's check, and clear of the buffer.
 */
function expectSlotsKeepTheRules(
  zone: string,
  scheduleWithClosures: ScheduleWithClosures,
  now: Date,
  date: string,
  duration: number,
  heldQuarterHours: readonly number[],
) {
  const { schedule, closures } = scheduleWithClosures;
  const slots = daySlots(date, { durationMinutes: duration, timeZone: zone, now, scheduleWithClosures });
  const held: HeldTime[] = heldQuarterHours.flatMap((quarter) => {
    const startsAt = zonedInstant(date, quarter * 15, zone);
    return startsAt
      ? [{ startsAt, blockedUntil: new Date(startsAt.getTime() + (60 + schedule.bufferMinutes) * 60_000) }]
      : [];
  });
  const ranges = openingMinutes(schedule, date);
  for (const slot of slots) {
    const start = Date.parse(slot.starts_at);
    const end = Date.parse(slot.ends_at);
    expect(end - start).toBe(duration * 60_000);
    expect(zonedDate(new Date(start), zone)).toBe(date);
    // The wall-clock times shown are the zone's own, a daylight-saving change included.
    expect(slot.label).toBe(`${zonedTime(new Date(start), zone)} - ${zonedTime(new Date(end), zone)}`);
    // Inside one opening range of the weekday, on its grid.
    const { hour, minute } = zonedParts(new Date(start), zone);
    const range = ranges.find((candidate) => {
      // An opening time skipped by the spring change: the range opens when the clock resumes.
      const open = zonedInstant(date, candidate.open, zone);
      const close = zonedInstant(date, candidate.close, zone);
      const opened = open ? start >= open.getTime() : hour * 60 + minute >= candidate.open;
      return close !== undefined && opened && end <= close.getTime();
    });
    expect(range, slot.label).toBeDefined();
    if (range) expect((hour * 60 + minute - range.open) % schedule.slotStepMinutes).toBe(0);
    expect(closureOn(closures, date)).toBeUndefined();
    expect(start).toBeGreaterThan(now.getTime());
    expect(start).toBeGreaterThanOrEqual(now.getTime() + schedule.minNoticeHours * 3_600_000);
    expect(date <= lastBookableDate(zone, now, schedule)).toBe(true);
    // The server accepts exactly what is offered.
    expect(
      checkSlotStart(new Date(start), {
        durationMinutes: duration,
        timeZone: zone,
        now,
        scheduleWithClosures,
      }).ok,
    ).toBe(true);
    // Clear of every held consultation by the buffer, both ways, when offered as free.
    if (isClearOf(slot, held, schedule.bufferMinutes)) {
      const buffer = schedule.bufferMinutes * 60_000;
      for (const time of held) {
        const apart = start >= time.blockedUntil.getTime() || time.startsAt.getTime() >= end + buffer;
        expect(apart).toBe(true);
      }
    }
  }
  return slots;
}

/** Held consultations: up to five, each starting on a quarter hour of the day. */
const heldQuarterHours = fc.array(fc.integer({ min: 0, max: 24 * 4 - 1 }), { maxLength: 5 });

describe('slots under any schedule', () => {
  it.each([phoenix, denver])(
    'stay in opening hours, off closures, after the notice, within the horizon, clear of the buffer (%s)',
    (zone) => {
      fc.assert(
        fc.property(
          schedules,
          moments,
          fc.integer({ min: 0, max: 12 }),
          fc.integer({ min: 1, max: 12 }).map((sixths) => sixths * 15),
          (schedule, now, ahead, duration) => {
            const today = todayIn(zone, now);
            const date = addDays(today, ahead);
            return fc.assert(
              fc.property(closuresFrom(today), heldQuarterHours, (closures, held) => {
                expectSlotsKeepTheRules(zone, { schedule, closures }, now, date, duration, held);
              }),
              { numRuns: 5 },
            );
          },
        ),
        // 300 days per zone: each checks every slot offered against the server's own check.
        { numRuns: 60 },
      );
    },
  );

  // The random days above meet a change only now and then: here every run is on one, open through it.
  it.each([
    ['2030-03-10', 'spring forward: 02:00-03:00 never happens'],
    ['2030-11-03', 'fall back: 01:00-02:00 happens twice'],
  ])("keep every rule on Denver's change of %s (%s)", (date, _change) => {
    const dayLength =
      (zonedInstant(addDays(date, 1), 0, denver)?.getTime() ?? 0) -
      (zonedInstant(date, 0, denver)?.getTime() ?? 0);
    expect(dayLength).not.toBe(24 * 3_600_000);
    // A Sunday open from before the change (00:00-02:00) to after it (06:00-10:00), maybe a second range after.
    const throughTheChange = fc
      .tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 72, max: 120 }))
      .chain(([open, close]) =>
        fc.oneof(
          fc.constant<OpeningRange[]>([{ start: clockTime(open * 5), end: clockTime(close * 5) }]),
          fc.integer({ min: close + 1, max: 180 }).map((later): OpeningRange[] => [
            { start: clockTime(open * 5), end: clockTime(close * 5) },
            { start: clockTime(later * 5), end: clockTime(later * 5 + 120) },
          ]),
        ),
      );
    const dayBefore = addDays(date, -1);
    fc.assert(
      fc.property(
        schedules,
        throughTheChange,
        fc.integer({ min: 0, max: 12 }),
        // Between 05:00 and 15:00 the day before, in Denver.
        fc
          .integer({ min: 0, max: 600 })
          .map((minute) => new Date(Date.parse(`${dayBefore}T12:00:00Z`) + minute * 60_000)),
        fc.integer({ min: 1, max: 8 }).map((quarters) => quarters * 15),
        heldQuarterHours,
        (schedule, sunday, notice, now, duration, held) => {
          const scheduleWithClosures: ScheduleWithClosures = {
            schedule: {
              ...schedule,
              weeklyHours: { ...schedule.weeklyHours, sunday },
              minNoticeHours: notice,
              horizonDays: Math.max(schedule.horizonDays, 2),
            },
            closures: [],
          };
          const slots = expectSlotsKeepTheRules(denver, scheduleWithClosures, now, date, duration, held);
          expect(slots.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses every other start with a reason', () => {
    fc.assert(
      fc.property(
        schedules,
        moments,
        fc.integer({ min: -2 * 24 * 4, max: 70 * 24 * 4 }),
        (schedule, now, quarters) => {
          const scheduleWithClosures: ScheduleWithClosures = { schedule, closures: [] };
          const startsAt = new Date(Math.floor(now.getTime() / 900_000) * 900_000 + quarters * 900_000);
          const rules = { durationMinutes: 30, timeZone: denver, now, scheduleWithClosures };
          const check = checkSlotStart(startsAt, rules);
          const offered = daySlots(zonedDate(startsAt, denver), rules).some(
            (slot) => Date.parse(slot.starts_at) === startsAt.getTime(),
          );
          expect(check.ok).toBe(offered);
          if (!check.ok) expect(check.message.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('the original schedule', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const rules = { durationMinutes: 60, timeZone: phoenix, now };

  it('is the same with and without the schedule given', () => {
    for (let day = 0; day < 14; day++) {
      const date = addDays('2030-01-05', day);
      expect(daySlots(date, { ...rules, scheduleWithClosures: defaultScheduleWithClosures })).toEqual(
        daySlots(date, rules),
      );
    }
    expect(openingHoursNote(defaultSchedule)).toBe(bookingMessages.businessHoursNote);
  });
});

describe('a schedule of its own', () => {
  const now = new Date('2030-01-01T00:00:00Z'); // a Tuesday, 17:00 the evening before in Phoenix
  const lunchBreak: Schedule = {
    ...defaultSchedule,
    weeklyHours: {
      ...defaultSchedule.weeklyHours,
      monday: [
        { start: '09:00', end: '12:00' },
        { start: '13:00', end: '17:00' },
      ],
      friday: [{ start: '09:00', end: '13:00' }],
      saturday: [{ start: '10:00', end: '12:00' }],
    },
    slotStepMinutes: 60,
    minNoticeHours: 24,
    horizonDays: 30,
  };
  const scheduleWithClosures: ScheduleWithClosures = {
    schedule: lunchBreak,
    closures: [{ startDate: '2030-01-14', endDate: '2030-01-15', reason: 'Team retreat' }],
  };
  const rules = { durationMinutes: 60, timeZone: phoenix, now, scheduleWithClosures };
  const at = (date: string, clock: string) =>
    zonedInstant(date, clockMinutes(clock), phoenix) ?? new Date(Number.NaN);

  it('offers the hours of each range, no lunch, Saturdays, and nothing on closed dates', () => {
    expect(daySlots('2030-01-07', rules).map((slot) => slot.start_time)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    expect(daySlots('2030-01-11', rules).map((slot) => slot.start_time)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
    ]);
    expect(daySlots('2030-01-12', rules).map((slot) => slot.start_time)).toEqual(['10:00', '11:00']);
    expect(daySlots('2030-01-14', rules)).toEqual([]);
    expect(daySlots('2030-01-13', rules)).toEqual([]); // Sunday
  });

  it('names the rule a start breaks', () => {
    const refusal = (startsAt: Date) => {
      const check = checkSlotStart(startsAt, rules);
      return check.ok ? 'ok' : check.message;
    };
    expect(refusal(at('2030-01-01', '10:00'))).toBe(bookingMessages.slotTooSoon(24));
    expect(refusal(at('2030-02-25', '10:00'))).toBe(bookingMessages.slotBeyondHorizon(30));
    expect(refusal(at('2030-01-14', '10:00'))).toBe(
      bookingMessages.slotOnClosedDate('Monday, January 14, 2030', 'Team retreat'),
    );
    expect(refusal(at('2030-01-13', '10:00'))).toBe('Consultations are not available on Sundays');
    expect(refusal(at('2030-01-07', '12:00'))).toBe(
      'Consultations on Mondays start between 9 AM and 11 AM or between 1 PM and 4 PM',
    );
    expect(refusal(at('2030-01-07', '09:30'))).toBe('Time slots start on the hour');
    expect(refusal(at('2030-01-07', '11:00'))).toBe('ok');
    expect(checkSlotStart(at('2030-01-07', '11:00'), { ...rules, durationMinutes: 90 })).toMatchObject({
      reason: 'ends-too-late',
      message: 'This consultation would end after 12 PM',
    });
  });

  it('writes its hours under the schedule', () => {
    expect(openingHoursNote(lunchBreak)).toBe(
      'Consultations are available Monday, 9 AM - 12 PM, 1 PM - 5 PM; Tuesday-Thursday, 9 AM - 5 PM; Friday, 9 AM - 1 PM; Saturday, 10 AM - 12 PM',
    );
  });

  it('keeps the buffer after a held consultation', () => {
    const held: HeldTime[] = [
      { startsAt: at('2030-01-08', '10:00'), blockedUntil: at('2030-01-08', '11:15') },
    ];
    const free = daySlots('2030-01-08', {
      ...rules,
      scheduleWithClosures: { ...scheduleWithClosures, schedule: { ...lunchBreak, slotStepMinutes: 15 } },
    })
      .filter((slot) => isClearOf(slot, held, 15))
      .map((slot) => slot.start_time);
    // The day opens at 09:00: a 60-minute consultation plus its buffer would run into 10:00; after the held one,
    // its buffer keeps 11:00 free.
    expect(free[0]).toBe('11:15');
    expect(free).toHaveLength(20);
  });
});
