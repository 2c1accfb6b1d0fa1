// The firm's consultants: the public list, and their records, services, hours and time off as administrators
// manage them. Admin routes: 401 signed out, 403 for a client. And a consultant's own bookings, for their account.
import {
  adminConsultantResponseSchema,
  adminConsultantsResponseSchema,
  apiErrorBodySchema,
  apiPaths,
  consultantAreaMessages,
  consultantBodySchema,
  consultantBookingsQuerySchema,
  consultantBookingsResponseSchema,
  consultantIdParamsSchema,
  consultantMessages,
  consultantsQuerySchema,
  maxConsultantBookingsListed,
  maxConsultantRangeDays,
  newConsultantBodySchema,
  publicConsultantsResponseSchema,
  timeOffBodySchema,
  timeOffCreatedResponseSchema,
  timeOffParamsSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminGuardResponses, sessionGuardResponses } from '../../plugins/accounts.ts';
import {
  addTimeOff,
  bookingsDuringTimeOff,
  consultantOwnBookings,
  createConsultant,
  listConsultants,
  listPublicConsultants,
  removeTimeOff,
  updateConsultant,
} from './consultants.service.ts';

export interface ConsultantsRoutesOptions {
  /** The business time zone (BUSINESS_TIMEZONE): which time off is still ahead. */
  timeZone: string;
}

const tags = ['consultants'];
const adminTags = ['admin'];
const invalid = apiErrorBodySchema.describe(
  "A field breaks a rule: errors[{ path, msg }] names it (weeklyHours outside the firm's hours, an unknown service in serviceIds, a bad date)",
);
const duplicate = apiErrorBodySchema.describe(`'${consultantMessages.emailTaken}' (errors names email)`);
const notFound = apiErrorBodySchema.describe(`'${consultantMessages.notFound}'`);
const tooMany = apiErrorBodySchema.describe(
  `'${consultantMessages.emailTaken}' (errors names email), or '${consultantMessages.tooManyConsultants}'`,
);
const tooMuchTimeOff = apiErrorBodySchema.describe(`'${consultantMessages.tooMuchTimeOff}'`);

export async function consultantsRoutes(app: FastifyInstance, options: ConsultantsRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const { timeZone } = options;
  const adminOnly = app.requireRole('admin');

  routes.get(
    apiPaths.consultants.public,
    {
      schema: {
        tags,
        summary: 'The active consultants, by name; ?serviceId= only those who deliver that service',
        querystring: consultantsQuerySchema,
        response: {
          200: publicConsultantsResponseSchema,
          400: apiErrorBodySchema,
          default: apiErrorBodySchema,
        },
      },
    },
    async (request) => ({ consultants: await listPublicConsultants(db, request.query.serviceId) }),
  );

  routes.get(
    apiPaths.consultants.ownBookings,
    {
      // An administrator linked to a consultant's record sees its bookings too; any other, none.
      onRequest: app.requireRole('consultant', 'admin'),
      schema: {
        tags,
        summary: "The signed-in consultant's own bookings starting from one day to another (both included)",
        description:
          'Every status, earliest first, as My Bookings shows a booking. Days are in the business time zone; ' +
          `the range is ${maxConsultantRangeDays} days long or shorter; at most ${maxConsultantBookingsListed} bookings.`,
        querystring: consultantBookingsQuerySchema,
        response: {
          200: consultantBookingsResponseSchema,
          400: apiErrorBodySchema.describe(
            `A bad day as errors[{ path, msg }]: '${consultantAreaMessages.fromInvalid}', '${consultantAreaMessages.toBeforeFrom}', '${consultantAreaMessages.rangeTooLong}'`,
          ),
          ...sessionGuardResponses,
          403: apiErrorBodySchema.describe('Signed in, not a consultant'),
        },
      },
    },
    async (request) => ({
      bookings: await consultantOwnBookings(db, request.caller.id, request.query, timeZone),
    }),
  );

  routes.get(
    apiPaths.consultants.admin,
    {
      onRequest: adminOnly,
      schema: {
        tags: adminTags,
        summary: 'Every consultant, retired ones too, by id, with their services, hours and time off ahead',
        response: { 200: adminConsultantsResponseSchema, ...adminGuardResponses },
      },
    },
    async () => ({ consultants: await listConsultants(db, timeZone) }),
  );

  routes.post(
    apiPaths.consultants.admin,
    {
      onRequest: adminOnly,
      schema: {
        tags: adminTags,
        summary:
          "Adds a consultant; without weeklyHours they work the firm's hours. Recorded with who and when",
        body: newConsultantBodySchema,
        response: {
          201: adminConsultantResponseSchema,
          400: invalid,
          409: tooMany,
          ...adminGuardResponses,
        },
      },
    },
    async (request, reply) => {
      const consultant = await createConsultant(db, request.body, request.caller, timeZone);
      return reply.code(201).send({ consultant });
    },
  );

  routes.put(
    apiPaths.consultants.adminConsultant(':id'),
    {
      onRequest: adminOnly,
      schema: {
        tags: adminTags,
        summary: 'Saves a consultant; title, bio, weeklyHours and active left out keep their values',
        description:
          'active false retires them. weeklyHours null: the firm’s hours. Every change is recorded (who, when, before, after).',
        params: consultantIdParamsSchema,
        body: consultantBodySchema,
        response: {
          200: adminConsultantResponseSchema,
          400: invalid,
          404: notFound,
          409: duplicate,
          ...adminGuardResponses,
        },
      },
    },
    async (request) => ({
      consultant: await updateConsultant(db, request.params.id, request.body, request.caller, timeZone),
    }),
  );

  routes.post(
    apiPaths.consultants.timeOff(':id'),
    {
      onRequest: adminOnly,
      schema: {
        tags: adminTags,
        summary: 'Adds time off (both days included, with a reason); recorded with who and when',
        description:
          'affectedBookings lists the consultant’s active bookings that start on those days: they are kept, for the firm to move them.',
        params: consultantIdParamsSchema,
        body: timeOffBodySchema,
        response: {
          201: timeOffCreatedResponseSchema,
          400: invalid,
          404: notFound,
          409: tooMuchTimeOff,
          ...adminGuardResponses,
        },
      },
    },
    async (request, reply) => {
      const timeOff = await addTimeOff(db, request.params.id, request.body, request.caller, timeZone);
      const affectedBookings = await bookingsDuringTimeOff(db, request.params.id, timeOff, timeZone);
      return reply.code(201).send({ timeOff, affectedBookings });
    },
  );

  routes.delete(
    apiPaths.consultants.timeOffEntry(':id', ':timeOffId'),
    {
      onRequest: adminOnly,
      schema: {
        tags: adminTags,
        summary: 'Removes a consultant’s time off; recorded with who and when',
        params: timeOffParamsSchema,
        response: {
          204: z.null().describe('Removed'),
          400: apiErrorBodySchema,
          404: apiErrorBodySchema.describe(
            `'${consultantMessages.timeOffNotFound}' (also when it is another consultant’s)`,
          ),
          ...adminGuardResponses,
        },
      },
    },
    async (request, reply) => {
      await removeTimeOff(db, request.params.id, request.params.timeOffId, request.caller);
      return reply.code(204).send(null);
    },
  );
}
