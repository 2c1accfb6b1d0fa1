// Fair use (docs/product.md#limits): page sizes, how much history an answer carries, the idempotency key.

/** My Bookings' pages (`GET /api/bookings/my-bookings?limit`). */
export const defaultMyBookingsPageSize = 20;
export const maxMyBookingsPageSize = 100;

/** The most entries `GET /api/bookings/activity` answers: the dashboard shows the latest few. */
export const maxRecentActivity = 5;

/** The most history entries `GET /api/bookings/{id}` answers: the latest ones. */
export const maxBookingHistoryShown = 100;

/** Longest Idempotency-Key accepted. */
export const maxIdempotencyKeyLength = 255;

/** Request header that makes `POST /api/bookings` safe to retry. */
export const idempotencyKeyHeader = 'Idempotency-Key';
