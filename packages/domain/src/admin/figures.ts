// The administrators' rules (zod-free): reporting periods, what counts as revenue and as an active user, the
// period-over-period change, and the admin screens' messages. The API contract is in schemas.ts.
import { bookingMessages } from '../bookings/messages.ts';
import type { BookingStatus } from '../bookings/statuses.ts';
import { addDays, type IsoDate, zonedInstant } from '../schedule/dates.ts';
import { todayIn } from '../schedule/slots.ts';
import { count as countText } from '../text/format.ts';

/**
 * How the dashboard's utilization is counted (consultantUtilisation, in consultants/utilisation.ts), as the API
 * documentation and docs/product.md state it.
 */
export const utilisationDefinition =
  "Each consultant active now or with consultations in the range, by id: booked_hours, the hours of their pending, confirmed and completed consultations starting in the range; open_hours, their weekly hours within the firm's on each day of the range, less the firm's closed dates and their time off; utilisation, booked_hours / open_hours (4 decimals), null without open hours. Empty when a date is omitted.";

/** The reporting periods: the dashboard shows week, month and quarter; the API also takes a year. */
export const adminPeriods = ['week', 'month', 'quarter', 'year'] as const;
export type AdminPeriod = (typeof adminPeriods)[number];
export const dashboardPeriods = ['week', 'month', 'quarter'] as const satisfies readonly AdminPeriod[];
export const defaultAdminPeriod: AdminPeriod = 'month';

/** A closed range of calendar days in the business time zone, both ends included. */
export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

const quarterStartMonths = [1, 1, 1, 4, 4, 4, 7, 7, 7, 10, 10, 10] as const;

/**
 * The days a period covers, up to and including today in the business zone (docs/product.md#administration): week is the last 7 days;
 * month, quarter and year run from the first day of the current one.
 */
export function periodRange(period: AdminPeriod, now: Date, timeZone: string): DateRange {
  const endDate = todayIn(timeZone, now);
  const [year, month] = endDate.split('-') as [string, string, string];
  const startMonth = { month: Number(month), quarter: quarterStartMonths[Number(month) - 1] ?? 1, year: 1 };
  const startDate =
    period === 'week' ? addDays(endDate, -6) : `${year}-${String(startMonth[period]).padStart(2, '0')}-01`;
  return { startDate, endDate };
}

/** Whether a range with optional ends is in order: an end before the start is refused (the API and the filters). */
export function isRangeOrdered(range: {
  startDate?: IsoDate | undefined;
  endDate?: IsoDate | undefined;
}): boolean {
  return !range.startDate || !range.endDate || range.startDate <= range.endDate;
}

/** Both ends given: a closed range (the daily series and the previous period need one). */
export function closedRange(range: Partial<DateRange>): DateRange | undefined {
  return range.startDate && range.endDate
    ? { startDate: range.startDate, endDate: range.endDate }
    : undefined;
}

/** How many days a range covers (both ends included). */
export function rangeDays(range: DateRange): number {
  return Math.round((Date.parse(range.endDate) - Date.parse(range.startDate)) / 86_400_000) + 1;
}

/** The range of equal length just before `range`: what every percentage change compares against. */
export function previousRange(range: DateRange): DateRange {
  const days = rangeDays(range);
  return { startDate: addDays(range.startDate, -days), endDate: addDays(range.startDate, -1) };
}

/**
 * The instants a range covers in the business zone: from its first midnight, up to (not including) the midnight
 * after its last day. Open ends stay open.
 */
export function rangeInstants(
  range: Partial<DateRange>,
  timeZone: string,
): { from: Date | undefined; until: Date | undefined } {
  const midnight = (date: IsoDate) => zonedInstant(date, 0, timeZone) ?? zonedInstant(date, 60, timeZone);
  return {
    from: range.startDate ? midnight(range.startDate) : undefined,
    until: range.endDate ? midnight(addDays(range.endDate, 1)) : undefined,
  };
}

/**
 * Booked revenue: the total cost (the price snapshot) of the bookings the firm has accepted — confirmed or
 * completed — counted on the day the booking was made (its created date in the business zone), like every other
 * booking figure. Pending bookings are not yet accepted; cancelled ones are not paid. It is what was sold, not
 * money received: that is the money figures' (moneyDefinition).
 */
export const revenueStatuses = ['confirmed', 'completed'] as const satisfies readonly BookingStatus[];
export const revenueDefinition =
  'Booked revenue is what the confirmed and completed bookings cost in total, counted by the date each booking was ' +
  'made (in the business time zone). Every booking figure counts bookings by the date they were made.';

/**
 * The firm's money in a period, read from its invoices, credit notes and the payments recorded against them
 * (docs/product.md#administration): what came in, what is still owed, and what was given back. Outstanding is a
 * balance at the period's last day, so that a period in the past reads as it stood then, not as it stands now.
 */
export const moneyDefinition =
  'Collected is the money received in the period, by the day each payment arrived. Outstanding is what was still ' +
  "owed at the period's end: the invoices issued by then, less the payments received by then, leaving out those a " +
  'credit note had cancelled. Credited is the total of the credit notes issued in the period. Amounts are in the ' +
  'currency bookings are priced in; invoices in another currency are left out.';

/** Active users: distinct accounts that made at least one booking in the period; new users: accounts created in it. */
export const activeUserDefinition =
  'activeUsers: distinct accounts that made at least one booking in the period; newUsers: accounts created in the ' +
  'period whose email address is verified. Days are reckoned in the business time zone.';

/** The booking counts and revenue of a period. */
export interface BookingStats {
  total: number;
  pending: number;
  confirmed: number;
  completed: number;
  cancelled: number;
  totalRevenue: number;
}

/** On the admin overview, confirmed = total − completed − cancelled − pending. */
export function confirmedCount(
  stats: Pick<BookingStats, 'total' | 'pending' | 'completed' | 'cancelled'>,
): number {
  return stats.total - stats.completed - stats.cancelled - stats.pending;
}

/**
 * The change from the previous period in percent, one decimal; undefined when there is nothing to compare with
 * (the previous period had none while this one has some).
 */
export function percentChange(current: number, previous: number): number | undefined {
  if (previous === 0) return current === 0 ? 0 : undefined;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Recent Bookings on the dashboard; the admin list's page sizes (docs/product.md#limits). */
export const recentBookingsLimit = 10;
export const upcomingBookingsLimit = 20;
export const defaultAdminPageSize = 50;
export const maxAdminPageSize = 100;
/** The longest range the statistics answer for: their daily series has one entry a day (about ten years). */
export const maxStatsRangeDays = 3660;

/** Whether the statistics answer for this range (an open end is always fine: it has no daily series). */
export function fitsStatsRange(range: Partial<DateRange>): boolean {
  const closed = closedRange(range);
  return !closed || rangeDays(closed) <= maxStatsRangeDays;
}

export const adminMessages = {
  dashboardLoadFailed: 'Failed to load dashboard data',
  adminDataLoadFailed: 'Failed to load admin data',
  updateFailed: 'Failed to update booking',
  statusUpdated: (status: BookingStatus) => `Booking ${status} successfully`,
  /** The status dropdown sends nothing until Apply. */
  statusApply: 'Apply',
  statusApplyBusy: 'Applying...',
  /** Cancelling or completing asks first (the client is e-mailed). */
  statusConfirmTitle: (status: 'cancelled' | 'completed') =>
    status === 'cancelled' ? 'Cancel this booking?' : 'Mark this booking completed?',
  statusConfirmText: (code: string, status: 'cancelled' | 'completed') =>
    `Booking ${code} will be ${status === 'cancelled' ? 'cancelled and its time freed' : 'marked completed'}, and the client is told by email. You can undo it for a few seconds afterwards.`,
  statusConfirmKeep: 'Keep As Is',
  statusConfirm: (status: 'cancelled' | 'completed') =>
    status === 'cancelled' ? 'Cancel Booking' : 'Mark Completed',
  /** The success notification's button that sets the status back, and what follows it. */
  statusUndo: 'Undo',
  statusUndone: (status: BookingStatus) => `Change undone: the booking is ${status} again.`,
  endBeforeStart: 'endDate must not be before startDate',
  consultationToBeforeFrom: 'to must not be before from',
  /** The All Bookings filters' words for the same rule. */
  toBeforeFrom: 'The "to" date must not be before the "from" date.',
  statusInvalid: 'status must be one of all, pending, confirmed, completed, cancelled',
  bookingStatusInvalid: 'status must be one of pending, confirmed, completed, cancelled',
  serviceUnknown: 'No service has this id',
  consultantUnknown: 'No consultant has this id',
  bookingIdInvalid: 'bookingId must be a booking id (a whole number from 1)',
  /** Every paged list's words (the admin list and My Bookings share the cursor). */
  cursorInvalid: bookingMessages.cursorInvalid,
  rangeTooLong: `The statistics cover at most ${maxStatsRangeDays} days; choose a shorter range`,
  /** The dashboard's warning when e-mails were given up on after their last delivery attempt. */
  undeliveredMail: (count: number) =>
    `${count} ${count === 1 ? 'email' : 'emails'} could not be delivered and will not be retried`,
  undeliveredMailHint:
    'Check the mail server settings (SMTP_URL) and the addresses below; the latest are listed.',
  clientIdInvalid: 'clientId must be a client account id (letters, digits, - and _; at most 200)',
  addressInvalid: 'address must be a client address: an IPv4 or IPv6 address, or an IPv6 /64',
  /** `POST /api/admin/bookings/cancel-pending`: whose pending holds, one of the two. */
  cancelPendingTarget: 'Send either clientId or address: whose pending holds to cancel',
  /** All Bookings filtered to one client's or one address's bookings. */
  showingClient: (email: string) => `Showing the bookings of one client: ${email}.`,
  showingAddress: (address: string) => `Showing the bookings made from one client address: ${address}.`,
  cancelPendingButton: (count: number) =>
    `Cancel ${count === 1 ? 'this pending hold' : `these ${count} pending holds`}`,
  cancelPendingTitle: 'Cancel the pending holds?',
  cancelPendingWarning: (count: number) =>
    `${count === 1 ? 'The pending booking' : `All ${count} pending bookings`} of this filter will be cancelled and ${count === 1 ? 'its time' : 'their times'} freed. Each client is told by email, as when you cancel one booking. This cannot be undone.`,
  cancelPendingKeep: 'Keep Them',
  cancelPendingConfirm: 'Cancel Pending Holds',
  cancelPendingBusy: 'Cancelling...',
  cancelPendingDone: (count: number) =>
    `${count} pending ${count === 1 ? 'hold' : 'holds'} cancelled; ${count === 1 ? 'the client has' : 'the clients have'} been told by email.`,
  cancelPendingFailed: 'Failed to cancel the pending holds',
  /** The admin navigation (every /admin page): its name, and what its counts read as after a page's name. */
  navLabel: 'Admin',
  navCount: (page: string, count: number, what: 'pending' | 'unanswered') =>
    `${page}, ${countText(count)} ${what}`,
} as const;

/** How many of the latest undelivered e-mails the dashboard lists. */
export const undeliveredMailShown = 5;

// ——— Who changed what (the catalogue and the schedule) ———

/** What an administrator's recorded change is about. */
export const adminChangeSubjects = [
  'service',
  'schedule',
  'closure',
  'consultant',
  'time_off',
  'firm_billing',
] as const;
/** Retiring or bringing back a service is an update of its `active` field. */
export const adminChangeActions = ['created', 'updated', 'deleted'] as const;
