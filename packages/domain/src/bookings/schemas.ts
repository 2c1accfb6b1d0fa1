// The booking API contract (zod): request bodies, queries and answers. The plain rules are in this folder's
// other files.
import { z } from 'zod';
import { idParamsSchema, isoInstantSchema, nextCursorSchema, pageQuerySchema } from '../api/schemas.ts';
import { bookingInvoiceSchema, bookingPaymentSchema } from '../billing/schemas.ts';
import { bookingAnswersSchema } from '../catalogue/question-schemas.ts';
import { serviceIdParamsSchema } from '../catalogue/schemas.ts';
import { bookingReviewSchema } from '../reviews/schemas.ts';
import { isIsoDate } from '../schedule/dates.ts';
import { textField } from '../text/field.ts';
import { normalizeText } from '../text/rule.ts';
import {
  additionalNotesRule,
  contactOptions,
  defaultPreferredContact,
  defaultUrgency,
  projectDescriptionError,
  urgencyOptions,
} from './details.ts';
import {
  defaultMyBookingsPageSize,
  maxBookingHistoryShown,
  maxIdempotencyKeyLength,
  maxMyBookingsPageSize,
  maxRecentActivity,
} from './limits.ts';
import { bookingMessages } from './messages.ts';
import { bookingEventActors, bookingEventTypes, bookingStatuses } from './statuses.ts';

const isoDateSchema = z
  .string({ error: bookingMessages.dateInvalid })
  .refine(isIsoDate, bookingMessages.dateInvalid)
  .describe('A calendar date, YYYY-MM-DD, in the business time zone');

/** `GET /api/services/{id}/availability` */
export const availabilityParamsSchema = serviceIdParamsSchema;
/** A consultant chosen by id: optional on every route that takes one. */
const consultantIdSchema = z.coerce
  .number({ error: bookingMessages.consultantInvalid })
  .int(bookingMessages.consultantInvalid)
  .positive(bookingMessages.consultantInvalid)
  .max(2_147_483_647, bookingMessages.consultantInvalid);

export const availabilityQuerySchema = z.object({
  date: isoDateSchema,
  consultantId: consultantIdSchema
    .optional()
    .describe('Only this consultant (400 when they do not deliver the service)'),
});

export const timeSlotSchema = z.object({
  start_time: z.string().describe("'HH:MM' in the business time zone"),
  end_time: z.string().describe("'HH:MM' in the business time zone"),
  label: z.string().describe("'HH:MM - HH:MM'"),
  starts_at: z.string().describe('ISO 8601 instant (UTC); send it back as startsAt to book the slot'),
  ends_at: z.string().describe('ISO 8601 instant (UTC)'),
});

export const availabilitySlotSchema = timeSlotSchema.extend({
  available: z.boolean().describe('True while at least one consultant of the service is free for the slot'),
  consultant_ids: z
    .array(z.number().int())
    .describe(
      'The consultants free for the slot (within their hours, not on time off, no active booking of theirs within the buffer), in the order the server would assign them',
    ),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

export const availabilityResponseSchema = z.object({
  date: z.string(),
  timeZone: z.string().describe('The IANA time zone the times are reckoned in'),
  slots: z.array(availabilitySlotSchema).describe('Empty for a weekend or a past day'),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

const description = z
  .string({ error: bookingMessages.descriptionRequired })
  .nullish()
  .transform((value, context) => {
    const problem = projectDescriptionError(value);
    if (problem) {
      context.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return normalizeText(value ?? '');
  });

/** A chosen slot's start, as the availability answer gave it. */
const startsAtSchema = z
  .string({ error: bookingMessages.startsAtInvalid })
  .refine(
    (value) => z.iso.datetime({ offset: true }).safeParse(value).success,
    bookingMessages.startsAtInvalid,
  )
  .describe('The chosen slot: its starts_at from the availability answer');

/** `POST /api/bookings`. Optional choices get the wizard's defaults; empty notes become null. */
export const createBookingBodySchema = z.object({
  serviceId: z.coerce
    .number({ error: bookingMessages.serviceRequired })
    .int(bookingMessages.serviceNotFound)
    .positive(bookingMessages.serviceNotFound)
    .max(2_147_483_647, bookingMessages.serviceNotFound),
  projectDescription: description,
  startsAt: startsAtSchema,
  urgency: z.enum(urgencyOptions).default(defaultUrgency),
  preferredContact: z.enum(contactOptions).default(defaultPreferredContact),
  additionalNotes: textField(additionalNotesRule)
    .nullish()
    .transform((value) => (value ? value : null)),
  consultantId: consultantIdSchema
    .optional()
    .describe('The consultant chosen; left out, the server assigns one free for the slot'),
  answers: bookingAnswersSchema,
});
export type CreateBookingBody = z.input<typeof createBookingBodySchema>;
export type CreateBookingRequest = z.output<typeof createBookingBodySchema>;

export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(new RegExp(`^[\\x21-\\x7e]{1,${maxIdempotencyKeyLength}}$`), bookingMessages.idempotencyKeyInvalid)
    .optional()
    .describe('Makes retries safe: the same key and body answer the same booking, never a second one'),
});

export const bookingSchema = z.object({
  id: z.number().int(),
  service_id: z.number().int(),
  consultant: z.object({ id: z.number().int(), name: z.string() }).describe('Who delivers the consultation'),
  status: z.enum(bookingStatuses),
  project_description: z.string(),
  created_at: isoInstantSchema,
  updated_at: isoInstantSchema,
  /** The day of the consultation in the business time zone. */
  booking_date: z.string(),
  services: z.object({
    name: z.string(),
    duration: z.number().int().describe('Minutes, as booked'),
    hourly_rate: z.number().int().describe('Whole dollars per hour, as booked'),
  }),
  time_slots: z.array(
    z.object({
      start_time: z.string(),
      end_time: z.string(),
      availability: z.object({ date: z.string() }),
    }),
  ),
  user_profiles: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string(),
  }),
  starts_at: isoInstantSchema,
  ends_at: isoInstantSchema,
  time_zone: z.string(),
  urgency: z.enum(urgencyOptions),
  preferred_contact: z.enum(contactOptions),
  additional_notes: z.string().nullable(),
  total_cost: z.number().int().describe('Whole dollars: rate × duration / 60, rounded, as booked'),
  confirmation_code: z.string().describe('OT-{year}-{id padded to 3 digits}'),
  review: bookingReviewSchema.nullable().describe("The client's review, once a completed booking has one"),
  invoice: bookingInvoiceSchema
    .nullable()
    .describe('Its latest invoice (issued when the firm confirms it); null before'),
  payment: bookingPaymentSchema,
  checkout_url: z
    .string()
    .optional()
    .describe(
      'While a card payment awaits its checkout (PAYMENTS=stripe): where the client authorises the card',
    ),
  brief: z
    .array(
      z.object({
        question: z.string().describe('The question as it was asked when booked'),
        answer: z
          .union([z.string(), z.array(z.string()), z.boolean()])
          .nullable()
          .describe('Text, the chosen option(s), or yes (true) / no (false); null when left unanswered'),
      }),
    )
    .describe("The service's intake questions as they were asked when booked, with the client's answers"),
  meeting_url: z
    .string()
    .nullable()
    .describe(
      "The consultation's own video room (MEETING_URL_TEMPLATE), stable across reschedules; null until confirmed, and when the firm set another location",
    ),
  location: z
    .string()
    .nullable()
    .describe(
      'Where the firm meets the client instead of the video room (an address, a phone number); null until confirmed or when not set',
    ),
  summary: z
    .string()
    .nullable()
    .describe("The firm's summary once the consultation is completed; null until written"),
  unread_messages: z
    .number()
    .int()
    .optional()
    .describe(
      "In lists: the messages of the booking's conversation from the other side the caller has not read",
    ),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingResponseSchema = z.object({ booking: bookingSchema });
/** `POST /api/bookings`: the booking, and where to pay when it is paid by card. */
export const createdBookingResponseSchema = bookingResponseSchema.extend({
  checkout_url: z
    .string()
    .optional()
    .describe("PAYMENTS=stripe: the booking's Checkout Session, to send the client to"),
});
export const bookingsResponseSchema = z.object({ bookings: z.array(bookingSchema) });
export type BookingResponse = z.infer<typeof bookingResponseSchema>;
export type BookingsResponse = z.infer<typeof bookingsResponseSchema>;

/** `GET /api/bookings/my-bookings`: newest first, paged by an opaque cursor. */
export const myBookingsQuerySchema = pageQuerySchema(
  defaultMyBookingsPageSize,
  maxMyBookingsPageSize,
  'Bookings',
);
export type MyBookingsQuery = z.infer<typeof myBookingsQuerySchema>;

/** The change notice the caller is held to: CLIENT_CHANGE_NOTICE_HOURS for a client, 0 for an administrator. */
const changeNoticeHoursSchema = z
  .number()
  .int()
  .min(0)
  .describe(
    "Hours before the start when the caller's cancelling and rescheduling close (0: at the start; always 0 for an administrator, who is never limited)",
  );

export const myBookingsResponseSchema = z.object({
  bookings: z.array(bookingSchema),
  nextCursor: nextCursorSchema,
  change_notice_hours: changeNoticeHoursSchema,
});
export type MyBookingsResponse = z.infer<typeof myBookingsResponseSchema>;

export const bookingIdParamsSchema = idParamsSchema('Booking');

/** `PUT /api/bookings/{id}`: a client can only cancel. */
export const updateBookingBodySchema = z.object({
  status: z.literal('cancelled', { error: bookingMessages.clientStatusChange }),
});

/** One entry of a booking's history as its owner sees it (who, by role only). */
export const bookingHistoryEntrySchema = z.object({
  at: isoInstantSchema,
  type: z.enum(bookingEventTypes),
  from_status: z.enum(bookingStatuses).nullable().describe('null for the creation'),
  to_status: z.enum(bookingStatuses),
  from_starts_at: isoInstantSchema.optional().describe('rescheduled: the start it had before'),
  starts_at: isoInstantSchema.optional().describe('rescheduled: the new start'),
  from_consultant: z
    .string()
    .optional()
    .describe('reassigned: the consultant it had before (their name then)'),
  to_consultant: z.string().optional().describe('reassigned: the consultant it has now (their name then)'),
  by: z.enum(bookingEventActors),
});
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntrySchema>;

/** `GET /api/bookings/{id}`: the booking as My Bookings shows it, and its history, oldest first. */
export const bookingDetailResponseSchema = z.object({
  booking: bookingSchema,
  history: z
    .array(bookingHistoryEntrySchema)
    .max(maxBookingHistoryShown)
    .describe(`Oldest first; the latest ${maxBookingHistoryShown} entries when there are more`),
  change_notice_hours: changeNoticeHoursSchema,
  is_owner: z
    .boolean()
    .describe(
      "Whether the booking is the caller's own: only its owner may reschedule, cancel, review it or download its calendar file (an administrator may view any booking)",
    ),
});
export type BookingDetailResponse = z.infer<typeof bookingDetailResponseSchema>;

/** `POST /api/bookings/{id}/reschedule`: the new slot. */
export const rescheduleBookingBodySchema = z.object({
  startsAt: startsAtSchema,
  consultantId: consultantIdSchema
    .optional()
    .describe('Another consultant of the service; left out, the booking keeps its consultant'),
});
export type RescheduleBookingBody = z.infer<typeof rescheduleBookingBodySchema>;

/** `PUT /api/admin/bookings/{id}/consultant`: the consultant the firm moves the booking to. */
export const reassignBookingBodySchema = z.object({
  consultantId: consultantIdSchema.describe('An active consultant who delivers the booking’s service'),
});
export type ReassignBookingBody = z.infer<typeof reassignBookingBodySchema>;

/** One entry of the caller's recent activity: a history entry, with the booking it belongs to. */
export const activityEntrySchema = bookingHistoryEntrySchema.extend({
  booking_id: z.number().int(),
  service_name: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** `GET /api/bookings/activity`: the caller's latest history entries across their own bookings, newest first. */
export const activityResponseSchema = z.object({
  activity: z
    .array(activityEntrySchema)
    .max(maxRecentActivity)
    .describe(`Newest first; at most ${maxRecentActivity}`),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
