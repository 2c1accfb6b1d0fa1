// A booking's history written to its client as sentences, the same on the detail page's timeline and the
// dashboard's Recent Activity (docs/product.md#my-bookings).
import type { BookingEventActor, BookingEventType, BookingStatus } from './statuses.ts';

/** What a sentence needs of a history entry (an entry of the detail answer, or of the activity answer). */
export interface HistoryFacts {
  type: BookingEventType;
  from_status: BookingStatus | null;
  to_status: BookingStatus;
  from_starts_at?: string | undefined;
  starts_at?: string | undefined;
  by: BookingEventActor;
}

/** 'Mon, Jan 7, 09:00': an instant in the business zone, short (the timeline names the zone once). */
export function historyMoment(instant: string, timeZone: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('month')} ${part('day')}, ${part('hour')}:${part('minute')}`;
}

const byWhom: Record<BookingEventActor, string> = {
  client: 'by you',
  admin: 'by the firm',
  system: 'automatically',
};

function statusSentence(to: BookingStatus, by: BookingEventActor): string {
  switch (to) {
    case 'confirmed':
      return `Confirmed ${byWhom[by]}`;
    case 'cancelled':
      // The system cancels only pending bookings nobody confirmed in time (docs/product.md#statuses).
      return by === 'system' ? 'Cancelled automatically: not confirmed in time' : `Cancelled ${byWhom[by]}`;
    case 'completed':
      return by === 'system' ? 'Completed' : `Marked completed ${byWhom[by]}`;
    case 'pending':
      return `Set back to pending ${byWhom[by]}`;
  }
}

/**
 * One history entry as a sentence: 'Booked', 'Confirmed by the firm', 'Moved from Mon, Jan 7, 09:00 to Tue, Jan 8,
 * 10:00', 'Cancelled automatically: not confirmed in time', 'Reviewed'. Times in `timeZone` (the business zone).
 */
export function historySentence(entry: HistoryFacts, timeZone: string): string {
  switch (entry.type) {
    case 'created':
      return entry.by === 'client' ? 'Booked' : `Booked ${byWhom[entry.by]}`;
    case 'status_changed':
      return statusSentence(entry.to_status, entry.by);
    case 'rescheduled': {
      const from = entry.from_starts_at ? ` from ${historyMoment(entry.from_starts_at, timeZone)}` : '';
      const to = entry.starts_at ? ` to ${historyMoment(entry.starts_at, timeZone)}` : '';
      return `Moved${from}${to}${entry.by === 'client' ? '' : ` ${byWhom[entry.by]}`}`;
    }
    case 'reviewed':
      return 'Reviewed';
  }
}
