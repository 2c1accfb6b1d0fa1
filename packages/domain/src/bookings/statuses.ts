// A booking's statuses, and who and what a history entry records. No zod: the web app's first load imports it.

export const bookingStatuses = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
/** Statuses that hold their time slot: two active bookings of one service never overlap. */
export const activeBookingStatuses = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];
export type ActiveBookingStatus = (typeof activeBookingStatuses)[number];

/** Who made a change in a booking's history: its client, an administrator, or the system (e.g. an expiry). */
export const bookingEventActors = ['client', 'admin', 'system'] as const;
export type BookingEventActor = (typeof bookingEventActors)[number];

/**
 * What an entry of a booking's history records: its creation, a status change, a move to another time (with the
 * old and new start), the firm moving it to another consultant (with both consultants' names), the client's
 * review of it (written by the reviews feature), or the firm changing where it happens (a location, or the room back).
 */
export const bookingEventTypes = [
  'created',
  'status_changed',
  'rescheduled',
  'reassigned',
  'reviewed',
  'location_changed',
] as const;
export type BookingEventType = (typeof bookingEventTypes)[number];

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (bookingStatuses as readonly string[]).includes(value);
}

export function isActiveBookingStatus(status: BookingStatus): status is ActiveBookingStatus {
  return (activeBookingStatuses as readonly string[]).includes(status);
}
