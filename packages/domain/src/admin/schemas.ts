// The admin API contract (zod): queries, bodies and answers. The plain rules are in figures.ts.
import { z } from 'zod';
import { cursorQuerySchema, nextCursorSchema } from '../api/schemas.ts';
import { bookingSchema } from '../bookings/schemas.ts';
import { bookingStatuses } from '../bookings/statuses.ts';
import { calendarBounds, isIsoDate } from '../schedule/dates.ts';
import {
  activeUserDefinition,
  adminMessages,
  defaultAdminPageSize,
  fitsStatsRange,
  isRangeOrdered,
  maxAdminPageSize,
  moneyDefinition,
  revenueDefinition,
  upcomingBookingsLimit,
  utilisationDefinition,
} from './figures.ts';

const optionalDate = (name: string) =>
  z
    .string()
    .refine(
      isIsoDate,
      `${name} must be a date from ${calendarBounds.first} to ${calendarBounds.last}, written YYYY-MM-DD`,
    )
    .optional()
    .describe(`${name}: a calendar day in the business time zone, YYYY-MM-DD, included`);

const endNotBeforeStart = {
  check: isRangeOrdered,
  params: { message: adminMessages.endBeforeStart, path: ['endDate'] },
};

/** The consultations' days (from/to) of the admin list: the same rule as startDate/endDate. */
const toNotBeforeFrom = {
  check: (range: { from?: string | undefined; to?: string | undefined }) =>
    isRangeOrdered({ startDate: range.from, endDate: range.to }),
  params: { message: adminMessages.consultationToBeforeFrom, path: ['to'] },
};

/** startDate/endDate, both optional and inclusive; an end before the start is a 400. */
export const adminDateRangeQuerySchema = z
  .object({ startDate: optionalDate('startDate'), endDate: optionalDate('endDate') })
  .refine(endNotBeforeStart.check, endNotBeforeStart.params);
export type AdminDateRangeQuery = z.infer<typeof adminDateRangeQuerySchema>;

/** The statistics' range: as above, and at most `maxStatsRangeDays` long. */
export const adminStatsQuerySchema = adminDateRangeQuerySchema.refine(fitsStatsRange, {
  message: adminMessages.rangeTooLong,
  path: ['endDate'],
});

const count = z.number().int().nonnegative();
const dateRangeSchema = z.object({ startDate: z.string(), endDate: z.string() });

export const bookingStatsSchema = z.object({
  total: count,
  pending: count,
  confirmed: count,
  completed: count,
  cancelled: count,
  totalRevenue: z
    .number()
    .int()
    .describe('Booked revenue in whole dollars: the confirmed and completed bookings made in the period'),
});

const cents = z.number().int().nonnegative();

/** One period's money (moneyDefinition), in cents of `currency`. */
const moneyFiguresSchema = z.object({
  collected_cents: cents.describe('The payments received in the period (by the day each was paid)'),
  outstanding_cents: cents.describe(
    "What was still owed on issued invoices at the period's last day (today when endDate is omitted): their totals less the payments received by then, leaving out those credited by then",
  ),
  credited_cents: cents.describe('The credit notes issued in the period, as a positive amount'),
});

export const moneyStatsSchema = moneyFiguresSchema
  .extend({
    currency: z.string().describe("ISO 4217, lower case ('usd'): CURRENCY, the one every amount here is in"),
    previous: moneyFiguresSchema
      .nullable()
      .describe('The same figures for the range of equal length just before; null when a date is omitted'),
  })
  .describe(moneyDefinition);
export type MoneyStats = z.infer<typeof moneyStatsSchema>;

/** `GET /api/bookings/admin/stats` */
export const adminStatsResponseSchema = z
  .object({
    timeZone: z.string().describe('The business time zone the days are reckoned in (BUSINESS_TIMEZONE)'),
    stats: bookingStatsSchema,
    previous: bookingStatsSchema
      .nullable()
      .describe('The same figures for the range of equal length just before; null when a date is omitted'),
    previousRange: dateRangeSchema.nullable(),
    money: moneyStatsSchema,
    daily: z
      .array(z.object({ date: z.string(), bookings: count, revenue: z.number().int() }))
      .describe('One entry per day of the range, zeros included; empty when a date is omitted'),
    services: z
      .array(
        z.object({
          serviceId: z.number().int(),
          name: z.string(),
          bookings: count,
          completed: count,
          cancelled: count,
          revenue: z.number().int(),
        }),
      )
      .describe('Every service, in catalog order, zeros included'),
    consultants: z
      .array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          booked_hours: z.number().nonnegative(),
          open_hours: z.number().nonnegative(),
          utilisation: z.number().nonnegative().nullable(),
        }),
      )
      .describe(utilisationDefinition),
  })
  .describe(revenueDefinition);
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;

/** `GET /api/auth/users/stats` */
export const userStatsSchema = z.object({ activeUsers: count, newUsers: count });
export const userStatsResponseSchema = z
  .object({
    stats: userStatsSchema,
    previous: userStatsSchema.nullable().describe('The range of equal length just before; null when open'),
  })
  .describe(activeUserDefinition);
export type UserStatsResponse = z.infer<typeof userStatsResponseSchema>;

export const adminStatusFilters = ['all', ...bookingStatuses] as const;
export type AdminStatusFilter = (typeof adminStatusFilters)[number];

/** A client account's id, as the admin list shows it (user_id). */
const clientIdSchema = z
  .string()
  .trim()
  .min(1, adminMessages.clientIdInvalid)
  .max(200, adminMessages.clientIdInvalid)
  .regex(/^[\w-]+$/, adminMessages.clientIdInvalid);
/** A client address, as typed or as the admin list shows it (client_address): the server reads it as the limit does. */
const addressSchema = z
  .string()
  .trim()
  .min(1, adminMessages.addressInvalid)
  .max(100, adminMessages.addressInvalid)
  .regex(/^[\w.:/%-]+$/, adminMessages.addressInvalid);

const adminBookingFilterFields = z.object({
  status: z.enum(adminStatusFilters, { error: adminMessages.statusInvalid }).default('all'),
  startDate: optionalDate('startDate'),
  endDate: optionalDate('endDate'),
  from: optionalDate('from').describe(
    'from: the first day of the consultations listed (their start), in the business time zone, YYYY-MM-DD, included',
  ),
  to: optionalDate('to').describe(
    'to: the last day of the consultations listed (their start), in the business time zone, YYYY-MM-DD, included',
  ),
  serviceId: z.coerce
    .number({ error: adminMessages.serviceUnknown })
    .int(adminMessages.serviceUnknown)
    .positive(adminMessages.serviceUnknown)
    .max(2_147_483_647, adminMessages.serviceUnknown)
    .optional(),
  consultantId: z.coerce
    .number({ error: adminMessages.consultantUnknown })
    .int(adminMessages.consultantUnknown)
    .positive(adminMessages.consultantUnknown)
    .max(2_147_483_647, adminMessages.consultantUnknown)
    .optional()
    .describe("One consultant's bookings (retired ones too): a consultant id"),
  clientId: clientIdSchema
    .optional()
    .describe("One client's bookings: the account id (a booking's user_id in this list)"),
  address: addressSchema
    .optional()
    .describe(
      'The bookings made from one client address: an IPv4 address, or an IPv6 address or its /64 as this list shows it (client_address)',
    ),
  // One booking (the firm's e-mails link to it): the list and the export narrow to it within the other filters.
  bookingId: z.coerce
    .number({ error: adminMessages.bookingIdInvalid })
    .int(adminMessages.bookingIdInvalid)
    .positive(adminMessages.bookingIdInvalid)
    .max(2_147_483_647, adminMessages.bookingIdInvalid)
    .optional(),
});

/** The filters shared by the admin list and its CSV export (dates: the day the booking was made). */
export const adminBookingFiltersSchema = adminBookingFilterFields
  .refine(endNotBeforeStart.check, endNotBeforeStart.params)
  .refine(toNotBeforeFrom.check, toNotBeforeFrom.params);
export type AdminBookingFilters = z.infer<typeof adminBookingFiltersSchema>;

/** `GET /api/bookings/admin/all`: newest first (by the moment booked), paged by an opaque cursor. */
export const adminBookingsQuerySchema = adminBookingFilterFields
  .extend({
    limit: z.coerce.number().int().min(1).max(maxAdminPageSize).default(defaultAdminPageSize),
    cursor: cursorQuerySchema,
  })
  .refine(endNotBeforeStart.check, endNotBeforeStart.params)
  .refine(toNotBeforeFrom.check, toNotBeforeFrom.params);

/** A booking as administrators see it: whose it is, and where a pending one was made from. */
export const adminBookingSchema = bookingSchema.extend({
  user_id: z.string().describe("The client's account id (the clientId filter)"),
  client_address: z
    .string()
    .nullable()
    .describe(
      'The client address a pending booking was made from (IPv4, or an IPv6 /64), as the pending limit per address counts it; null once it is no longer pending',
    ),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const adminBookingsResponseSchema = z.object({
  bookings: z.array(adminBookingSchema),
  total: count.describe(
    'How many bookings match the filters, over all pages: counted with the first page, then carried by the cursor',
  ),
  nextCursor: nextCursorSchema,
});
export type AdminBookingsResponse = z.infer<typeof adminBookingsResponseSchema>;

/** `GET /api/bookings/admin/upcoming`: pending and confirmed bookings not yet started, soonest first. */
export const upcomingBookingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(maxAdminPageSize).default(upcomingBookingsLimit),
});

/** `PUT /api/bookings/admin/{id}/status` */
export const adminStatusBodySchema = z.object({
  status: z.enum(bookingStatuses, { error: adminMessages.bookingStatusInvalid }),
});

/** `POST /api/admin/bookings/cancel-pending`: one client's or one client address's pending bookings, all at once. */
export const cancelPendingBodySchema = z
  .object({
    clientId: clientIdSchema.optional().describe("The client's account id (user_id)"),
    address: addressSchema
      .optional()
      .describe('A client address, as the admin list shows it or any address in it'),
  })
  .refine((body) => (body.clientId === undefined) !== (body.address === undefined), {
    message: adminMessages.cancelPendingTarget,
  });
export type CancelPendingBody = z.infer<typeof cancelPendingBodySchema>;

export const cancelPendingResponseSchema = z.object({
  cancelled: count.describe(
    'How many pending bookings were cancelled (each recorded and its client emailed)',
  ),
});
export type CancelPendingResponse = z.infer<typeof cancelPendingResponseSchema>;

/** `GET /api/admin/undelivered-mail`: the e-mails given up on after their last attempt, the latest first. */
export const undeliveredMailResponseSchema = z.object({
  count: count.describe('How many emails were given up on (status dead)'),
  latest: z
    .array(
      z.object({
        id: z.string(),
        to: z.string(),
        subject: z.string(),
        attempts: count,
        lastError: z.string().nullable(),
        createdAt: z.string().describe('When the email was written (ISO 8601)'),
      }),
    )
    .describe('The latest few, newest first'),
});
export type UndeliveredMailResponse = z.infer<typeof undeliveredMailResponseSchema>;

/** `GET /api/admin/counts`: what waits for the firm, shown beside Bookings and Messages in the admin navigation. */
export const adminCountsResponseSchema = z.object({
  pendingBookings: count.describe(
    'How many bookings are pending (waiting to be confirmed), whenever they start',
  ),
  unansweredMessages: count.describe('How many contact-form messages are not marked answered'),
});
export type AdminCountsResponse = z.infer<typeof adminCountsResponseSchema>;
