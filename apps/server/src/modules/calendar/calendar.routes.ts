// The firm's calendar over HTTP: the schedule and closed dates for administrators (401 signed out, 403 for a
// client), and the public calendar the booking wizard greys out days with.
import {
  accountMessages,
  apiErrorBodySchema,
  calendarApiPaths,
  calendarMessages,
  closureBodySchema,
  closureCreatedResponseSchema,
  closuresResponseSchema,
  idParamsSchema,
  publicCalendarResponseSchema,
  scheduleBodySchema,
  scheduleResponseSchema,
  todayIn,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addClosure,
  calendarChanges,
  listClosures,
  loadFirmCalendar,
  removeClosure,
  saveSchedule,
} from './calendar.service.ts';

export interface CalendarRoutesOptions {
  /** The business time zone (BUSINESS_TIMEZONE). */
  timeZone: string;
}

const tags = ['calendar'];
const guarded = {
  401: apiErrorBodySchema.describe(`Not signed in: '${accountMessages.noActiveSession}'`),
  403: apiErrorBodySchema.describe(`Signed in, not an administrator: '${accountMessages.adminRequired}'`),
  default: apiErrorBodySchema,
};
const invalid = apiErrorBodySchema.describe('Invalid fields as errors[{ path, msg }]');

export async function calendarRoutes(app: FastifyInstance, options: CalendarRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const { timeZone } = options;
  const adminOnly = app.requireRole('admin');

  routes.get(
    calendarApiPaths.calendar,
    {
      schema: {
        tags,
        summary: 'Opening hours, slot step, notice, horizon and the closed dates from today on',
        response: { 200: publicCalendarResponseSchema, default: apiErrorBodySchema },
      },
    },
    async () => {
      const calendar = await loadFirmCalendar(db);
      const today = todayIn(timeZone, new Date());
      return {
        schedule: calendar.schedule,
        closures: calendar.closures
          .filter((closure) => closure.endDate >= today)
          .map(({ startDate, endDate, reason }) => ({ startDate, endDate, reason })),
        timeZone,
      };
    },
  );

  routes.get(
    calendarApiPaths.schedule,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "The firm's schedule and its latest changes",
        response: { 200: scheduleResponseSchema, ...guarded },
      },
    },
    async () => ({
      schedule: (await loadFirmCalendar(db)).schedule,
      changes: await calendarChanges(db, 'schedule'),
    }),
  );

  routes.put(
    calendarApiPaths.schedule,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Replaces the schedule: weekly hours, slot step, buffer, minimum notice, horizon',
        body: scheduleBodySchema,
        response: { 200: scheduleResponseSchema, 400: invalid, ...guarded },
      },
    },
    async (request) => ({
      schedule: await saveSchedule(db, request.caller, request.body.schedule),
      changes: await calendarChanges(db, 'schedule'),
    }),
  );

  routes.get(
    calendarApiPaths.closures,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Every closure, in date order, and the latest changes',
        response: { 200: closuresResponseSchema, ...guarded },
      },
    },
    async () => ({
      closures: await listClosures(db, timeZone),
      changes: await calendarChanges(db, 'closure'),
    }),
  );

  routes.post(
    calendarApiPaths.closures,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Closes a date or a range of dates (both included); lists the active bookings on them',
        body: closureBodySchema,
        response: {
          201: closureCreatedResponseSchema,
          400: invalid,
          409: apiErrorBodySchema.describe(`'${calendarMessages.tooManyClosures}'`),
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return addClosure(db, request.caller, request.body, timeZone);
    },
  );

  routes.delete(
    calendarApiPaths.closure(':id'),
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Opens the dates of a closure again',
        params: idParamsSchema('Closure'),
        response: {
          200: z.object({ message: z.string() }),
          404: apiErrorBodySchema.describe(`'${calendarMessages.closureNotFound}'`),
          ...guarded,
        },
      },
    },
    async (request) => {
      await removeClosure(db, request.caller, request.params.id);
      return { message: calendarMessages.closureRemoved };
    },
  );
}
