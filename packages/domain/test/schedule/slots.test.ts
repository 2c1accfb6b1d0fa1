import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingMessages,
  checkSlotStart,
  daySlots,
  isIsoDate,
  isTimeZone,
  totalCost,
  weekdayOf,
  zonedDate,
  zonedInstant,
  zonedTime,
} from '../../src/index.ts';

const phoenix = 'America/Phoenix';
const denver = 'America/Denver';
const zones = [
  phoenix,
  denver,
  'UTC',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Apia',
];
/** A moment before the dates the tests ask about, and within the booking horizon of all of them. */
const earlyJanuary = new Date('2030-01-01T00:00:00Z');
/** A moment before every slot of `date` in any zone, with `date` well within the booking horizon. */
function shortlyBefore(date: string): Date {
  return new Date(`${addDays(date, -2)}T00:00:00Z`);
}

describe('daySlots', () => {
  it('offers every half hour from 09:00 whose session ends by 17:00, in the business zone (Phoenix, MST)', () => {
    const slots = daySlots('2030-01-07', { durationMinutes: 60, timeZone: phoenix, now: earlyJanuary });
    expect(slots.map((slot) => slot.label)).toEqual([
      '09:00 - 10:00',
      '09:30 - 10:30',
      '10:00 - 11:00',
      '10:30 - 11:30',
      '11:00 - 12:00',
      '11:30 - 12:30',
      '12:00 - 13:00',
      '12:30 - 13:30',
      '13:00 - 14:00',
      '13:30 - 14:30',
      '14:00 - 15:00',
      '14:30 - 15:30',
      '15:00 - 16:00',
      '15:30 - 16:30',
      '16:00 - 17:00',
    ]);
    expect(slots[0]).toEqual({
      start_time: '09:00',
      end_time: '10:00',
      label: '09:00 - 10:00',
      starts_at: '2030-01-07T16:00:00.000Z',
      ends_at: '2030-01-07T17:00:00.000Z',
    });
  });

  it('offers 16:30 to a 30-minute service and nothing after 15:00 to a 120-minute one', () => {
    const short = daySlots('2030-01-07', { durationMinutes: 30, timeZone: phoenix, now: earlyJanuary });
    expect(short).toHaveLength(16);
    expect(short.at(-1)?.label).toBe('16:30 - 17:00');
    const long = daySlots('2030-01-07', { durationMinutes: 120, timeZone: phoenix, now: earlyJanuary });
    expect(long.at(-1)?.label).toBe('15:00 - 17:00');
  });

  it('offers nothing on weekends, past days, or to a service longer than the day', () => {
    expect(daySlots('2030-01-05', { durationMinutes: 60, timeZone: phoenix, now: earlyJanuary })).toEqual([]);
    expect(daySlots('2030-01-06', { durationMinutes: 60, timeZone: phoenix, now: earlyJanuary })).toEqual([]);
    const now = new Date('2030-01-08T20:00:00Z');
    expect(daySlots('2030-01-07', { durationMinutes: 60, timeZone: phoenix, now })).toEqual([]);
    expect(daySlots('2030-01-07', { durationMinutes: 9 * 60, timeZone: phoenix, now: earlyJanuary })).toEqual(
      [],
    );
  });

  it('never offers a start already past today, and keeps the later ones', () => {
    // 11:15 in Phoenix.
    const now = new Date('2030-01-07T18:15:00Z');
    const slots = daySlots('2030-01-07', { durationMinutes: 60, timeZone: phoenix, now });
    expect(slots[0]?.start_time).toBe('11:30');
    // Exactly at a start: that slot has begun.
    const atStart = new Date('2030-01-07T18:30:00Z');
    expect(
      daySlots('2030-01-07', { durationMinutes: 60, timeZone: phoenix, now: atStart })[0]?.start_time,
    ).toBe('12:00');
  });

  it('follows daylight saving in Denver: 09:00 is 16:00Z in winter and 15:00Z in summer', () => {
    const first = (date: string) =>
      daySlots(date, { durationMinutes: 60, timeZone: denver, now: shortlyBefore(date) })[0]?.starts_at;
    expect(first('2030-01-07')).toBe('2030-01-07T16:00:00.000Z');
    expect(first('2030-07-08')).toBe('2030-07-08T15:00:00.000Z');
    // The Monday after the spring change and the Monday after the autumn change (2030-03-10 and 2030-11-03).
    expect(first('2030-03-11')).toBe('2030-03-11T15:00:00.000Z');
    expect(first('2030-11-04')).toBe('2030-11-04T16:00:00.000Z');
  });
});

describe('checkSlotStart', () => {
  const rules = { durationMinutes: 60, timeZone: phoenix, now: new Date('2030-01-01T00:00:00Z') };
  const at = (iso: string) => checkSlotStart(new Date(iso), rules);

  it('accepts a slot start and gives its slot and day', () => {
    const check = at('2030-01-07T16:00:00Z');
    expect(check).toMatchObject({ ok: true, date: '2030-01-07', slot: { label: '09:00 - 10:00' } });
    expect(at('2030-01-07T09:00:00-07:00').ok).toBe(true);
  });

  it('names the broken rule', () => {
    expect(at('2029-12-31T16:00:00Z')).toMatchObject({ reason: 'past', message: bookingMessages.slotInPast });
    expect(at('2030-01-05T16:00:00Z')).toMatchObject({
      reason: 'closed-day',
      message: bookingMessages.slotOnWeekend,
    });
    expect(at('2030-01-07T15:30:00Z')).toMatchObject({ reason: 'outside-hours' }); // 08:30
    expect(at('2030-01-08T00:00:00Z')).toMatchObject({ reason: 'outside-hours' }); // 17:00
    expect(at('2030-01-07T23:30:00Z')).toMatchObject({ reason: 'ends-too-late' }); // 16:30 + 60 min
    expect(at('2030-01-07T16:15:00Z')).toMatchObject({ reason: 'misaligned' });
    expect(at('2030-01-07T16:00:01Z')).toMatchObject({ reason: 'misaligned' });
    expect(at('2030-01-07T16:00:00.500Z')).toMatchObject({ reason: 'misaligned' });
  });
});

describe('zones', () => {
  it('reads instants in a zone and finds the instant of a wall-clock time', () => {
    const instant = new Date('2030-03-10T09:30:00Z');
    expect(zonedDate(instant, denver)).toBe('2030-03-10');
    expect(zonedTime(instant, denver)).toBe('03:30'); // after the jump from 02:00 to 03:00 (MDT)
    expect(zonedInstant('2030-03-10', 2 * 60 + 30, denver)).toBeUndefined(); // skipped
    // 01:30 happens twice on the autumn change day: the earlier (MDT) one.
    expect(zonedInstant('2030-11-03', 90, denver)?.toISOString()).toBe('2030-11-03T07:30:00.000Z');
    expect(isTimeZone(denver)).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('reads the date to the second where midnight falls within a minute (Monrovia, 1971: -00:44:30)', () => {
    const monrovia = 'Africa/Monrovia';
    expect(zonedDate(new Date('1971-06-01T00:44:29.999Z'), monrovia)).toBe('1971-05-31');
    expect(zonedDate(new Date('1971-06-01T00:44:30.000Z'), monrovia)).toBe('1971-06-01');
    expect(zonedDate(new Date('1971-06-01T00:44:29.999Z'), monrovia)).toBe('1971-05-31');
  });

  it('knows calendar dates', () => {
    expect(isIsoDate('2030-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2030-02-29')).toBe(false);
    expect(isIsoDate('2030-13-01')).toBe(false);
    expect(isIsoDate('2030-1-01')).toBe(false);
    expect(isIsoDate('tomorrow')).toBe(false);
    // Only the days the product computes with: the day after the last is still a date everywhere.
    expect(isIsoDate('1970-01-01')).toBe(true);
    expect(isIsoDate('2999-12-31')).toBe(true);
    expect(isIsoDate('1969-12-31')).toBe(false);
    expect(isIsoDate('3000-01-01')).toBe(false);
    expect(isIsoDate('9999-12-31')).toBe(false);
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(weekdayOf('2030-01-07')).toBe('monday');
    expect(weekdayOf('2030-01-06')).toBe('sunday');
  });
});

// ——— Properties ———

const dateArb = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const durationArb = fc.integer({ min: 30, max: 240 });
const zoneArb = fc.constantFrom(...zones);
/** DST change days in Denver (second Sunday of March, first of November) and the days around them. */
const denverChangeDays = [
  '2025-03-09',
  '2025-11-02',
  '2026-03-08',
  '2026-11-01',
  '2030-03-10',
  '2030-11-03',
].flatMap((day) => [-1, 0, 1].map((shift) => addDays(day, shift)));

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function checkDay(date: string, durationMinutes: number, timeZone: string): void {
  const now = shortlyBefore(date);
  const slots = daySlots(date, { durationMinutes, timeZone, now });
  // An oracle of its own: the day of the week of noon UTC on that date.
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) {
    expect(slots).toEqual([]);
    return;
  }
  expect(slots.length).toBeGreaterThan(0);
  let previous: number | undefined;
  for (const slot of slots) {
    const start = new Date(slot.starts_at);
    const end = new Date(slot.ends_at);
    // The labels are the instants read in the zone, and on the asked day.
    expect(slot.start_time).toBe(zonedTime(start, timeZone));
    expect(slot.end_time).toBe(zonedTime(end, timeZone));
    expect(slot.label).toBe(`${slot.start_time} - ${slot.end_time}`);
    expect(zonedDate(start, timeZone)).toBe(date);
    expect(end.getTime() - start.getTime()).toBe(durationMinutes * 60_000);
    // Within business hours: starts 09:00..16:30 on the half hour, ends by 17:00 local.
    const startMinute = minutesOf(slot.start_time);
    expect(startMinute % 30).toBe(0);
    expect(startMinute).toBeGreaterThanOrEqual(9 * 60);
    expect(startMinute).toBeLessThanOrEqual(16 * 60 + 30);
    expect(zonedDate(end, timeZone)).toBe(date);
    expect(minutesOf(slot.end_time)).toBeLessThanOrEqual(17 * 60);
    if (previous !== undefined) expect(start.getTime() - previous).toBe(30 * 60_000);
    previous = start.getTime();
    // What the server re-checks agrees with what was offered.
    expect(checkSlotStart(start, { durationMinutes, timeZone, now })).toMatchObject({
      ok: true,
      date,
    });
  }
  // Every start that fits is offered: the last one is the latest that still ends by 17:00.
  const expected = Math.floor((8 * 60 - durationMinutes) / 30) + 1;
  expect(slots).toHaveLength(Math.min(16, Math.max(0, expected)));
}

describe('slot properties', () => {
  it('hold for random dates, durations and zones', () => {
    fc.assert(fc.property(dateArb, durationArb, zoneArb, checkDay), { numRuns: 300 });
  });

  it('hold in Denver on and around its daylight-saving change days', () => {
    fc.assert(
      fc.property(fc.constantFrom(...denverChangeDays), durationArb, (date, duration) =>
        checkDay(date, duration, denver),
      ),
    );
  });

  it('never offer a start at or before now, and offer every later one of the full day', () => {
    fc.assert(
      fc.property(
        dateArb,
        durationArb,
        zoneArb,
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        (date, durationMinutes, timeZone, minuteOfDay) => {
          const now = zonedInstant(date, minuteOfDay, timeZone) ?? new Date(`${date}T12:00:00Z`);
          const slots = daySlots(date, { durationMinutes, timeZone, now });
          const full = daySlots(date, { durationMinutes, timeZone, now: shortlyBefore(date) });
          expect(slots).toEqual(full.filter((slot) => Date.parse(slot.starts_at) > now.getTime()));
          // The day before "today" has nothing.
          expect(daySlots(addDays(zonedDate(now, timeZone), -1), { durationMinutes, timeZone, now })).toEqual(
            [],
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuse every instant that is not an offered start', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2030-01-01T00:00:00Z'),
          max: new Date('2031-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        durationArb,
        zoneArb,
        (instant, durationMinutes, timeZone) => {
          const rules = { durationMinutes, timeZone, now: shortlyBefore(zonedDate(instant, timeZone)) };
          const offered = daySlots(zonedDate(instant, timeZone), rules).some(
            (slot) => Date.parse(slot.starts_at) === instant.getTime(),
          );
          const check = checkSlotStart(instant, rules);
          expect(check.ok).toBe(offered);
          if (!check.ok) expect(check.message.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('price is never negative and within half a dollar of the exact amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), durationArb, (rate, duration) => {
        const cost = totalCost(rate, duration);
        expect(Number.isInteger(cost)).toBe(true);
        expect(Math.abs(cost - (rate * duration) / 60)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
