import type { DateRange } from '@portal/domain';
import type { AdminListQuery } from './filters';

/** Query keys of the administrators' data, written once; everything under `all` is refreshed after a change. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: (range: DateRange) => ['admin', 'stats', range.startDate, range.endDate] as const,
  userStats: (range: DateRange) => ['admin', 'user-stats', range.startDate, range.endDate] as const,
  bookingLists: ['admin', 'bookings'] as const,
  bookings: (query: AdminListQuery) => ['admin', 'bookings', query] as const,
  /** The calendar's week of consultations (under the lists: a status change refreshes it). */
  week: (from: string, to: string) => ['admin', 'bookings', 'week', from, to] as const,
  upcoming: (limit: number) => ['admin', 'upcoming', limit] as const,
  services: ['admin', 'services'] as const,
  /** Every service, retired ones too (the catalogue page, and today's rates beside bookings). */
  catalogue: ['admin', 'catalogue'] as const,
  serviceChanges: ['admin', 'catalogue', 'changes'] as const,
  undeliveredMail: ['admin', 'undelivered-mail'] as const,
  /** Pending bookings and unanswered messages (the admin navigation): under `all`, so any change refreshes them. */
  counts: ['admin', 'counts'] as const,
  schedule: ['admin', 'schedule'] as const,
  scheduleChanges: ['admin', 'schedule', 'changes'] as const,
  tooClose: ['admin', 'schedule', 'too-close'] as const,
  closures: ['admin', 'closures'] as const,
  reviews: ['admin', 'reviews'] as const,
  messages: ['admin', 'messages'] as const,
  invoiceLists: ['admin', 'invoices'] as const,
  invoices: (status: string | undefined) => ['admin', 'invoices', status ?? 'all'] as const,
  consultants: ['admin', 'consultants'] as const,
  /** The firm's settings (its billing details). */
  settings: ['admin', 'settings'] as const,
  /** Every export and erasure of a person's data. */
  dataRequests: ['admin', 'data-requests'] as const,
};

/**
 * placeholderData that keeps the last answer on screen while the next key loads: TanStack's keepPreviousData,
 * written out so that its export does not move into the entry chunk shared with the home page.
 */
export function keepShown<T>(previous: T | undefined): T | undefined {
  return previous;
}
