// Fair use of the booking engine (docs/product.md#limits): the booking horizon, cancelling only before the start,
// and My Bookings' paging contract.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingMessages,
  checkSlotStart,
  clientCancelRefusal,
  daySlots,
  defaultSchedule,
  isBookableDate,
  lastBookableDate,
  myBookingsQuerySchema,
  opensOn,
  todayIn,
  weekdayOf,
  zonedInstant,
} from '../../src/index.ts';

const phoenix = 'America/Phoenix';
const bookingHorizonDays = defaultSchedule.horizonDays;
// Wednesday 2030-01-09, 10:00 in Phoenix: the horizon is Tuesday 2030-04-09.
const now = new Date('2030-01-09T17:00:00Z');

describe('the booking horizon', () => {
  it('is the day 90 days after today in the business zone', () => {
    expect(bookingHorizonDays).toBe(90);
    expect(lastBookableDate(phoenix, now)).toBe('2030-04-09');
    // 20:00 in Phoenix on the 9th is already the 10th in Berlin: its horizon is a day later.
    const evening = new Date('2030-01-10T03:00:00Z');
    expect(lastBookableDate(phoenix, evening)).toBe('2030-04-09');
    expect(lastBookableDate('Europe/Berlin', evening)).toBe('2030-04-10');
  });

  it('offers the slots of the last day and none after it', () => {
    const rules = { durationMinutes: 60, timeZone: phoenix, now };
    // 2030-04-09 is a Tuesday, 2030-04-10 a Wednesday.
    expect(isBookableDate('2030-04-09', phoenix, now)).toBe(true);
    expect(daySlots('2030-04-09', rules)).toHaveLength(15);
    expect(isBookableDate('2030-04-10', phoenix, now)).toBe(false);
    expect(daySlots('2030-04-10', rules)).toEqual([]);
  });

  it('refuses a start beyond it with its own message, even far ahead', () => {
    const rules = { durationMinutes: 60, timeZone: phoenix, now };
    expect(checkSlotStart(new Date('2030-04-09T23:00:00Z'), rules).ok).toBe(true); // 16:00, the last slot
    for (const startsAt of ['2030-04-10T16:00:00Z', '2031-01-06T16:00:00Z', '9999-12-31T16:00:00Z']) {
      expect(checkSlotStart(new Date(startsAt), rules), startsAt).toEqual({
        ok: false,
        reason: 'beyond-horizon',
        message: bookingMessages.slotBeyondHorizon(90),
      });
    }
    expect(bookingMessages.slotBeyondHorizon(90)).toBe('Consultations can be booked at most 90 days ahead');
  });

  it('holds for any moment: every weekday up to the horizon is bookable, no day after it', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2025-01-01T00:00:00Z'),
          max: new Date('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 200 }),
        (moment, ahead) => {
          const date = addDays(todayIn(phoenix, moment), ahead);
          expect(isBookableDate(date, phoenix, moment)).toBe(
            opensOn(defaultSchedule, weekdayOf(date)) && ahead <= bookingHorizonDays,
          );
          const nine = zonedInstant(date, 9 * 60, phoenix);
          if (!nine || ahead === 0) return;
          const check = checkSlotStart(nine, { durationMinutes: 60, timeZone: phoenix, now: moment });
          expect(check.ok).toBe(opensOn(defaultSchedule, weekdayOf(date)) && ahead <= bookingHorizonDays);
          if (ahead > bookingHorizonDays) expect(check).toMatchObject({ reason: 'beyond-horizon' });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a client cancels only before the start', () => {
  it('refuses a confirmed booking that has started, and names the status first', () => {
    const later = new Date(now.getTime() + 60_000);
    expect(clientCancelRefusal('confirmed', later, now)).toBeUndefined();
    expect(clientCancelRefusal('confirmed', later.toISOString(), now) === undefined).toBe(true);
    // At its start it has started.
    expect(clientCancelRefusal('confirmed', now, now)).toBe(bookingMessages.cancelAfterStart);
    expect(clientCancelRefusal('confirmed', '2030-01-09T16:00:00.000Z', now) === undefined).toBe(false);
    // Another status is refused for its status, started or not (an unsent cancellation that got through reads
    // 'this booking is cancelled').
    expect(clientCancelRefusal('cancelled', '2029-01-01T16:00:00Z', now)).toBe(
      bookingMessages.onlyConfirmedCancellable('cancelled'),
    );
    expect(clientCancelRefusal('pending', later, now)).toBe(
      bookingMessages.onlyConfirmedCancellable('pending'),
    );
    expect(bookingMessages.cancelAfterStart).toBe(
      'This consultation has already started, so it can no longer be cancelled',
    );
  });
});

describe('the pending limit and the write limit in words', () => {
  it('names the number, in the singular when it is one', () => {
    expect(bookingMessages.pendingLimitReached(5)).toMatch(/^You already have 5 pending bookings awaiting/);
    expect(bookingMessages.pendingLimitReached(1)).toMatch(/^You already have 1 pending booking awaiting/);
    expect(bookingMessages.tooManyWrites(42)).toBe(
      'Too many changes in a short time. Please try again in 42 seconds.',
    );
    expect(bookingMessages.tooManyWrites(1)).toMatch(/in 1 second\.$/);
  });
});

describe("My Bookings' paging", () => {
  it('takes 20 a page unless asked, 1 to 100, and an opaque cursor', () => {
    expect(myBookingsQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(myBookingsQuerySchema.parse({ limit: '100', cursor: 'abc' })).toEqual({
      limit: 100,
      cursor: 'abc',
    });
    for (const limit of ['0', '101', '2.5', 'ten', '-1']) {
      const result = myBookingsQuerySchema.safeParse({ limit });
      expect(
        result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
        limit,
      ).toEqual([['limit', bookingMessages.pageSizeInvalid]]);
    }
    expect(bookingMessages.pageSizeInvalid).toBe('limit must be a whole number from 1 to 100');
  });
});
