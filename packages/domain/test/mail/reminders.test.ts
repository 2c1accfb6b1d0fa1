import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../../src/bookings/statuses.ts';
import {
  dueReminders,
  reminderDueAt,
  reminderStartBounds,
  reminderToSend,
  type SentReminder,
} from '../../src/mail/reminders.ts';
import { zonedInstant } from '../../src/schedule/dates.ts';

const hour = 3_600_000;
const start = new Date('2030-01-08T17:00:00Z');
const before = (hours: number, at = start) => new Date(at.getTime() - hours * hour);

function booking(status: BookingStatus = 'confirmed', startsAt = start) {
  return { status, startsAt };
}

describe('reminder due times', () => {
  it('is due the configured hours before the start, and not a moment earlier', () => {
    expect(dueReminders(booking(), new Date(before(24).getTime() - 1), [24], [])).toEqual([]);
    expect(dueReminders(booking(), before(24), [24], [])).toEqual([24]);
    expect(dueReminders(booking(), before(3), [24], [])).toEqual([24]);
  });

  it('is no longer due once the consultation has started', () => {
    expect(dueReminders(booking(), start, [24, 1], [])).toEqual([]);
    expect(dueReminders(booking(), new Date(start.getTime() + hour), [24, 1], [])).toEqual([]);
  });

  it('is due only for confirmed bookings: a pending, cancelled or completed one gets none', () => {
    for (const status of ['pending', 'cancelled', 'completed'] as const) {
      expect(dueReminders(booking(status), before(2), [24, 1], [])).toEqual([]);
    }
  });

  it('once recorded for this start, is not due again', () => {
    const sent: SentReminder[] = [{ startsAt: start, hours: 24 }];
    expect(dueReminders(booking(), before(10), [24], sent)).toEqual([]);
  });

  it('several hours: each comes due at its own time, largest first', () => {
    const hours = [24, 1];
    expect(dueReminders(booking(), before(24), hours, [])).toEqual([24]);
    const sent: SentReminder[] = [{ startsAt: start, hours: 24 }];
    expect(dueReminders(booking(), before(2), hours, sent)).toEqual([]);
    expect(dueReminders(booking(), before(1), hours, sent)).toEqual([1]);
    expect(dueReminders(booking(), before(1), [1, 24, 6], [])).toEqual([24, 6, 1]);
  });

  it('a late confirmation: every passed reminder is due at once, and one e-mail (the nearest) is sent', () => {
    // Confirmed 2 hours ahead with reminders at 24 and 1 hours: the 24-hour one is due now, not the 1-hour one.
    const due = dueReminders(booking(), before(2), [24, 1], []);
    expect(due).toEqual([24]);
    // Confirmed 30 minutes ahead: both are due; one e-mail, the 1-hour one, covers both.
    const late = dueReminders(booking(), before(0.5), [24, 1], []);
    expect(late).toEqual([24, 1]);
    expect(reminderToSend(late)).toBe(1);
    expect(reminderToSend([])).toBeUndefined();
  });

  it('a reschedule re-arms the reminders for the new start; those sent for the old start do not count', () => {
    const moved = new Date(start.getTime() + 3 * 24 * hour);
    const sent: SentReminder[] = [{ startsAt: start, hours: 24 }];
    expect(dueReminders(booking('confirmed', moved), before(25, moved), [24], sent)).toEqual([]);
    expect(dueReminders(booking('confirmed', moved), before(24, moved), [24], sent)).toEqual([24]);
    // Moved to a nearer time, inside the reminder window: due at once.
    const near = new Date(start.getTime() - 6 * hour);
    expect(dueReminders(booking('confirmed', near), before(26), [24], sent)).toEqual([24]);
  });

  it('counts elapsed hours across a daylight-saving change: the local clock time moves, the interval does not', () => {
    const zone = 'America/New_York';
    // Clocks go forward on Sunday March 10, 2030: noon that day is 24 elapsed hours after 11:00 on Saturday.
    const sundayNoon = zonedInstant('2030-03-10', 12 * 60, zone);
    const saturdayEleven = zonedInstant('2030-03-09', 11 * 60, zone);
    if (!sundayNoon || !saturdayEleven) throw new Error('no such local time');
    expect(reminderDueAt(sundayNoon, 24)).toEqual(saturdayEleven);
    expect(dueReminders(booking('confirmed', sundayNoon), saturdayEleven, [24], [])).toEqual([24]);
    expect(
      dueReminders(booking('confirmed', sundayNoon), new Date(saturdayEleven.getTime() - 1), [24], []),
    ).toEqual([]);
    // And back on Sunday November 3, 2030: 24 hours before noon that day is 13:00 on Saturday.
    const fallNoon = zonedInstant('2030-11-03', 12 * 60, zone);
    const saturdayOne = zonedInstant('2030-11-02', 13 * 60, zone);
    if (!fallNoon || !saturdayOne) throw new Error('no such local time');
    expect(reminderDueAt(fallNoon, 24)).toEqual(saturdayOne);
  });

  it('bounds the starts a query has to look at: ahead, within the largest reminder hours', () => {
    const now = before(30);
    expect(reminderStartBounds(now, [24, 1])).toEqual({
      after: now,
      until: new Date(now.getTime() + 24 * hour),
    });
    expect(reminderStartBounds(now, [])).toEqual({ after: now, until: now });
  });
});
