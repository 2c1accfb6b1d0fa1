// A booking's history written to its client as sentences, the same on the detail page's timeline and the
// dashboard's Recent Activity (docs/product.md#my-bookings).
import { moment } from '../text/format.ts';
import type { BookingEventActor, BookingEventType, BookingStatus } from './statuses.ts';

/** What a sentence needs of a history entry (an entry of the detail answer, or of the activity answer). */
export interface HistoryFacts {
  type: BookingEventType;
  from_status: BookingStatus | null;
  to_status: BookingStatus;
  from_starts_at?: string | undefined;
  starts_at?: string | undefined;
  /** reassigned: the consultants' names then. */
  from_consultant?: string | undefined;
  to_consultant?: string | undefined;
  by: BookingEventActor;
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
 * One history entry as a sentence: 'Booked', 'Confirmed by the firm', 'Moved from Mon, Jan 7, 2030, 9 AM MST to Tue, Jan 8,
 * 2030, 10 AM MST', 'Moved from Ada Byron to Alan Turing by the firm', 'Cancelled automatically: not confirmed in time', 'Reviewed',
 * 'Meeting place changed by the firm'. Times in `timeZone` (the business zone).
 */
export function historySentence(entry: HistoryFacts, timeZone: string): string {
  switch (entry.type) {
    case 'created':
      return entry.by === 'client' ? 'Booked' : `Booked ${byWhom[entry.by]}`;
    case 'status_changed':
      return statusSentence(entry.to_status, entry.by);
    case 'rescheduled': {
      const from = entry.from_starts_at ? ` from ${moment(entry.from_starts_at, timeZone)}` : '';
      const to = entry.starts_at ? ` to ${moment(entry.starts_at, timeZone)}` : '';
      return `Moved${from}${to}${entry.by === 'client' ? '' : ` ${byWhom[entry.by]}`}`;
    }
    case 'reassigned': {
      const from = entry.from_consultant ? ` from ${entry.from_consultant}` : '';
      const to = entry.to_consultant ? ` to ${entry.to_consultant}` : '';
      return `Moved${from}${to}${entry.by === 'client' ? '' : ` ${byWhom[entry.by]}`}`;
    }
    case 'reviewed':
      return 'Reviewed';
    case 'location_changed':
      return `Meeting place changed ${byWhom[entry.by]}`;
  }
}
