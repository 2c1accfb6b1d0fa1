// The consultants' API contract (zod): the admin's record and the public card. The rules are in rules.ts.
import { z } from 'zod';
import { maxPathId } from '../api/pages.ts';
import { idParamsSchema } from '../api/schemas.ts';
import { bookingSchema } from '../bookings/schemas.ts';
import { addDays, isIsoDate } from '../schedule/dates.ts';
import { weeklyHoursSchema } from '../schedule/schemas.ts';
import { textField } from '../text/field.ts';
import { consultantMessages } from './messages.ts';
import { consultantLimits } from './rules.ts';

/** Any other key is refused by name (a typo must not be dropped silently). */
const unknownKey = z
  .unknown()
  .refine(() => false, { error: (issue) => consultantMessages.unknownField(String(issue.path?.at(-1))) });

const ids = (message: string) =>
  z
    .array(z.number({ error: message }).int({ error: message }).positive({ error: message }), {
      error: message,
    })
    .max(consultantLimits.services, { error: message })
    // The same id twice means it once.
    .transform((list) => [...new Set(list)]);

const fields = {
  name: z.string({ error: consultantMessages.nameRequired }).pipe(
    textField({ label: 'Name', max: consultantLimits.name }).min(1, {
      error: consultantMessages.nameRequired,
    }),
  ),
  email: z
    .string({ error: consultantMessages.emailInvalid })
    .trim()
    .max(consultantLimits.email, { error: consultantMessages.emailInvalid })
    .pipe(z.email({ error: consultantMessages.emailInvalid }))
    .describe('Unique among consultants whatever its case'),
  title: textField({ label: 'Title', max: consultantLimits.title }).describe(
    "e.g. 'Senior Database Architect'",
  ),
  bio: textField({ label: 'Bio', max: consultantLimits.bio }).describe('One or two sentences'),
  serviceIds: ids(consultantMessages.serviceIdsInvalid).describe('The services they deliver (ids)'),
  weeklyHours: weeklyHoursSchema
    .nullable()
    .describe("Their own hours, each range within the firm's opening hours; null: the firm's hours"),
  active: z
    .boolean({ error: consultantMessages.activeInvalid })
    .describe('false: retired (not listed, not assigned; their bookings stay)'),
};

/** `POST /api/admin/consultants`. */
export const newConsultantBodySchema = z
  .object({
    name: fields.name,
    email: fields.email,
    title: fields.title.default(''),
    bio: fields.bio.default(''),
    serviceIds: fields.serviceIds,
    weeklyHours: fields.weeklyHours.default(null),
  })
  .catchall(unknownKey);
export type NewConsultantBody = z.infer<typeof newConsultantBodySchema>;

/** `PUT /api/admin/consultants/{id}`: the same fields and `active`; one left out keeps its value. */
export const consultantBodySchema = z
  .object({
    name: fields.name,
    email: fields.email,
    title: fields.title.optional(),
    bio: fields.bio.optional(),
    serviceIds: fields.serviceIds,
    weeklyHours: fields.weeklyHours.optional(),
    active: fields.active.optional(),
  })
  .catchall(unknownKey);
export type ConsultantBody = z.infer<typeof consultantBodySchema>;

const isoDate = z
  .string({ error: consultantMessages.dateInvalid })
  .refine(isIsoDate, consultantMessages.dateInvalid);

/** `POST /api/admin/consultants/{id}/time-off`: both days included. */
export const timeOffBodySchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    reason: z
      .string({ error: consultantMessages.reasonRequired })
      .pipe(
        textField({ label: 'Reason', max: consultantLimits.reason }).min(
          1,
          consultantMessages.reasonRequired,
        ),
      ),
  })
  .catchall(unknownKey)
  .superRefine((timeOff, context) => {
    if (!isIsoDate(timeOff.startDate) || !isIsoDate(timeOff.endDate)) return;
    if (timeOff.endDate < timeOff.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: consultantMessages.timeOffBackwards });
    } else if (timeOff.endDate > addDays(timeOff.startDate, consultantLimits.maxTimeOffDays - 1)) {
      context.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: consultantMessages.timeOffTooLong(consultantLimits.maxTimeOffDays),
      });
    }
  });
export type TimeOffBody = z.infer<typeof timeOffBodySchema>;

export const consultantIdParamsSchema = idParamsSchema('Consultant');
export const timeOffParamsSchema = z.object({
  id: consultantIdParamsSchema.shape.id,
  timeOffId: idParamsSchema('Time off').shape.id,
});

export const timeOffSchema = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

/** A consultant as administrators see them. */
export const adminConsultantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  title: z.string(),
  bio: z.string(),
  service_ids: z.array(z.number().int()).describe('By id'),
  weekly_hours: weeklyHoursSchema.nullable().describe("Their own hours; null: the firm's"),
  active: z.boolean(),
  user_id: z.string().nullable().describe('The account they log in with, if any'),
  time_off: z.array(timeOffSchema).describe('Their time off not yet over, in date order'),
});
export type AdminConsultant = z.infer<typeof adminConsultantSchema>;

export const adminConsultantsResponseSchema = z.object({ consultants: z.array(adminConsultantSchema) });
export const adminConsultantResponseSchema = z.object({ consultant: adminConsultantSchema });
export const timeOffCreatedResponseSchema = z.object({
  timeOff: timeOffSchema,
  affectedBookings: z
    .array(bookingSchema)
    .describe(
      "The consultant's active bookings that start on those days (business time zone), earliest first: kept, for the firm to move or reassign",
    ),
});

/** A consultant as clients see them: active ones only. */
export const publicConsultantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  bio: z.string(),
  service_ids: z.array(z.number().int()),
});
export type PublicConsultant = z.infer<typeof publicConsultantSchema>;

export const consultantsQuerySchema = z.object({
  serviceId: z.coerce
    .number({ error: consultantMessages.serviceIdInvalid })
    .int({ error: consultantMessages.serviceIdInvalid })
    .positive({ error: consultantMessages.serviceIdInvalid })
    .max(maxPathId, { error: consultantMessages.serviceIdInvalid })
    .optional()
    .describe('Only those who deliver this service'),
});
export const publicConsultantsResponseSchema = z.object({ consultants: z.array(publicConsultantSchema) });
