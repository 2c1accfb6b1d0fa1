/** Query keys of bookings, written once. */
export const bookingKeys = {
  all: ['bookings'] as const,
  mine: ['bookings', 'mine'] as const,
  /** One booking with its history (the detail page). */
  detail: (id: number | string) => ['bookings', 'detail', String(id)] as const,
  /** The first of My Bookings' order, which is the next consultation when it is upcoming (the dashboard). */
  next: ['bookings', 'next'] as const,
  /** A consultant's own bookings of a range of days (/consultant). */
  consultantRange: (from: string, to: string) => ['bookings', 'consultant', from, to] as const,
  /** The signed-in user's recent activity (the dashboard). */
  activity: ['bookings', 'activity'] as const,
  /** Every day's availability of a service (invalidated when a slot turns out to be taken). */
  availabilityOf: (serviceId: number) => ['bookings', 'availability', serviceId] as const,
  availability: (serviceId: number, date: string) => ['bookings', 'availability', serviceId, date] as const,
  /** A day's availability of one consultant of the service (under the service's key, refreshed with it). */
  availabilityWith: (serviceId: number, date: string, consultantId: number) =>
    ['bookings', 'availability', serviceId, date, 'consultant', consultantId] as const,
};
