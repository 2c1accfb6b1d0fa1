// A client's changes close a notice period before the consultation (docs/product.md#statuses): the boundary,
// property-tested, also across a daylight-saving change where elapsed hours and wall-clock hours differ.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingMessages,
  clientCancelRefusal,
  clientChangeNoticeRefusal,
  clientChangesCloseAt,
  clientRescheduleRefusal,
  defaultClientChangeNoticeHours,
  zonedInstant,
  zonedParts,
} from '../../src/index.ts';

const minute = 60_000;
const hour = 60 * minute;
const denver = 'America/Denver';

function wallClock(date: string, hours: number, timeZone: string): Date {
  const instant = zonedInstant(date, hours * 60, timeZone);
  if (!instant) throw new Error(`${date} ${hours}:00 does not happen in ${timeZone}`);
  return instant;
}

describe('the client change notice', () => {
  it('is 24 hours unless configured, and reads word for word', () => {
    expect(defaultClientChangeNoticeHours).toBe(24);
    expect(bookingMessages.changeNoticePassed(24)).toBe(
      'Changes are possible up to 24 hours before the consultation. Please contact us.',
    );
  });

  it("says '1 hour' for a notice of one hour", () => {
    expect(bookingMessages.changeNoticePassed(1)).toBe(
      'Changes are possible up to 1 hour before the consultation. Please contact us.',
    );
    expect(clientChangeNoticeRefusal('2030-01-07T16:00:00Z', new Date('2030-01-07T15:30:00Z'), 1)).toBe(
      'Changes are possible up to 1 hour before the consultation. Please contact us.',
    );
  });

  it('allows a change at N hours + 1 minute before the start and refuses it at N hours − 1 minute, for any N and start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 * 60 }),
        fc.date({
          min: new Date('2025-01-01T00:00:00Z'),
          max: new Date('2040-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (hours, startsAt) => {
          const justBefore = new Date(startsAt.getTime() - hours * hour - minute);
          const justInside = new Date(startsAt.getTime() - hours * hour + minute);
          expect(clientChangeNoticeRefusal(startsAt, justBefore, hours)).toBeUndefined();
          expect(clientChangeNoticeRefusal(startsAt, justInside, hours)).toBe(
            bookingMessages.changeNoticePassed(hours),
          );
          expect(clientCancelRefusal('confirmed', startsAt, justBefore, hours) === undefined).toBe(true);
          expect(clientCancelRefusal('confirmed', startsAt, justInside, hours) === undefined).toBe(false);
          expect(clientRescheduleRefusal('pending', startsAt, justBefore, hours) === undefined).toBe(true);
          expect(clientRescheduleRefusal('confirmed', startsAt, justInside, hours) === undefined).toBe(false);
        },
      ),
    );
  });

  it('closes exactly at the start minus N elapsed hours: open before that instant, closed from it on', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 720 }),
        fc.date({
          min: new Date('2025-01-01T00:00:00Z'),
          max: new Date('2040-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }),
        (hours, startsAt, offsetMinutes) => {
          const now = new Date(clientChangesCloseAt(startsAt, hours).getTime() + offsetMinutes * minute);
          const started = now.getTime() >= startsAt.getTime();
          const open = offsetMinutes < 0 && !started;
          expect(clientRescheduleRefusal('confirmed', startsAt, now, hours) === undefined).toBe(open);
          expect(clientCancelRefusal('confirmed', startsAt, now, hours) === undefined).toBe(open);
        },
      ),
    );
  });

  it('counts elapsed hours across a daylight-saving change (America/Denver)', () => {
    // Sunday 2030-03-10 clocks go from 02:00 MST to 03:00 MDT; Sunday 2030-11-03 from 02:00 MDT back to 01:00 MST.
    const springStart = wallClock('2030-03-10', 9, denver);
    const springClose = clientChangesCloseAt(springStart, 24);
    // 24 real hours before 09:00 MDT is 08:00 MST the day before, not 09:00.
    expect(zonedParts(springClose, denver)).toMatchObject({
      year: 2030,
      month: 3,
      day: 9,
      hour: 8,
      minute: 0,
    });
    const autumnStart = wallClock('2030-11-03', 9, denver);
    expect(zonedParts(clientChangesCloseAt(autumnStart, 24), denver)).toMatchObject({ day: 2, hour: 10 });

    // The boundary holds to the minute for every start in the days around both changes and every notice.
    const aroundChanges = fc.oneof(
      fc.integer({ min: -72 * 60, max: 72 * 60 }).map((m) => new Date(springStart.getTime() + m * minute)),
      fc.integer({ min: -72 * 60, max: 72 * 60 }).map((m) => new Date(autumnStart.getTime() + m * minute)),
    );
    fc.assert(
      fc.property(aroundChanges, fc.integer({ min: 1, max: 72 }), (startsAt, hours) => {
        const close = startsAt.getTime() - hours * hour;
        expect(
          clientRescheduleRefusal('confirmed', startsAt, new Date(close - minute), hours),
        ).toBeUndefined();
        expect(clientRescheduleRefusal('confirmed', startsAt, new Date(close + minute), hours)).toBe(
          bookingMessages.changeNoticePassed(hours),
        );
        expect(clientCancelRefusal('confirmed', startsAt, new Date(close - minute), hours)).toBeUndefined();
        expect(clientCancelRefusal('confirmed', startsAt, new Date(close), hours)).toBe(
          bookingMessages.changeNoticePassed(hours),
        );
      }),
    );
  });

  it('is off at 0: changes stay open until the start', () => {
    const startsAt = new Date('2030-01-09T16:00:00Z');
    expect(
      clientRescheduleRefusal('confirmed', startsAt, new Date(startsAt.getTime() - 1), 0) === undefined,
    ).toBe(true);
    expect(clientRescheduleRefusal('confirmed', startsAt, startsAt, 0)).toBe(
      bookingMessages.rescheduleAfterStart,
    );
  });

  it('judges the status first, then the start, then the notice', () => {
    const startsAt = new Date('2030-01-09T16:00:00Z');
    const inside = new Date(startsAt.getTime() - hour);
    expect(clientRescheduleRefusal('cancelled', startsAt, inside, 24)).toBe(
      bookingMessages.onlyActiveReschedulable('cancelled'),
    );
    expect(clientRescheduleRefusal('completed', startsAt, inside, 24)).toBe(
      bookingMessages.onlyActiveReschedulable('completed'),
    );
    expect(clientCancelRefusal('pending', startsAt, inside, 24)).toBe(
      bookingMessages.onlyConfirmedCancellable('pending'),
    );
    const after = new Date(startsAt.getTime() + minute);
    expect(clientRescheduleRefusal('pending', startsAt, after, 24)).toBe(
      bookingMessages.rescheduleAfterStart,
    );
    expect(clientCancelRefusal('confirmed', startsAt, after, 24)).toBe(bookingMessages.cancelAfterStart);
  });
});
